import { z } from 'zod';
import { AIRWAY_TYPES, LOCAL_DOSE_UNITS, ORAL_ROUTES, PARENTERAL_ROUTES, PRE_MED_ROUTES, VITAL_IDS } from '../enums.js';
import type { Issue } from '../case-data/issue.js';
import { errorIssue } from '../case-data/issue.js';
import { CASE_COPIED_VALUES } from '../case-data/copied-values.js';
import { CASE_DATA_CODES, CASE_DATA_MESSAGES, caseDataShape } from '../case-data/schema.js';

/**
 * A preset's macro (spec 002 §3 "Preset (macro)"): exactly the copied values, the five drug lists
 * (each drug with its dose and the amount drawn), the IV, the airways (every field) and the vital
 * types. The copied values are validated by the case-data schema's own fields (caseDataShape), so
 * a value a case would refuse a preset refuses too; the server and the client parse with this one
 * schema. Unknown keys are refused: a macro holds nothing else.
 */

/** [PS1] The case values a preset copies (spec 002 §3), in the spec's order. */
export const PRESET_COPIED_FIELDS = CASE_COPIED_VALUES;
export type PresetCopiedField = (typeof PRESET_COPIED_FIELDS)[number];

/** The macro's drug lists (spec 002 §3), in the spec's order. */
export const PRESET_DRUG_LISTS = ['preMeds', 'localDrugs', 'parenDrugs', 'oralSedatives', 'infusionDrugs'] as const;
export type PresetDrugList = (typeof PRESET_DRUG_LISTS)[number];

/** Limits of a macro's lists and texts: a preset is a few items, not a case's history. */
export const PRESET_LIMITS = { name: 100, itemsPerList: 50, text: 10_000 } as const;

const M = CASE_DATA_MESSAGES;
const name = z.string({ error: M.missingDrugName }).trim().min(1, { error: M.missingDrugName }).max(200);
const amount = z
  .number()
  .refine((n) => Number.isFinite(n) && n >= 0, { error: M.nonNegative })
  .nullable();
const shortText = z.string().max(200);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(PRESET_LIMITS.itemsPerList);

/** A drug of a preset: what it is, how it is given, the dose to give and the amount to draw up (either may be null). */
const drugOf = <R extends readonly [string, ...string[]]>(routes: R) =>
  z.strictObject({
    drugId: shortText,
    name,
    route: z.enum(routes, { error: M.invalidValue }),
    unit: shortText,
    dose: amount,
    draw: amount,
  });

function buildMacroSchema() {
  const shape = caseDataShape();
  const values = Object.fromEntries(PRESET_COPIED_FIELDS.map((k) => [k, optionalCaseField(shape, k)])) as {
    [K in PresetCopiedField]: z.ZodOptional<z.ZodType>;
  };
  const localDrug = z.strictObject({
    drugVariantId: z.string().trim().min(1, { error: M.missingDrugName }).max(200),
    unit: z.enum(LOCAL_DOSE_UNITS, { error: M.invalidValue }),
    dose: amount,
    amount_raw: shortText,
    epiConcentration: z.number().nonnegative(),
    cartridges: amount,
    mg: amount,
    epiMg: amount,
    draw: amount,
  });
  const massUnit = z.enum(['g', 'mg', 'mcg'], { error: M.invalidValue });
  const infusionDrug = z.strictObject({
    name,
    unit: massUnit,
    bolusUnit: massUnit,
    pumpKg: z.number().positive().nullable(),
    /** A bolus to give at application (in bolusUnit), or null. */
    dose: amount,
    /** A rate to start the infusion at, in rateUnit, or null. */
    rate: amount,
    rateUnit: z
      .string()
      .regex(/^(g|mg|mcg)\/(kg\/)?(min|hr)$/, { error: M.invalidValue })
      .nullable(),
    draw: amount,
  });
  const iv = z.strictObject({
    side: shortText.nullable(),
    name: shortText.nullable(),
    needleGauge: z.number().nullable(),
    attempts: z.number().int().nonnegative().nullable(),
    securedWith: shortText.nullable(),
    solutions: list(z.strictObject({ bagId: shortText, name: shortText, amount: z.number().nullable() })),
  });
  const note = z.string().max(PRESET_LIMITS.text).nullable();
  const airway = z.strictObject({
    type: z.enum(AIRWAY_TYPES, { error: M.invalidValue }),
    otherType: shortText.nullish(),
    preOx: z.boolean(),
    /** Placed (inflated) at application when true; its time is the application's. */
    inflated: z.boolean(),
    /** Removed (deflated) at application when true. */
    deflated: z.boolean(),
    placementCompDetail: note,
    removalComp: z.boolean(),
    removalCompDetail: note,
    peep: z.number().nullable(),
    preRemovalSpo2: z.number().nullable(),
    postRemovalSpo2: z.number().nullable(),
    securedWith: shortText.nullable(),
    notes: note,
    removalNotes: note,
    eyeProtection: z.boolean(),
    confirmation: shortText.nullable(),
  });
  return z.strictObject({
    values: z.strictObject(values).default({}),
    preMeds: list(drugOf(PRE_MED_ROUTES)).default([]),
    localDrugs: list(localDrug).default([]),
    parenDrugs: list(drugOf(PARENTERAL_ROUTES)).default([]),
    oralSedatives: list(drugOf(ORAL_ROUTES)).default([]),
    infusionDrugs: list(infusionDrug).default([]),
    iv: iv.nullable().default(null),
    airways: list(airway).default([]),
    vitalTypes: z
      .array(z.enum(VITAL_IDS, { error: M.invalidValue }))
      .max(VITAL_IDS.length)
      .default([]),
  });
}

