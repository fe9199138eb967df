import type { PolicyRuleValue, PolicyView, SedationLevel } from '@vigil/shared';
import { graphql } from '../../../data/graphql.js';
import { POLICY_FIELDS as POLICY } from '../../../data/policies.js';

/** A policy as the server answers it (shared views/policies.ts): the spec's fields, and false for a parent's (read-only here). */
export type { PolicyView };

/** Writes the office's policy for a sign-off rule (replacing its earlier one); answers the list. */
export async function savePolicy(
  orgId: string,
  ruleType: string,
  ruleValue: PolicyRuleValue,
  levels: readonly SedationLevel[],
): Promise<PolicyView[]> {
  const data = await graphql<{ setPolicy: PolicyView[] }>(
    `mutation SetPolicy($orgId: String, $ruleType: String!, $ruleValue: String!, $levels: [String!]) {
      setPolicy(orgId: $orgId, ruleSubject: anesthesiaRecord, ruleType: $ruleType, ruleValue: $ruleValue,
        relevantSedationLevels: $levels) { ${POLICY} }
    }`,
    { orgId, ruleType, ruleValue, levels },
  );
  return data.setPolicy;
}

/** Deletes one of the office's own policies (the rule goes back to the default); answers the list. */
export async function deletePolicy(orgId: string, id: string): Promise<PolicyView[]> {
  const data = await graphql<{ deletePolicy: PolicyView[] }>(
    `mutation DeletePolicy($orgId: String, $id: String!) { deletePolicy(orgId: $orgId, id: $id) { ${POLICY} } }`,
    { orgId, id },
  );
  return data.deletePolicy;
}
