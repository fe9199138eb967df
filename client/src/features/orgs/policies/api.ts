import type { PolicyRuleValue, PolicyView, SedationLevel } from '@vigil/shared';
import { graphql } from '../../../data/graphql.js';

/** A policy as the server answers it (shared views/policies.ts): the spec's fields, and false for a parent's (read-only here). */
export type { PolicyView };

const POLICY = 'id ownerType ownerId ruleSubject ruleType ruleValue relevantSedationLevels editable';

/** GraphQL `policies(orgId, ruleSubject: anesthesiaRecord)` (spec 001 §7): the office's own, then its parents'. */
export async function fetchPolicies(orgId: string): Promise<PolicyView[]> {
  const data = await graphql<{ policies: PolicyView[] }>(
    `query Policies($orgId: String) { policies(orgId: $orgId, ruleSubject: anesthesiaRecord) { ${POLICY} } }`,
    { orgId },
  );
  return data.policies;
}

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
