import type { FeedbackView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { pageRequest } from './pagination.js';

/**
 * Help / Feedback (issue 40; spec 000 §2 the helpFeedback modal). Thin resolvers over
 * FeedbackService: any signed-in user sends; the team lists.
 */
export const feedbackTypeDefs = /* GraphQL */ `
  "A Help / Feedback message as the team reads it (at: epoch ms; recentActions: the JSON log, spec 002 §9)."
  type FeedbackMessage {
    id: String!
    at: Float!
    userId: String!
    userName: String!
    email: String!
    orgId: String
    message: String!
    page: String!
    appVersion: String!
    recentActions: String!
  }

  extend type Query {
    "Help / Feedback messages, newest first (after: the last message's id); internal staff only."
    feedbackMessages(first: Int, after: String): [FeedbackMessage!]!
  }

  extend type Mutation {
    "Sends the team a Help / Feedback message from the page the user is on; answers its id."
    sendFeedback(message: String!, page: String!, appVersion: String!, recentActions: String!, orgId: String): String!
  }
`;

export const feedbackResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    feedbackMessages: async (_, args, ctx): Promise<FeedbackView[]> =>
      ctx.services.feedback.list(await ctx.caller(), pageRequest(args)),
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    sendFeedback: async (_, args, ctx): Promise<string> =>
      ctx.services.feedback.send(await ctx.caller(), graphqlArgs(args)),
  }),
};
