import { z } from 'zod';
import {
  AIRWAY_TYPES,
  DISCHARGE_SCORE_TYPES,
  DRUG_ROUTES,
  LOCAL_DOSE_UNITS,
  SEDATION_LEVELS,
  SEDATION_LEVEL_LABELS,
  SYSTEMS_REVIEW_CATEGORIES,
  USER_ROLES,
} from '../enums.js';
import { isSafeWaveSvg } from './wave-svg.js';

/**
 * The case data definition (spec 001 §3, §5; spec 002 §3), schema version 2. Every object is
 * loose: keys the spec does not name are kept, never dropped. Every field is optional and may be
 * null (cleared), because a case is charted a little at a time.
 */

/** Messages and the issue codes they map to; texts quoted by the spec are exact. */
export const CASE_DATA_MESSAGES = {
  invalidValue: 'Invalid value',
  measurement: 'Value must have value and optional raw properties',
  positiveInteger: 'Must be a positive integer',
  missingDrugName: 'Every drug used must have a name',
  referral: 'Referral needs name, member id and time',
  signature: 'Signatures need name, signature and time',
  dilution: 'Custom dilutions need variantId and percent',
  waveSvg: 'Wave svg must contain only svg, rect and path elements and no event-handler attributes',
  time: 'Invalid time',
  nonNegative: 'Must not be negative',
} as const;

export const CASE_DATA_CODES: Readonly<Record<string, string>> = {
  [CASE_DATA_MESSAGES.invalidValue]: 'INVALID_VALUE',
  [CASE_DATA_MESSAGES.measurement]: 'INVALID_MEASUREMENT',
  [CASE_DATA_MESSAGES.positiveInteger]: 'INVALID_POSITIVE_INTEGER',
  [CASE_DATA_MESSAGES.missingDrugName]: 'MISSING_DRUG_NAME',
  [CASE_DATA_MESSAGES.referral]: 'INVALID_REFERRAL',
  [CASE_DATA_MESSAGES.signature]: 'INVALID_SIGNATURE',
  [CASE_DATA_MESSAGES.dilution]: 'INVALID_DILUTION',
  [CASE_DATA_MESSAGES.waveSvg]: 'INVALID_WAVE_SVG',
  [CASE_DATA_MESSAGES.time]: 'INVALID_TIME',
  [CASE_DATA_MESSAGES.nonNegative]: 'NEGATIVE_AMOUNT',
};

const M = CASE_DATA_MESSAGES;

/** A time: epoch ms or an ISO date-time string. */
const time = (message: string = M.time) =>
  z.union(
    [
      z.number({ error: message }),
      z.string({ error: message }).refine((s) => !Number.isNaN(Date.parse(s)), { error: message }),
    ],
    {
      error: message,
    },
  );

/** [CD1] Height and weight: a value with an optional raw text (spec 001 §3, §5). */
export const measurementSchema = z.lazy(() =>
  z.strictObject(
    {
      value: z.number({ error: M.measurement }),
      raw: z.string({ error: M.measurement }).optional(),
    },
    { error: M.measurement },
  ),
);

/** [CD13] The source of a carried height or weight: its Observation (when known) and when it was measured. */
export const measurementSourceSchema = z.lazy(() =>
  z.object({ observationId: z.string().nullable(), time: z.string().min(1) }),
);

/**
 * Builds the case data schema on its first use: zod constructs each schema as it is declared, and
 * a tablet opening a case would otherwise pay for the whole definition before its first frame.
 */