/** A copied value: the case-data schema's own field, absent or null allowed. */
function optionalCaseField(shape: ReturnType<typeof caseDataShape>, key: PresetCopiedField): z.ZodOptional<z.ZodType> {
  const field = (shape as Record<string, z.ZodType | undefined>)[key];
  // healthyPatient is a preset value the case-data schema does not name (spec 002 §3): a flag.
  if (!field) return z.boolean().nullish().optional();
  // A preset's user role "both" (spec 002 §6) is the case's "other" (CR2).
  if (key === 'userRole') return z.preprocess((v) => (v === 'both' ? 'other' : v), field).optional();
  return field.optional();
}

let built: ReturnType<typeof buildMacroSchema> | null = null;

/** [PS2] The macro schema (spec 002 §3), built on first use. */
export function presetMacroSchema(): ReturnType<typeof buildMacroSchema> {
  return (built ??= buildMacroSchema());
}

export type PresetMacro = z.output<ReturnType<typeof buildMacroSchema>>;
export type PresetMacroInput = z.input<ReturnType<typeof buildMacroSchema>>;
/** A drug of any of the drug lists but the locals and infusions. */
export type PresetDrug =
  PresetMacro['preMeds'][number] | PresetMacro['parenDrugs'][number] | PresetMacro['oralSedatives'][number];
export type PresetLocalDrug = PresetMacro['localDrugs'][number];
export type PresetInfusionDrug = PresetMacro['infusionDrugs'][number];
export type PresetIv = NonNullable<PresetMacro['iv']>;
export type PresetAirway = PresetMacro['airways'][number];

/** The code of a macro that fails its schema; each issue's message says where and why. */
export const INVALID_PRESET_MACRO = 'INVALID_PRESET_MACRO';

/** The result of validating a macro: the parsed macro, or the issues (none when it parsed). */
export type PresetMacroResult = { ok: true; macro: PresetMacro } | { ok: false; issues: Issue[] };

/**
 * [PS2] Validates a macro (spec 002 §3) with the case-data schema's fields: a clear message per
 * problem, "<where>: <what>" (e.g. "parenDrugs.0.name: Every drug used must have a name"), with the
 * case data's code where it has one (MISSING_DRUG_NAME), else INVALID_PRESET_MACRO.
 */
export function validatePresetMacro(raw: unknown): PresetMacroResult {
  const parsed = presetMacroSchema().safeParse(raw);
  if (parsed.success) return { ok: true, macro: parsed.data };
  const issues = parsed.error.issues.slice(0, 20).map((i) => {
    const path = i.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const where = path.length > 0 ? path.join('.') : 'macro';
    const what =
      i.code === 'unrecognized_keys' ? `not a preset field: ${i.keys.join(', ')}` : i.message || 'Invalid value';
    return errorIssue(CASE_DATA_CODES[i.message] ?? INVALID_PRESET_MACRO, `${where}: ${what}`, path);
  });
  return { ok: false, issues };
}

/** An empty macro: nothing copied. */
export function emptyPresetMacro(): PresetMacro {
  return presetMacroSchema().parse({});
}
