import { graphql, RequestError } from '../../../data/graphql.js';

async function newHhx(orgId: string, patientId: string, caseCompositionId: string | null): Promise<string> {
  const args = [
    `orgId: ${JSON.stringify(orgId)}`,
    `patientId: ${JSON.stringify(patientId)}`,
    ...(caseCompositionId ? [`caseCompositionId: ${JSON.stringify(caseCompositionId)}`] : []),
  ].join(', ');
  const data = await graphql<{ newHhx: { id: string } }>(`mutation { newHhx(${args}) { id fhirJSON } }`);
  return data.newHhx.id;
}

/**
 * Starts a health history from a case (spec 001 §7 newHhx with caseCompositionId: the server seeds
 * it from the case's patient-history fields, generatedCategory hhxCaseExtract) and returns its id.
 * The ids go in as string literals, so the call does not depend on how the schema types them.
 *
 * A case booked on the calendar or by the practice system has no anesthesia record Composition
 * yet: the server seeds from its Appointment's case then. A case the server does not know at all
 * (created on this device offline, not yet sent) answers NOT_FOUND: the history is then started
 * for the patient alone (not seeded from the case), so the provider can still record it.
 */
export async function newHealthHistory(orgId: string, patientId: string, caseCompositionId: string): Promise<string> {
  try {
    return await newHhx(orgId, patientId, caseCompositionId);
  } catch (err) {
    if (err instanceof RequestError && err.code === 'NOT_FOUND') return newHhx(orgId, patientId, null);
    throw err;
  }
}