/** Builds the case data schema; its shape's patient-history fields are shared with the health history. */
function buildCaseDataSchema() {
  const text = z.string().nullish();
  const flag = z.boolean().nullish();
  const num = z.number().nullish();
  const positiveInteger = z
    .number({ error: M.positiveInteger })
    .int({ error: M.positiveInteger })
    .positive({ error: M.positiveInteger })
    .nullish();
  /** [CD11] A local dose amount, mg, cartridges or epinephrine mg: a finite number, 0 or more. */
  const nonNegative = z
    .number()
    .refine((n) => Number.isFinite(n) && n >= 0, { error: M.nonNegative })
    .nullish();
  const coded = <const T extends readonly [string, ...string[]]>(values: T) =>
    z.enum(values, { error: M.invalidValue }).nullish();
  const nonEmpty = (message: string) => z.string({ error: message }).refine((s) => s.trim() !== '', { error: message });

  const checklistItem = z.looseObject({ label: text, order: num, complete: flag });
  const position = z.looseObject({ name: text, time: time().nullish() });
  const signature = z.looseObject(
    { name: nonEmpty(M.signature), signature: nonEmpty(M.signature), time: time(M.signature) },
    { error: M.signature },
  );
  const wave = z.looseObject({
    name: text,
    time: time().nullish(),
    type: text,
    svg: z.string({ error: M.waveSvg }).refine(isSafeWaveSvg, { error: M.waveSvg }),
  });
  const dose = z.looseObject({
    drugId: z.union([z.string(), z.number()]).nullish(),
    route: coded(DRUG_ROUTES),
    amount: num,
    amount_raw: text,
    unit: text,
    time: time().nullish(),
    isPreProcedure: flag,
    isComplete: flag,
    perKg: num,
    pctOfMax: num,
  });
  const totals = z.looseObject({
    total: num,
    wasted: num,
    totalDrawn: num,
    givenDuringProcedure: num,
    maxDose: z.unknown().optional(),
  });
  const drug = z.looseObject(
    { name: nonEmpty(M.missingDrugName), doses: z.array(dose).nullish(), totals: totals.nullish() },
    { error: M.missingDrugName },
  );
  const localDose = z.looseObject({
    id: text,
    drugVariantId: text,
    time: time().nullish(),
    amount: nonNegative,
    amount_raw: text,
    unit: coded(LOCAL_DOSE_UNITS),
    epiConcentration: num,
    cartridges: nonNegative,
    mg: nonNegative,
    epiMg: nonNegative,
    shouldStartCase: flag,
  });
  const customDilution = z.looseObject(
    { variantId: nonEmpty(M.dilution), percent: z.number({ error: M.dilution }).positive({ error: M.dilution }) },
    { error: M.dilution },
  );
  const preMed = z.looseObject({
    drugId: z.union([z.string(), z.number()]).nullish(),
    drugName: text,
    route: text,
    dosage: z.union([z.number(), z.string()]).nullish(),
    unit: text,
    time: time().nullish(),
    editing: flag,
  });
  const infusionDrug = z.looseObject(
    {
      name: nonEmpty(M.missingDrugName),
      unit: text,
      bolusUnit: text,
      pumpKg: num,
      boluses: z.array(z.unknown()).nullish(),
      infusions: z.array(z.unknown()).nullish(),
      total: num,
      wasted: num,
    },
    { error: M.missingDrugName },
  );
  const solution = z.looseObject({
    bagId: z.union([z.string(), z.number()]).nullish(),
    name: text,
    amount: positiveInteger,
  });
  const ivSite = z.looseObject({
    id: text,
    side: text,
    name: text,
    needleGauge: z.union([z.string(), z.number()]).nullish(),
    attempts: z.number().int().nonnegative().nullish(),
    securedWith: text,
    time: time().nullish(),
    timeRemoved: time().nullish(),
    solutions: z.array(solution).nullish(),
    syringeFlushes: z.array(z.unknown()).nullish(),
  });
  const airway = z.looseObject({ type: coded(AIRWAY_TYPES) });
  const referral = z.looseObject(
    { name: nonEmpty(M.referral), memId: nonEmpty(M.referral), time: time(M.referral) },
    { error: M.referral },
  );
  const systemsReviewCategory = z.looseObject({
    hasEntries: flag,
    entries: z.array(z.unknown()).nullish(),
    editing: flag,
    details: z.unknown().optional(),
  });
  const manualVital = z.looseObject({
    id: text,
    time: time().nullish(),
    /** The temperature unit the reading was entered in (VT10); absent in older data. */
    temperatureUnit: coded(['C', 'F']),
    vitals: z.record(z.string(), z.number().nullable()).nullish(),
  });
  const vitalsRecord = z.looseObject({
    lastUpdated: time().nullish(),
    simulated: flag,
    monitorLabel: text,
    selectedVitals: z.unknown().optional(),
    vitals: z.unknown().optional(),
  });

  /** [CD16] A sign-off override (issue 29), written by the server at finalize; the server stamps user, name and time. */
  const signoffOverride = z.looseObject({
    flagKey: z.string(),
    flagId: z.string(),
    message: text,
    reason: z.string(),
    userId: z.string(),
    name: z.string(),
    time: time(),
  });

  const sedationLevels = [...SEDATION_LEVELS, ...Object.values(SEDATION_LEVEL_LABELS)] as [string, ...string[]];

  return z.looseObject({
    schemaVersion: z.number().int().nonnegative().optional(),
    // Identity and procedure
    sedationLevel: coded(sedationLevels),
    procedure: text,
    procedureDate: text,
    userRole: coded(USER_ROLES),
    surgeonName: text,
    sedationProviderName: text,
    recorderName: text,
    present: text,
    reasonForSedation: text,
    lastFood: text,
    lastDrink: text,
    procedureNotes: text,
    recoveryNotes: text,
    preProcedureRiskAssessment: text,
    timeoutEnabled: flag,
    timeoutText: z.union([z.string(), z.array(z.string())]).nullish(),
    rfr: referral.nullish(),
    finalRoomAirSpO2: positiveInteger,
    startedOnRoomAir: flag,
    ebl: positiveInteger,
    // [CD18] The last fields the report prints (issue 39; spec 002 §3 report data): a companion,
    // the separate pre-op page flag, other local anesthetics (text, or a list an older build wrote)
    // and the notes' signatures (name, drawn path, time, as every signature).
    responsibleCompanion: text,
    separatePreOpPage: flag,
    otherLocalAnesthetics: z.union([z.string(), z.array(z.looseObject({ name: text }))]).nullish(),
    procedureNotesSignature: signature.nullish(),
    recoveryNotesSignature: signature.nullish(),
    // The case took the office's checklists once (issue 39, client/src/case/fields.ts).
    officeChecklistsApplied: flag,
    // Switches
    ivEnabled: flag,
    airwayEnabled: flag,
    calculateDrugWaste: flag,
    vitalsTrackingEnabled: flag,
    // [CD15] Cardiovascular disease for the epinephrine limit (issue 29, EP2): null follows the health history.
    cardiacDisease: flag,
    // [CD17] The local anesthetic limit set chosen for the case in the L.A. tracker (LA19); null: the age default.
    localAnestheticLimits: coded(['aapd', 'manufacturer']),
    // Patient history
    height: measurementSchema.nullish(),
    weight: measurementSchema.nullish(),
    // Where a height or weight carried from the patient's record came from (issue 25); null once
    // typed on the case. Separate keys: a build that predates them keeps them as unknown keys.
    heightSource: measurementSourceSchema.nullish(),
    weightSource: measurementSourceSchema.nullish(),
    height_raw: text,
    weight_raw: text,
    asaClassification: coded(['1', '2', '3', '4', 'other']),
    mallampati: coded(['I', 'II', 'III', 'IV', 'Class I', 'Class II', 'Class III', 'Class IV']),
    brodsky: coded(['0', '1+', '2+', '3+', '4+']),
    ulbt: coded(['1', '2', '3', 'Class 1', 'Class 2', 'Class 3']),
    tmd: z.union([z.number().nonnegative(), z.string()]).nullish(),
    iid: z.union([z.number().nonnegative(), z.string()]).nullish(),
    lungAuscultation: text,
    heartAuscultation: text,
    allergiesSummary: text,
    hospitalizationSummary: text,
    surgicalHistorySummary: text,
    anesthesiaHistorySummary: text,
    familyAnesthesiaHistorySummary: text,
    healthHistorySummary: text,
    healthHistoryNotes: text,
    medications: z.array(z.looseObject({ id: z.unknown().optional(), name: text })).nullish(),
    medicationsText: text,
    medicalConsult: flag,
    medicalConsultNotes: text,
    pregnant: z.union([z.string(), z.boolean()]).nullish(),
    pregnancyDetail: text,
    breastfeeding: z.union([z.string(), z.boolean()]).nullish(),
    breastfeedingInstructionsGiven: flag,
    systemsReview: z
      .partialRecord(z.enum(SYSTEMS_REVIEW_CATEGORIES, { error: M.invalidValue }), systemsReviewCategory)
      .nullish(),
    systemsReviewSkipped: flag,
    // Checklists, positions, signatures, waves
    preOpChecklist: z.array(checklistItem).nullish(),
    optChecks: z.array(checklistItem).nullish(),
    positions: z.array(position).nullish(),
    signatures: z.array(signature).nullish(),
    waves: z.array(wave).nullish(),
    // Vitals, drugs, IV, airways, events, discharge
    vitalsRecords: z.array(vitalsRecord).nullish(),
    // [MR1] Compact monitor readings and their monitors' headers (issue 38, readings.ts); a newer
    // build's entries and headers are kept, not refused.
    vitalsReadings: z.array(z.record(z.string(), z.unknown())).nullish(),
    vitalsMonitors: z.record(z.string(), z.looseObject({ v: z.number() })).nullish(),
    manualVitals: z.array(manualVital).nullish(),
    drugsAdministered: z.array(drug).nullish(),
    drugDosage: z.partialRecord(z.enum(DRUG_ROUTES, { error: M.invalidValue }), z.unknown()).nullish(),
    localDoses: z.array(localDose).nullish(),
    customDilutions: z.array(customDilution).nullish(),
    preMeds: z.array(preMed).nullish(),
    infusionDrugs: z.array(infusionDrug).nullish(),
    ivSites: z.array(ivSite).nullish(),
    airways: z.array(airway).nullish(),
    events: z.record(z.string(), time().nullable()).nullish(),
    dischargeScoreType: coded(DISCHARGE_SCORE_TYPES),
    dischargeScoreEntries: z.record(z.string(), z.looseObject({ score: z.number().nullish() })).nullish(),
    // Sign-off overrides (issue 29): the list the server writes at finalize, replacing any other.
    signoffOverrides: z.array(signoffOverride).nullish(),
  });
}

/** The case data schema's fields, each with its schema: the health history shares its patient-history ones. */
export function caseDataShape(): ReturnType<typeof buildCaseDataSchema>['shape'] {
  return buildCaseDataSchema().shape;
}

/** [CD2] The case data definition (spec 001 §3, §5; spec 002 §3). */
export const caseDataSchema = z.lazy(buildCaseDataSchema);

export type CaseData = z.infer<typeof caseDataSchema>;
