import { z } from 'zod';
import { AIRWAY_TYPES, DRUG_ROUTES, LOCAL_DOSE_UNITS } from '../enums.js';
import type { InfusionRateUnit } from '../rules/drugs.js';
import type { CASE_STRUCTURE_GROUPS } from '../sync/protocol.js';

/**
 * [CD14] The entries of the case document's lists as this build writes them (spec 001 §3, spec
 * 002 §3): one schema per list, the one place their shape is written; the client's record types
 * are `z.infer` of these. They are stricter than caseDataSchema (which also reads older and other
 * builds' data), and every entry they describe passes caseDataSchema (entries.test.ts). Times are
 * epoch ms.
 */

const epochMs = z.number();
const MASS_UNITS = ['g', 'mg', 'mcg'] as const;
const massUnit = z.enum(MASS_UNITS);
const RATE_UNIT = /^(g|mg|mcg)\/(kg\/)?(min|hr)$/;
const rateUnit = z.custom<InfusionRateUnit>((v) => typeof v === 'string' && RATE_UNIT.test(v));

/** ECG leads of a captured waveform (spec 002 §3). */
export const ECG_LEADS = ['I', 'II', 'III', 'AVR', 'AVL', 'AVF', 'V1', 'V2', 'V3', 'V4', 'V5', 'V6'] as const;
/** Waveforms of spec 002 §3: pleth, etco2, respirogram and the 12 ECG leads. */
export const WAVE_TYPES = ['pleth', 'etco2', 'respirogram', ...ECG_LEADS] as const;

/** A charted dose (spec 001 §3 "Dose (parenteral, oral)"). */
export const doseRecordSchema = z.object({
  drugId: z.string(),
  route: z.enum(DRUG_ROUTES),
  amount: z.number(),
  amount_raw: z.string(),
  unit: z.string(),
  time: epochMs,
  isPreProcedure: z.boolean(),
  isComplete: z.boolean(),
  perKg: z.number().nullable(),
});

/**
 * One entry of `drugsAdministered`: a drug (name, doses) holding one dose given, or one amount
 * drawn up (for waste); totals are summed over a drug's entries.
 */
export const drugEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  drugId: z.string(),
  doses: z.array(doseRecordSchema).optional(),
  drawn: z.object({ amount: z.number(), unit: z.string(), time: epochMs }).optional(),
});

/** One entry of `preMeds` (spec 001 §3 "Pre-med"). */
export const preMedEntrySchema = z.object({
  id: z.string(),
  drugId: z.string(),
  drugName: z.string(),
  route: z.string(),
  dosage: z.number(),
  unit: z.string(),
  time: epochMs,
});

/** A rate segment of an infusion; `end` null while it runs. */
export const infusionSegmentSchema = z.object({
  rate: z.number(),
  rateUnit,
  start: epochMs,
  end: epochMs.nullable(),
});

/** One entry of `infusionDrugs` (spec 001 §3 "Infusion drug"). */
export const infusionEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  unit: massUnit,
  bolusUnit: massUnit,
  pumpKg: z.number().nullable(),
  boluses: z.array(z.object({ amount: z.number(), unit: massUnit, time: epochMs })),
  infusions: z.array(infusionSegmentSchema),
});

/** One entry of `localDoses` (spec 001 §3 "Local dose"). */
export const localDoseEntrySchema = z.object({
  id: z.string(),
  drugVariantId: z.string(),
  time: epochMs,
  amount: z.number(),
  amount_raw: z.string(),
  unit: z.enum(LOCAL_DOSE_UNITS),
  epiConcentration: z.number(),
  cartridges: z.number(),
  mg: z.number(),
  epiMg: z.number(),
});

/** One entry of `customDilutions`: the percent a local anesthetic variant was diluted to (CD8, LA3). */
export const customDilutionEntrySchema = z.object({
  variantId: z.string().min(1),
  percent: z.number().positive(),
});

/** One entry of `manualVitals`: vitals typed in by hand, in the temperature unit they were entered in. */
export const manualVitalsEntrySchema = z.object({
  id: z.string(),
  time: epochMs,
  temperatureUnit: z.enum(['C', 'F']),
  vitals: z.record(z.string(), z.number().nullable()),
});

/** One vital of a monitor reading: its value and when the monitor measured it. */
export const monitorVitalSchema = z.object({
  value: z.number().nullable(),
  time: epochMs,
  error: z.string().nullish(),
  status: z.string().nullish(),
});

/**
 * One entry of `vitalsRecords` (spec 002 §3: lastUpdated, simulated, monitorLabel,
 * selectedVitals, vitals); `monitorId` names the monitor session that wrote it.
 */
export const vitalsRecordSchema = z.object({
  id: z.string(),
  lastUpdated: epochMs,
  simulated: z.boolean(),
  monitorLabel: z.string(),
  monitorId: z.string(),
  selectedVitals: z.array(z.string()),
  vitals: z.partialRecord(z.string(), monitorVitalSchema),
});

