import { graphql } from '../../../data/graphql.js';

/**
 * Starts a health history from a case (spec 001 §7 newHhx with caseCompositionId: the server seeds
 * it from the case's patient-history fields, generatedCategory hhxCaseExtract) and returns its id.
 * The ids go in as string literals, so the call does not depend on how the schema types them.
 */
export async function newHealthHistory(orgId: string, patientId: string, caseCompositionId: string): Promise<string> {
  const args = [
    `orgId: ${JSON.stringify(orgId)}`,
    `patientId: ${JSON.stringify(patientId)}`,
    `caseCompositionId: ${JSON.stringify(caseCompositionId)}`,
  ].join(', ');
  const data = await graphql<{ newHhx: { id: string } }>(`mutation { newHhx(${args}) { id fhirJSON } }`);
  return data.newHhx.id;
}
