import type { EmrConnectionView, EmrWriteBackView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';

/**
 * The office's EMR connection (issue 42): the SMART EHR launch's client registration and the
 * write-backs of signed records. Its administrators only. Times are epoch ms.
 */
export const emrTypeDefs = /* GraphQL */ `
  "The office's EMR: its FHIR base (SMART iss) and Vigil's client id there; the secret is never answered."
  type EmrConnection {
    iss: String!
    clientId: String!
    hasClientSecret: Boolean!
    "The redirect URI path to register at the EMR (on this server's address)."
    redirectPath: String!
    "The launch URL path the EMR opens (with iss and launch)."
    launchPath: String!
    updatedAt: Float!
  }

  "A signed record written back to the EMR (case.finalized or addendum.signed) and its attempts."
  type EmrWriteBack {
    id: String!
    compositionId: String!
    event: String!
    status: String!
    attempts: Int!
    nextAttemptAt: Float
    lastError: String
    written: [String!]!
    createdAt: Float!
    updatedAt: Float!
  }

  extend type Query {
    emrConnection(orgId: String!): EmrConnection
    "The latest 50 write-backs, newest first."
    emrWriteBacks(orgId: String!): [EmrWriteBack!]!
  }

  extend type Mutation {
    "Sets the office's EMR connection; CONFLICT when another office has that EMR. clientSecret null: a public client."
    setEmrConnection(orgId: String!, iss: String!, clientId: String!, clientSecret: String): EmrConnection!
    removeEmrConnection(orgId: String!): Boolean!
  }
`;

export const emrResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    emrConnection: async (_, args, ctx): Promise<EmrConnectionView | null> =>
      ctx.services.emrConnections.connection(await ctx.caller(), graphqlArgs(args)),
    emrWriteBacks: async (_, args, ctx): Promise<EmrWriteBackView[]> =>
      ctx.services.emrConnections.writeBacks(await ctx.caller(), graphqlArgs(args)),
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    setEmrConnection: async (_, args, ctx): Promise<EmrConnectionView> =>
      ctx.services.emrConnections.set(await ctx.caller(), graphqlArgs(args)),
    removeEmrConnection: async (_, args, ctx): Promise<boolean> =>
      ctx.services.emrConnections.remove(await ctx.caller(), graphqlArgs(args)),
  }),
};
