import type {
  AirwayEntry,
  DrugEntry,
  InfusionEntry,
  IvSiteEntry,
  LocalDoseEntry,
  PreMedEntry,
} from '../case-data/entries.js';
import { isOneOf, ORAL_ROUTES, PARENTERAL_ROUTES, PRE_MED_ROUTES, VITAL_IDS } from '../enums.js';
import type { InfusionRateUnit } from '../rules/drugs.js';
import { isSedationLevelAllowed } from '../rules/sedation-level.js';
import type { PRESET_DRUG_LISTS } from './macro.js';
import {
  PRESET_COPIED_FIELDS,
  presetMacroSchema,
  type PresetAirway,
  type PresetCopiedField,
  type PresetDrug,
  type PresetMacro,
} from './macro.js';

/**
 * The items of a macro a person ticks (spec 002 §2 "a preset editor with per-item checkboxes and
 * Select All / Deselect All"; the portions applied, spec 002 §6), the macro read from a case, and
 * what applying it writes into a case. Pure: the client's case document command writes the result.
 */

/** One tickable item of a macro: its key ("values.sedationLevel", "parenDrugs.0", "iv", "vitalTypes") and a label. */
export interface PresetItem {
  key: string;
  group: PresetItemGroup;
  label: string;
}

export type PresetItemGroup = 'values' | (typeof PRESET_DRUG_LISTS)[number] | 'iv' | 'airways' | 'vitalTypes';

/** The headings of the item groups (spec 002 §3 names). */
export const PRESET_GROUP_LABELS: Readonly<Record<PresetItemGroup, string>> = {
  values: 'Case details',
  preMeds: 'Pre-meds',
  localDrugs: 'Local anesthetics',
  parenDrugs: 'Parenteral drugs',
  oralSedatives: 'Oral sedatives',
  infusionDrugs: 'Infusions',
  iv: 'IV',
  airways: 'Airways',
  vitalTypes: 'Vital types',
};

const isSet = (v: unknown): boolean =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

