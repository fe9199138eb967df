import type { PolicyView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { pageOf, pageRequest } from './pagination.js';

/**
 * Sign-off policies (issue 29; spec 001 §7 "GraphQL query policies (orgId, ruleSubject
 * anesthesiaRecord) returns id, ownerType, ownerId, ruleSubject, ruleType, ruleValue,
 * relevantSedationLevels"). Thin resolvers over PoliciesService; every mutation answers the list.
 */
export const policyTypeDefs = /* GraphQL */ `
  "The subjects a policy governs (spec 001 §7)."
  enum PolicyRuleSubject {
    anesthesiaRecord
  }

  "A sign-off policy: ruleType is a sign-off flag rule id (SO…), ruleValue block, warn or off; ownerType org or parent."
  type Policy {
    id: String!
    ownerType: String!
    ownerId: String!
    ruleSubject: PolicyRuleSubject!
    ruleType: String!
    ruleValue: String!
    relevantSedationLevels: [String!]!
    "False for a parent organisation's policy: the child sees it read-only."
    editable: Boolean!
  }

  extend type Query {
    "The policies governing the organisation: its own, then its parents'."
    policies(orgId: String, ruleSubject: PolicyRuleSubject!, first: Int, after: String): [Policy!]!
  }

  extend type Mutation {
    "Writes the organisation's policy for a rule (replacing its earlier one); administrators only."
    setPolicy(
      orgId: String
      ruleSubject: PolicyRuleSubject!
      ruleType: String!
      ruleValue: String!
      relevantSedationLevels: [String!]
    ): [Policy!]!
    "Deletes one of the organisation's own policies (a parent's: POLICY_NOT_EDITABLE)."
    deletePolicy(orgId: String, id: String!): [Policy!]!
  }
`;

export const policyResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    policies: async (_, args, ctx): Promise<PolicyView[]> => {
      const { first, after, ...rest } = graphqlArgs(args);
      return pageOf(
        await ctx.services.policies.list(await ctx.caller(), rest),
        pageRequest({ first, after }),
        (p) => p.id,
      );
    },
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    setPolicy: async (_, args, ctx): Promise<PolicyView[]> =>
      ctx.services.policies.set(await ctx.caller(), graphqlArgs(args)),
    deletePolicy: async (_, args, ctx): Promise<PolicyView[]> =>
      ctx.services.policies.delete(await ctx.caller(), graphqlArgs(args)),
  }),
};
