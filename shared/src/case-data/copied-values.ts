/**
 * The case values spec 002 §3 lists as copied from one case to another ("copied values"), in the
 * spec's order: what a preset saves (PS1) and, less the times of that visit, what a new case
 * copies from the patient's earlier case (CC1). One list, so the two cannot drift apart.
 */
export const CASE_COPIED_VALUES = [
  'sedationLevel',
  'healthyPatient',
  'ivEnabled',
  'airwayEnabled',
  'userRole',
  'asaClassification',
  'surgeonName',
  'sedationProviderName',
  'pregnant',
  'procedureNotes',
  'recoveryNotes',
  'preProcedureRiskAssessment',
  'dischargeScoreType',
  'timeoutEnabled',
  'timeoutText',
  'lastFood',
  'lastDrink',
  'present',
  'recorderName',
  'reasonForSedation',
] as const;
export type CaseCopiedValue = (typeof CASE_COPIED_VALUES)[number];