function valueText(v: unknown): string {
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  const s = Array.isArray(v) ? v.join(', ') : String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

const amountText = (n: number | null, unit: string): string | null => (n == null ? null : `${n} ${unit}`);

function drugLabel(d: PresetDrug): string {
  const dose = amountText(d.dose, d.unit);
  const draw = amountText(d.draw, d.unit);
  return [d.name, d.route, dose, draw ? `draw ${draw}` : null].filter(Boolean).join(' ');
}

/** [PS3] Every item of a macro, in the spec's order: set values, each drug, the IV, each airway, the vital types. */
export function presetItems(macro: PresetMacro): PresetItem[] {
  const items: PresetItem[] = [];
  for (const k of PRESET_COPIED_FIELDS) {
    const v = macro.values[k];
    if (isSet(v)) items.push({ key: `values.${k}`, group: 'values', label: `${k}: ${valueText(v)}` });
  }
  macro.preMeds.forEach((d, i) => items.push({ key: `preMeds.${i}`, group: 'preMeds', label: drugLabel(d) }));
  macro.localDrugs.forEach((d, i) =>
    items.push({
      key: `localDrugs.${i}`,
      group: 'localDrugs',
      label: [d.drugVariantId, amountText(d.dose, d.unit)].filter(Boolean).join(' '),
    }),
  );
  for (const listKey of ['parenDrugs', 'oralSedatives'] as const) {
    macro[listKey].forEach((d, i) => items.push({ key: `${listKey}.${i}`, group: listKey, label: drugLabel(d) }));
  }
  macro.infusionDrugs.forEach((d, i) =>
    items.push({
      key: `infusionDrugs.${i}`,
      group: 'infusionDrugs',
      label: [d.name, d.rate != null ? `${d.rate} ${d.rateUnit ?? ''}`.trim() : null].filter(Boolean).join(' '),
    }),
  );
  if (macro.iv) {
    const iv = macro.iv;
    items.push({
      key: 'iv',
      group: 'iv',
      label: [iv.name, iv.side, iv.needleGauge != null ? `${iv.needleGauge}g` : null].filter(Boolean).join(' ') || 'IV',
    });
  }
  macro.airways.forEach((a, i) =>
    items.push({
      key: `airways.${i}`,
      group: 'airways',
      label: a.type === 'other' ? (a.otherType ?? 'other') : a.type,
    }),
  );
  if (macro.vitalTypes.length > 0)
    items.push({ key: 'vitalTypes', group: 'vitalTypes', label: macro.vitalTypes.join(', ') });
  return items;
}

/** [PS3] The macro holding only the chosen items (keys of presetItems); the rest is left out. */
export function pickPresetItems(macro: PresetMacro, chosen: ReadonlySet<string>): PresetMacro {
  const values: PresetMacro['values'] = {};
  for (const k of PRESET_COPIED_FIELDS)
    if (chosen.has(`values.${k}`) && isSet(macro.values[k])) values[k] = macro.values[k];
  const pick = <T>(key: string, items: readonly T[]): T[] => items.filter((_, i) => chosen.has(`${key}.${i}`));
  return {
    values,
    preMeds: pick('preMeds', macro.preMeds),
    localDrugs: pick('localDrugs', macro.localDrugs),
    parenDrugs: pick('parenDrugs', macro.parenDrugs),
    oralSedatives: pick('oralSedatives', macro.oralSedatives),
    infusionDrugs: pick('infusionDrugs', macro.infusionDrugs),
    iv: chosen.has('iv') ? macro.iv : null,
    airways: pick('airways', macro.airways),
    vitalTypes: chosen.has('vitalTypes') ? macro.vitalTypes : [],
  };
}

/** [SL2] The sedation level a macro sets that the plan's maximum does not allow, or null (it may be used). */
export function presetDisallowedLevel(macro: PresetMacro, maxSedationLevel: string): string | null {
  const level = macro.values.sedationLevel;
  return typeof level === 'string' && !isSedationLevelAllowed(level, maxSedationLevel) ? level : null;
}

type CaseJson = Record<string, unknown>;
const arr = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((e): e is Record<string, unknown> => e != null && typeof e === 'object') : [];
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The oral and parenteral drugs of a case: one item per dose given; an amount drawn joins its drug's first item. */
function caseDrugs(data: CaseJson): Pick<PresetMacro, 'parenDrugs' | 'oralSedatives'> {
  const out: Pick<PresetMacro, 'parenDrugs' | 'oralSedatives'> = { parenDrugs: [], oralSedatives: [] };
  const drawn: { drugId: string; name: string; amount: number; unit: string }[] = [];
  for (const e of arr(data.drugsAdministered)) {
    const d = e.drawn as { amount?: unknown; unit?: unknown } | undefined;
    if (d && num(d.amount) != null)
      drawn.push({ drugId: str(e.drugId), name: str(e.name), amount: num(d.amount)!, unit: str(d.unit) });
    for (const dose of arr(e.doses)) {
      const route = dose.route;
      const item = {
        drugId: str(e.drugId),
        name: str(e.name),
        unit: str(dose.unit),
        dose: num(dose.amount),
        draw: null,
      };
      if (isOneOf(PARENTERAL_ROUTES, route)) out.parenDrugs.push({ ...item, route });
      else if (isOneOf(ORAL_ROUTES, route)) out.oralSedatives.push({ ...item, route });
    }
  }
  for (const d of drawn) {
    const drug = out.parenDrugs.find((p) => p.drugId === d.drugId && p.draw == null);
    if (drug) drug.draw = d.amount;
    else out.parenDrugs.push({ drugId: d.drugId, name: d.name, route: 'IV', unit: d.unit, dose: null, draw: d.amount });
  }
  return out;
}

function caseAirway(e: Record<string, unknown>): PresetAirway {
  return {
    type: e.type as PresetAirway['type'],
    otherType: strOrNull(e.otherType),
    preOx: e.preOx === true,
    inflated: e.inflated != null,
    deflated: e.deflated != null,
    placementCompDetail: strOrNull(e.placementCompDetail),
    removalComp: e.removalComp === true,
    removalCompDetail: strOrNull(e.removalCompDetail),
    peep: num(e.peep),
    preRemovalSpo2: num(e.preRemovalSpo2),
    postRemovalSpo2: num(e.postRemovalSpo2),
    securedWith: strOrNull(e.securedWith),
    notes: strOrNull(e.notes),
    removalNotes: strOrNull(e.removalNotes),
    eyeProtection: e.eyeProtection === true,
    confirmation: strOrNull(e.confirmation),
  };
}

/**
 * [PS4] The macro of a case as charted (the save dialog's content): its copied values, its drugs
 * with their doses and draws, its first IV site, its airways and the vital types it tracks. Times,
 * ids and signatures are never copied. Entries that would fail the macro schema are left out.
 */
export function presetMacroFromCase(data: CaseJson): PresetMacro {
  const values: Record<string, unknown> = {};
  for (const k of PRESET_COPIED_FIELDS) {
    const v = data[k];
    if (isSet(v) && (typeof v !== 'object' || Array.isArray(v))) values[k] = v;
  }
  const preMeds = arr(data.preMeds)
    .filter((e) => isOneOf(PRE_MED_ROUTES, e.route))
    .map((e) => ({
      drugId: str(e.drugId),
      name: str(e.drugName),
      route: e.route,
      unit: str(e.unit),
      dose: num(e.dosage),
      draw: null,
    }));
  const localDrugs = arr(data.localDoses).map((e) => ({
    drugVariantId: str(e.drugVariantId),
    unit: e.unit,
    dose: num(e.amount),
    amount_raw: str(e.amount_raw),
    epiConcentration: num(e.epiConcentration) ?? 0,
    cartridges: num(e.cartridges),
    mg: num(e.mg),
    epiMg: num(e.epiMg),
    draw: null,
  }));
  const infusionDrugs = arr(data.infusionDrugs).map((e) => {
    const bolus = arr(e.boluses)[0];
    const rate = arr(e.infusions)[0];
    return {
      name: str(e.name),
      unit: e.unit,
      bolusUnit: e.bolusUnit ?? e.unit,
      pumpKg: num(e.pumpKg),
      dose: num(bolus?.amount),
      rate: num(rate?.rate),
      rateUnit: strOrNull(rate?.rateUnit),
      draw: null,
    };
  });
  const site = arr(data.ivSites)[0];
  const iv = site
    ? {
        side: strOrNull(site.side),
        name: strOrNull(site.name),
        needleGauge: num(site.needleGauge),
        attempts: num(site.attempts),
        securedWith: strOrNull(site.securedWith),
        solutions: arr(site.solutions).map((s) => ({ bagId: str(s.bagId), name: str(s.name), amount: num(s.amount) })),
      }
    : null;
  const records = arr(data.vitalsRecords);
  const tracked = Array.isArray(data.vitalTypes)
    ? data.vitalTypes
    : (records[records.length - 1]?.selectedVitals ?? []);
  const vitalTypes = Array.isArray(tracked) ? [...new Set(tracked.filter((v) => isOneOf(VITAL_IDS, v)))] : [];
  const raw = {
    values,
    preMeds,
    localDrugs,
    ...caseDrugs(data),
    infusionDrugs,
    iv,
    airways: arr(data.airways).map(caseAirway),
    vitalTypes,
  };
  return keepValid(raw);
}

/** The raw macro parsed, each value or entry that fails the schema left out. */
function keepValid(raw: Record<string, unknown>): PresetMacro {
  const schema = presetMacroSchema();
  const whole = schema.safeParse(raw);
  if (whole.success) return whole.data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (Array.isArray(value)) out[key] = value.filter((v) => schema.safeParse({ [key]: [v] }).success);
    else if (key === 'values') {
      out[key] = Object.fromEntries(
        Object.entries(value as CaseJson).filter(([k, v]) => schema.safeParse({ values: { [k]: v } }).success),
      );
    } else if (schema.safeParse({ [key]: value }).success) out[key] = value;
  }
  return schema.parse(out);
}