/** One entry of `ivSites` (spec 001 §3 "IV site"); solution amounts in mL. */
export const ivSiteEntrySchema = z.object({
  id: z.string(),
  side: z.string().nullable(),
  name: z.string().nullable(),
  needleGauge: z.number().nullable(),
  attempts: z.number().nullable(),
  securedWith: z.string().nullable(),
  time: epochMs.nullable(),
  timeRemoved: epochMs.nullable(),
  solutions: z.array(z.object({ bagId: z.string(), name: z.string(), amount: z.number().nullable() })),
  syringeFlushes: z.array(z.object({ amount: z.number(), time: epochMs })),
});

/**
 * One entry of `airways`: the type of spec 001 §5 and the fields of a preset airway (spec 002
 * §3); inflated and deflated are when it was placed and removed.
 */
export const airwayEntrySchema = z.object({
  id: z.string(),
  type: z.enum(AIRWAY_TYPES),
  otherType: z.string().nullish(),
  preOx: z.boolean(),
  inflated: epochMs.nullable(),
  deflated: epochMs.nullable(),
  placementCompDetail: z.string().nullable(),
  removalComp: z.boolean(),
  removalCompDetail: z.string().nullable(),
  peep: z.number().nullable(),
  preRemovalSpo2: z.number().nullable(),
  postRemovalSpo2: z.number().nullable(),
  securedWith: z.string().nullable(),
  notes: z.string().nullable(),
  removalNotes: z.string().nullable(),
  eyeProtection: z.boolean(),
  confirmation: z.string().nullable(),
});

/** One entry of `positions` (spec 001 §3: name, time). */
export const positionEntrySchema = z.object({ id: z.string(), name: z.string(), time: epochMs });

/** One entry of `waves`: a captured waveform (spec 001 §3; spec 002 §3). */
export const waveEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  time: epochMs,
  type: z.enum(WAVE_TYPES),
  svg: z.string(),
  notes: z.string().nullable(),
});

/** One entry of `preOpChecklist` (and `optChecks`). */
export const checklistItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  order: z.number(),
  complete: z.boolean(),
});

/** One entry of `signatures`: the signer's name and drawn path (spec 002 §3 "Signature: a path string"). */
export const signatureEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  signature: z.string(),
  time: epochMs,
});

/** [CD14] The entry schema of each list of the case document this build writes, by its key. */
export const caseListEntrySchemas = {
  preOpChecklist: checklistItemSchema,
  optChecks: checklistItemSchema,
  positions: positionEntrySchema,
  signatures: signatureEntrySchema,
  waves: waveEntrySchema,
  vitalsRecords: vitalsRecordSchema,
  manualVitals: manualVitalsEntrySchema,
  drugsAdministered: drugEntrySchema,
  localDoses: localDoseEntrySchema,
  customDilutions: customDilutionEntrySchema,
  preMeds: preMedEntrySchema,
  infusionDrugs: infusionEntrySchema,
  ivSites: ivSiteEntrySchema,
  airways: airwayEntrySchema,
} as const;

/** A list key of the case document whose entries have a schema here. */
export type CaseListKey = keyof typeof caseListEntrySchemas;
/** The entry type of a case list, picked by its key: `CaseListEntry<'drugsAdministered'>` is a DrugEntry. */
export type CaseListEntry<K extends CaseListKey> = z.infer<(typeof caseListEntrySchemas)[K]>;

// Every key here is a list of the case structure (a typo fails to compile).
type StructuredList = (typeof CASE_STRUCTURE_GROUPS)[number]['lists'][number];
const everyKeyIsAStructuredList: Record<CaseListKey, StructuredList> = {
  preOpChecklist: 'preOpChecklist',
  optChecks: 'optChecks',
  positions: 'positions',
  signatures: 'signatures',
  waves: 'waves',
  vitalsRecords: 'vitalsRecords',
  manualVitals: 'manualVitals',
  drugsAdministered: 'drugsAdministered',
  localDoses: 'localDoses',
  customDilutions: 'customDilutions',
  preMeds: 'preMeds',
  infusionDrugs: 'infusionDrugs',
  ivSites: 'ivSites',
  airways: 'airways',
};
void everyKeyIsAStructuredList;

export type DoseRecord = z.infer<typeof doseRecordSchema>;
export type DrugEntry = z.infer<typeof drugEntrySchema>;
export type PreMedEntry = z.infer<typeof preMedEntrySchema>;
export type InfusionEntry = z.infer<typeof infusionEntrySchema>;
export type LocalDoseEntry = z.infer<typeof localDoseEntrySchema>;
export type ManualVitalsEntry = z.infer<typeof manualVitalsEntrySchema>;
export type MonitorVital = z.infer<typeof monitorVitalSchema>;
export type VitalsRecord = z.infer<typeof vitalsRecordSchema>;
export type IvSiteEntry = z.infer<typeof ivSiteEntrySchema>;
export type AirwayEntry = z.infer<typeof airwayEntrySchema>;
export type PositionEntry = z.infer<typeof positionEntrySchema>;
export type WaveEntry = z.infer<typeof waveEntrySchema>;
export type WaveType = (typeof WAVE_TYPES)[number];
export type ChecklistItemEntry = z.infer<typeof checklistItemSchema>;
export type SignatureEntry = z.infer<typeof signatureEntrySchema>;
