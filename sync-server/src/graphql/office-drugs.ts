import type { OfficeDrugsView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';

/**
 * The office's drug list (issue 39; /org/{orgId}/customize-drugs; shared OD1–OD4). Thin
 * resolvers over OfficeDrugsService; the mutation answers the list as kept. The list is one
 * bounded settings document (at most 200 drugs), answered whole like the checklists.
 */
export const officeDrugTypeDefs = /* GraphQL */ `
  "A maximum an office entered for one of its own drugs, with its source (OD4)."
  type OfficeDrugMaximum {
    unit: String!
    perKg: Float
    absolute: Float
    source: String!
  }

  "A drug of the office's list: a catalogue drug (custom false) or one the office added (id custom-…)."
  type OfficeDrug {
    id: String!
    "oral, parenteral, local or inhalation."
    category: String!
    name: String!
    custom: Boolean!
    unit: String
    routes: [String!]!
    commonDoses: [Float!]!
    maximum: OfficeDrugMaximum
  }

  "The office's drug list and, read-only, its parent organisations' (OD2)."
  type OfficeDrugs {
    drugs: [OfficeDrug!]!
    inherited: [OfficeDrug!]!
    inheritedFrom: [String!]!
    editable: Boolean!
  }

  input OfficeDrugMaximumInput {
    unit: String!
    perKg: Float
    absolute: Float
    source: String!
  }

  input OfficeDrugInput {
    id: String!
    category: String!
    name: String!
    custom: Boolean!
    unit: String
    routes: [String!]!
    commonDoses: [Float!]!
    maximum: OfficeDrugMaximumInput
  }

  extend type Query {
    "The office's drug list with its parents': its members read it."
    officeDrugs(orgId: String): OfficeDrugs!
  }

  extend type Mutation {
    "Replaces the office's own drug list (at most 200; MISSING_DRUG_NAME for an own drug without a name); whoever administers the organization."
    setOfficeDrugs(orgId: String, drugs: [OfficeDrugInput!]!): OfficeDrugs!
  }
`;

export const officeDrugResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    officeDrugs: async (_, args, ctx): Promise<OfficeDrugsView> =>
      ctx.services.officeDrugs.get(await ctx.caller(), graphqlArgs(args)),
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    setOfficeDrugs: async (_, args, ctx): Promise<OfficeDrugsView> =>
      ctx.services.officeDrugs.set(await ctx.caller(), graphqlArgs(args)),
  }),
};