/** What applying a macro writes into a case (PS5): plain values, entries appended to each list, the vital types. */
export interface PresetCaseWrites {
  values: Partial<Record<PresetCopiedField, unknown>>;
  preMeds: PreMedEntry[];
  localDoses: LocalDoseEntry[];
  drugsAdministered: DrugEntry[];
  infusionDrugs: InfusionEntry[];
  ivSites: IvSiteEntry[];
  airways: AirwayEntry[];
  vitalTypes: string[] | null;
}

/**
 * [PS5] What applying macros writes into a case, in the order given (several presets apply in the
 * chosen order: a later one's value wins, lists add up): each drug dose given and each amount drawn
 * at `now`, an IV site and airways as charted now. `newId` makes each entry's id.
 */
export function presetCaseWrites(
  macros: readonly PresetMacro[],
  now: number,
  newId: (prefix: string) => string,
): PresetCaseWrites {
  const w: PresetCaseWrites = {
    values: {},
    preMeds: [],
    localDoses: [],
    drugsAdministered: [],
    infusionDrugs: [],
    ivSites: [],
    airways: [],
    vitalTypes: null,
  };
  for (const m of macros) {
    for (const k of PRESET_COPIED_FIELDS) if (isSet(m.values[k])) w.values[k] = m.values[k];
    for (const d of m.preMeds) {
      if (d.dose != null)
        w.preMeds.push({
          id: newId('pre'),
          drugId: d.drugId,
          drugName: d.name,
          route: d.route,
          dosage: d.dose,
          unit: d.unit,
          time: now,
        });
    }
    for (const d of m.localDrugs) {
      if (d.dose == null) continue;
      w.localDoses.push({
        id: newId('loc'),
        drugVariantId: d.drugVariantId,
        time: now,
        amount: d.dose,
        amount_raw: d.amount_raw || String(d.dose),
        unit: d.unit,
        epiConcentration: d.epiConcentration,
        cartridges: d.cartridges ?? 0,
        mg: d.mg ?? 0,
        epiMg: d.epiMg ?? 0,
      });
    }
    for (const d of [...m.parenDrugs, ...m.oralSedatives]) {
      if (d.dose != null) {
        const dose = {
          drugId: d.drugId,
          route: d.route,
          amount: d.dose,
          amount_raw: String(d.dose),
          unit: d.unit,
          time: now,
          isPreProcedure: false,
          isComplete: true,
          perKg: null,
        };
        w.drugsAdministered.push({ id: newId('dos'), name: d.name, drugId: d.drugId, doses: [dose] });
      }
      if (d.draw != null)
        w.drugsAdministered.push({
          id: newId('drw'),
          name: d.name,
          drugId: d.drugId,
          drawn: { amount: d.draw, unit: d.unit, time: now },
        });
    }
    for (const d of m.infusionDrugs) {
      w.infusionDrugs.push({
        id: newId('inf'),
        name: d.name,
        unit: d.unit,
        bolusUnit: d.bolusUnit,
        pumpKg: d.pumpKg,
        boluses: d.dose != null ? [{ amount: d.dose, unit: d.bolusUnit, time: now }] : [],
        infusions:
          d.rate != null && d.rateUnit
            ? [{ rate: d.rate, rateUnit: d.rateUnit as InfusionRateUnit, start: now, end: null }]
            : [],
      });
    }
    if (m.iv) {
      const iv = m.iv;
      w.ivSites.push({
        id: newId('ivs'),
        side: iv.side,
        name: iv.name,
        needleGauge: iv.needleGauge,
        attempts: iv.attempts,
        securedWith: iv.securedWith,
        time: now,
        timeRemoved: null,
        solutions: iv.solutions,
        syringeFlushes: [],
      });
    }
    for (const a of m.airways) {
      w.airways.push({
        ...a,
        id: newId('awy'),
        otherType: a.otherType ?? null,
        inflated: a.inflated ? now : null,
        deflated: a.deflated ? now : null,
      });
    }
    if (m.vitalTypes.length > 0) w.vitalTypes = [...new Set([...(w.vitalTypes ?? []), ...m.vitalTypes])];
  }
  return w;
}

/**
 * [PS9] A preset's vital types applied to a case's vital tracking (spec 001 §4, spec 002 §3
 * vitalTypes): each listed vital is marked tracked ('selected') unless the case already set a
 * status for it (a provider's choice is never overridden). Answers the new tracking, or null when
 * nothing changes.
 */
export function presetVitalTracking(
  current: Readonly<Record<string, unknown>> | null | undefined,
  vitalTypes: readonly string[],
): Record<string, unknown> | null {
  const next: Record<string, unknown> = { ...(current ?? {}) };
  let changed = false;
  for (const type of vitalTypes) {
    if (next[type] !== undefined) continue;
    next[type] = 'selected';
    changed = true;
  }
  return changed ? next : null;
}
