/**
 * The discharge score's model lives in shared (shared/src/report/discharge.ts) so the printed
 * report computes the same total, vitals score and target as this screen (issue 25).
 */
export {
  caseDischarge,
  dischargeModel,
  DISCHARGE_CHOICE_LABELS,
  DISCHARGE_ITEM_LABELS,
  dischargeChoiceText,
  VITAL_NAMES,
  vitalsEnds,
  vitalsSeries,
  type DischargeModel,
  type VitalsEnds,
} from '@vigil/shared';
