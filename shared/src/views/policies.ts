import { z } from 'zod';
import { SEDATION_LEVELS } from '../enums.js';
import { POLICY_OWNER_TYPES, POLICY_RULE_SUBJECTS, POLICY_RULE_VALUES } from '../rules/policies.js';

/*
 * The policies API's GraphQL view (spec 001 §6, §7), written once as a zod schema (issue 36
 * item 5); views-sdl.test.ts holds it against sync-server/src/graphql/policies.ts.
 */

/** A policy as GraphQL answers it: the spec's fields (rules/policies.ts Policy) and whether this organisation may change it. */
export const policyViewSchema = z.object({
  id: z.string(),
  ownerType: z.enum(POLICY_OWNER_TYPES),
  ownerId: z.string(),
  ruleSubject: z.enum(POLICY_RULE_SUBJECTS),
  ruleType: z.string(),
  ruleValue: z.enum(POLICY_RULE_VALUES),
  relevantSedationLevels: z.array(z.enum(SEDATION_LEVELS)),
  editable: z.boolean(),
});
export type PolicyView = z.infer<typeof policyViewSchema>;
