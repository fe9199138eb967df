import type { LiveCaseView, ParentAppointmentView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { pageRequest } from './pagination.js';

/**
 * Live vitals (issue 38 "Screens", issue 41 "Parent organisation"): the cases in progress with
 * their latest vitals. Thin resolvers over LiveCasesService; what changes after the read comes
 * over the organisation's live-event stream (`liveVitals` events).
 */
export const liveTypeDefs = /* GraphQL */ `
  "One vital's newest value and when it was measured (epoch ms)."
  type LiveVital {
    type: String!
    value: Float!
    time: Float!
  }

  "A case in progress: its office, patient, provider and place, and its latest vitals (times in epoch ms)."
  type LiveCase {
    caseId: String!
    orgId: String!
    orgName: String!
    patient: String!
    provider: String
    place: String
    startedAt: Float
    lastReadingAt: Float
    monitorLabel: String
    simulated: Boolean!
    vitals: [LiveVital!]!
    updatedAt: Float!
  }

  "An appointment of a parent's office on the parent's calendar (times in epoch ms)."
  type ParentAppointment {
    id: String!
    orgId: String!
    orgName: String!
    start: Float!
    end: Float
    status: String!
    finalized: Boolean!
    description: String
    patient: String!
    provider: String
    place: String
  }

  extend type Query {
    "The office's cases in progress, ordered by case id (after: the last row's orgId/caseId); its members."
    liveCases(orgId: String, first: Int, after: String): [LiveCase!]!
    "The cases in progress of every office a parent oversees, by office then case; whoever administers the parent."
    parentLiveCases(parentOrgId: String, first: Int, after: String): [LiveCase!]!
    "The appointments of a parent's offices starting in [from, to) (at most 62 days), one office's with orgId, by start; whoever administers the parent."
    parentAppointments(
      parentOrgId: String
      from: Float!
      to: Float!
      orgId: String
      first: Int
      after: String
    ): [ParentAppointment!]!
  }
`;

export const liveResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    liveCases: async (_, args, ctx): Promise<LiveCaseView[]> =>
      ctx.services.live.list(await ctx.caller(), { ...graphqlArgs(args), ...pageRequest(args) }),
    parentLiveCases: async (_, args, ctx): Promise<LiveCaseView[]> =>
      ctx.services.live.parentList(await ctx.caller(), { ...graphqlArgs(args), ...pageRequest(args) }),
    parentAppointments: async (_, args, ctx): Promise<ParentAppointmentView[]> =>
      ctx.services.parentCalendar.appointments(await ctx.caller(), { ...graphqlArgs(args), ...pageRequest(args) }),
  }),
};
