import type { FinalizedHhxView, MergeFact, NewHhxView } from '@vigil/shared';
import { graphql } from '../../data/graphql.js';

/** A health history the server created: its id and its Composition (JSON). */
export type NewHhxResult = NewHhxView;

/** What finalizing a history returned: the signed content's hash, the time (epoch ms, as the SDL's Float), the server's update. */
export type FinalizeHhxResult = FinalizedHhxView;

/** Starts a health history for a patient (spec 001 §7 newHhx); from a case when `caseCompositionId` is given. */
export async function newHhx(orgId: string, patientId: string, caseCompositionId?: string): Promise<NewHhxResult> {
  const data = await graphql<{ newHhx: NewHhxResult }>(
    `
      mutation NewHhx($orgId: String!, $patientId: String!, $caseCompositionId: String) {
        newHhx(orgId: $orgId, patientId: $patientId, caseCompositionId: $caseCompositionId) {
          id
          fhirJSON
        }
      }
    `,
    { orgId, patientId, ...(caseCompositionId ? { caseCompositionId } : {}) },
  );
  return data.newHhx;
}

/** Signs (with a signature) or marks complete (without one) a health history (spec 001 §7 finalizeHhx). */
export async function finalizeHhx(
  orgId: string,
  compositionId: string,
  signature?: string,
): Promise<FinalizeHhxResult> {
  const data = await graphql<{ finalizeHhx: FinalizeHhxResult }>(
    `
      mutation FinalizeHhx($orgId: String!, $compositionId: String!, $signature: String) {
        finalizeHhx(orgId: $orgId, compositionId: $compositionId, signature: $signature) {
          checkSum
          time
          updateJSON
        }
      }
    `,
    { orgId, compositionId, ...(signature ? { signature } : {}) },
  );
  return data.finalizeHhx;
}

/** Update Health History: copies a finished history into a new one to edit (spec 002 §4). */
export async function copyHhx(orgId: string, compositionId: string): Promise<NewHhxResult> {
  const data = await graphql<{ copyHhx: NewHhxResult }>(
    `
      mutation CopyHhx($orgId: String!, $compositionId: String!) {
        copyHhx(orgId: $orgId, compositionId: $compositionId) {
          id
          fhirJSON
        }
      }
    `,
    { orgId, compositionId },
  );
  return data.copyHhx;
}

/** Merges a patient's answers into a health history (mergeHhx, issue 28): only the allergies and medications ticked, by index, and the stated facts ticked (HM5). */
export async function mergeHhx(
  orgId: string,
  answersId: string,
  targetId: string | null,
  choice: { allergies: number[]; medications: number[]; facts: MergeFact[] },
): Promise<NewHhxResult> {
  const data = await graphql<{ mergeHhx: NewHhxResult }>(
    `
      mutation MergeHhx(
        $orgId: String!
        $answersId: String!
        $targetId: String
        $allergies: [Int!]!
        $medications: [Int!]!
        $facts: [String!]
      ) {
        mergeHhx(
          orgId: $orgId
          answersId: $answersId
          targetId: $targetId
          allergies: $allergies
          medications: $medications
          facts: $facts
        ) {
          id
          fhirJSON
        }
      }
    `,
    { orgId, answersId, targetId, ...choice },
  );
  return data.mergeHhx;
}
