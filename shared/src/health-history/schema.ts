import { z } from 'zod';
import { caseDataShape } from '../case-data/schema.js';

/**
 * The health history document (spec 001 §3; spec 002 §3 "Health history record"): a Composition
 * (LOINC 35089-2) whose content is a Yjs document like a case's, with its own root map. Its
 * patient-history fields carry the same names and the same field schemas as the case's, so copying
 * a history into a case (spec 001 §4) is a copy of keys.
 */

/** Root map of a health history document: every field below is one key of it. */
export const HEALTH_HISTORY_ROOT = 'healthHistory';

// The Composition type of a health history is HEALTH_HISTORY_TYPE (fhir/composition.ts, 35089-2).

/** The patient-history fields the case and the health history share (spec 001 §3, spec 002 §3). */
export const PATIENT_HISTORY_FIELDS = [
  'height',
  'weight',
  'height_raw',
  'weight_raw',
  'asaClassification',
  'mallampati',
  'brodsky',
  'ulbt',
  'tmd',
  'iid',
  'lungAuscultation',
  'heartAuscultation',
  'allergiesSummary',
  'hospitalizationSummary',
  'surgicalHistorySummary',
  'anesthesiaHistorySummary',
  'familyAnesthesiaHistorySummary',
  'healthHistorySummary',
  'healthHistoryNotes',
  'medications',
  'medicationsText',
  'medicalConsult',
  'medicalConsultNotes',
  'pregnant',
  'pregnancyDetail',
  'breastfeeding',
  'breastfeedingInstructionsGiven',
  'systemsReview',
  'systemsReviewSkipped',
] as const;
export type PatientHistoryField = (typeof PATIENT_HISTORY_FIELDS)[number];

function buildHealthHistorySchema() {
  const caseShape = caseDataShape();
  const shared = Object.fromEntries(PATIENT_HISTORY_FIELDS.map((k) => [k, caseShape[k]])) as {
    [K in PatientHistoryField]: (typeof caseShape)[K];
  };
  const text = z.string().nullish();
  const time = z.union([z.number(), z.string().refine((s) => !Number.isNaN(Date.parse(s)))]);
  /** A structured allergy (spec 002 §2 Allergies tab): what, the reaction and how bad. */
  const allergy = z.looseObject({
    id: z.string(),
    substance: z.string(),
    reaction: text,
    severity: z.enum(['mild', 'moderate', 'severe']).nullish(),
  });
  return z.looseObject({
    schemaVersion: z.number().int().nonnegative().optional(),
    ...shared,
    /** Structured allergies beside allergiesSummary (NKDA, or the summary of these entries). */
    allergies: z.array(allergy).nullish(),
    /** Pre-op vitals (spec 002 §2): manual entries shaped like the case's manualVitals. */
    manualVitals: caseShape.manualVitals,
    /** Editor tabs the user skipped (spec 002 §4 "Incomplete sections can be skipped"). */
    skippedSections: z.array(z.string()).nullish(),
    /** Sign and Complete by a provider (spec 002 §4). */
    finalReportSignature: text,
    finalReportSignatureTime: time.nullish(),
    finalReportSignerName: text,
    /** Mark Complete by a user who cannot sign (spec 002 §4, §6). */
    markedCompleteTime: time.nullish(),
    markedCompleteByName: text,
  });
}

/** [HH13] The health history document's content (spec 002 §3). */
export const healthHistorySchema = z.lazy(buildHealthHistorySchema);

export type HealthHistoryData = z.infer<typeof healthHistorySchema>;
