import type { OrgChecklistsView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';

/**
 * The office's checklists (issue 39; spec 001 §3 preOpChecklist and optChecks, spec 002 §4
 * checklist form). Thin resolvers over OrgChecklistsService; the mutation answers both lists.
 */
export const checklistTypeDefs = /* GraphQL */ `
  "The office's checklists a new case starts with: null for a list the office never saved."
  type OrgChecklists {
    preOpChecklist: [String!]
    optChecks: [String!]
  }

  "The two checklists an office keeps (spec 001 §3)."
  enum OrgChecklistKind {
    preOpChecklist
    optChecks
  }

  extend type Query {
    "The office's checklists: its members read them."
    orgChecklists(orgId: String): OrgChecklists!
  }

  extend type Mutation {
    "Replaces one of the office's checklists (1 to 100 items); whoever administers the organization."
    setOrgChecklist(orgId: String, kind: OrgChecklistKind!, items: [String!]!): OrgChecklists!
  }
`;

export const checklistResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    orgChecklists: async (_, args, ctx): Promise<OrgChecklistsView> =>
      ctx.services.checklists.get(await ctx.caller(), graphqlArgs(args)),
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    setOrgChecklist: async (_, args, ctx): Promise<OrgChecklistsView> =>
      ctx.services.checklists.set(await ctx.caller(), graphqlArgs(args)),
  }),
};
