import { anesthesiaMinutes, anesthesiaUnits } from '../rules/event-times.js';
import { ageInYears } from '../rules/health-history.js';
import { kgText } from '../rules/bmi.js';
import {
  findVariant,
  localAnestheticToxicity,
  LOCAL_ANESTHETIC_DRUGS,
  toxicityDrugId,
  toxicityMaxMg,
  toxicityPercentForDisplay,
  type LimitSet,
  type LocalAnestheticDrugId,
} from '../rules/local-anesthetics.js';
import {
  drugTotals,
  pctOfMaxForDisplay,
  routeGroup,
  type Mass,
  type MassUnit,
  type RouteGroup,
} from '../rules/drugs.js';
import { caseCardiacDisease, epinephrineStatus } from '../rules/local-anesthetics-epinephrine.js';
import { IDEAL_BODY_WEIGHT_FROM_AGE, type DoseWeight, type PatientSex } from '../rules/ideal-body-weight.js';
import { DRUG_ROUTES, type DrugRoute } from '../enums.js';
import { num, record, records, text, timeOf, type CaseRecord } from '../case-data/read.js';

/** Totals the printed record states outright (issue 25: the PDF as a legal record). */

/** The patient's weight in kg from the case data ({ value } or a bare number), or null. */
export function caseWeightKg(caseData: CaseRecord): number | null {
  const kg = num(record(caseData.weight)?.value) ?? num(caseData.weight);
  return kg !== null && kg > 0 ? kg : null;
}

/** The patient's age in whole years on the procedure date (or at `at`), or null without a birth date. */
export function caseAgeYears(birthDate: string | null, caseData: CaseRecord, at: number): number | null {
  if (birthDate === null || !/^\d{4}(-\d{2}(-\d{2})?)?$/.test(birthDate)) return null;
  const day = timeOf(text(caseData.procedureDate)) ?? at;
  const age = ageInYears(birthDate, day);
  return Number.isFinite(age) && age >= 0 ? age : null;
}

/**
 * [RL3] "1 cartridge", "2 cartridges", "1.8 mL", "36 mg": a local dose's amount with its unit
 * as charted, the unit singular for exactly one.
 */
export function localAmountText(amount: number | null, unit: string | null): string | null {
  if (amount === null) return null;
  const n = String(Number(amount.toFixed(4)));
  switch (unit) {
    case 'cartridges':
      return `${n} ${amount === 1 ? 'cartridge' : 'cartridges'}`;
    case 'ml':
      return `${n} mL`;
    case null:
      return n;
    default:
      return `${n} ${unit}`;
  }
}

export interface LocalDoseLine {
  time: number | null;
  variantId: string;
  name: string;
  amount: string | null;
  mg: number | null;
  epiMg: number | null;
  /** The limit sets whose maximum (per drug or combined) this dose took the total past. */
  pastMaximum: LimitSet[];
}

export interface LocalTotalRow {
  drugId: LocalAnestheticDrugId;
  name: string;
  mg: number;
  /** Percent of the maximum per limit set, rounded up to 0.1 (LA11); null without a maximum. */
  pct: Record<LimitSet, number | null>;
  /** The maximum in mg per limit set, for this patient's weight. */
  maxMg: Record<LimitSet, number | null>;
}

/** The visit's epinephrine as the record prints it (EP1–EP3, the L.A. tracker's figures). */
export interface EpinephrineLine {
  /** mg given this visit, rounded to 0.001 mg as the tracker shows it. */
  givenMg: number;
  maxMg: number;
  /** Percent of the limit, rounded up to 0.1 (never understated). */
  pct: number;
  cardiac: boolean;
  /** Past the limit, compared unrounded (EP4). */
  past: boolean;
  /** The printed line. */
  text: string;
}

export interface LocalAnestheticReport {
  doses: LocalDoseLine[];
  totals: LocalTotalRow[];
  combinedPct: Record<LimitSet, number>;
  weightMissing: boolean;
  /** The weight every maximum was worked on (IBW2): the same as the tracker's and the gate's. */
  weight: DoseWeight;
  /** The weight in words ("Dosing on ideal body weight 65.9 kg (Devine, male); actual weight 95 kg."), or null without one. */
  weightText: string | null;
  /** The visit's epinephrine; null without a local dose. */
  epinephrine: EpinephrineLine | null;
}

const LIMIT_SETS: readonly LimitSet[] = ['manufacturer', 'aapd'];

/** A local anesthetic variant as the record names it: 'Lidocaine 2% with epi 1:100,000'. */
export function variantName(variantId: string): string {
  const v = findVariant(variantId);
  if (!v) return variantId || 'Local anesthetic';
  const epi = v.epi > 0 ? ` with epi 1:${v.epi},000` : '';
  return `${LOCAL_ANESTHETIC_DRUGS[v.drugId].name} ${v.percent}%${epi}`;
}

/**
 * [IBW2] The dosing weight in words, as the L.A. tracker shows it where an ideal body weight was
 * worked out (an adult with a height): which weight the maxima use, beside the other. Null
 * otherwise (children, unknown age, no height).
 */
export function doseWeightText(w: DoseWeight, sex: string | null): string | null {
  if (w.idealKg == null) return null;
  const formula = w.sexAssumed
    ? "Devine, women's formula: sex not recorded"
    : `Devine, ${sex === 'male' ? 'male' : 'female'}`;
  if (w.basis === 'ideal') {
    return `Dosing on ideal body weight ${kgText(w.idealKg)} (${formula}); actual weight ${w.actualKg == null ? 'not recorded' : kgText(w.actualKg)}.`;
  }
  return w.actualKg == null
    ? `Ideal body weight ${kgText(w.idealKg)} (${formula}); no actual weight recorded.`
    : `Dosing on actual weight ${kgText(w.actualKg)} (ideal body weight ${kgText(w.idealKg)}, ${formula}).`;
}

/**
 * [RL9] The weight the record's local anesthetic maxima were worked on, always named: the
 * tracker's words (doseWeightText) where an ideal body weight was worked out, else the actual
 * weight with why no ideal body weight applies (a child, an unknown age, no height). Null
 * without a weight (RL4 then says only the absolute maxima applied).
 */
export function reportDoseWeightText(w: DoseWeight, sex: string | null, ageYears: number | null): string | null {
  const text = doseWeightText(w, sex);
  if (text !== null) return text;
  if (w.kg === null) return null;
  const why =
    ageYears === null
      ? 'age unknown: ideal body weight not used'
      : ageYears < IDEAL_BODY_WEIGHT_FROM_AGE
        ? `under ${IDEAL_BODY_WEIGHT_FROM_AGE}: ideal body weight not used`
        : 'no height recorded: ideal body weight not worked out';
  return `Dosing on actual weight ${kgText(w.kg)} (${why}).`;
}

/**
 * [EP6] The visit's epinephrine line: every local dose's stored epinephrine added up against the
 * limit of a visit (EP1–EP3: 0.2 mg for a healthy patient, 0.04 mg with cardiovascular disease,
 * from the case's switch or its health history, EP2), in the tracker's figures (mg to 0.001,
 * percent rounded up) and words, with where the cardiovascular disease was recorded.
 */
export function epinephrineLine(caseData: CaseRecord): EpinephrineLine {
  const heart = caseCardiacDisease(caseData);
  const status = epinephrineStatus(records(caseData.localDoses), heart.cardiac);
  const givenMg = Math.round(status.givenMg * 1000) / 1000;
  const pct = toxicityPercentForDisplay(status.pct);
  const past = status.givenMg > status.maxMg;
  const limit = heart.cardiac ? 'with cardiovascular disease' : 'for a healthy patient';
  const source =
    heart.source === 'healthHistory'
      ? `; from the health history: ${heart.conditions.join(', ')}`
      : heart.source === 'case' && heart.cardiac
        ? '; set on the case'
        : '';
  return {
    givenMg,
    maxMg: status.maxMg,
    pct,
    cardiac: heart.cardiac,
    past,
    text: `Epinephrine this visit: ${givenMg} of ${status.maxMg} mg (${pct}%), the limit of a visit ${limit}${source}${past ? '. PAST THE LIMIT' : ''}.`,
  };
}

/**
 * [RL4] [RL9] The local anesthetics of the record: each dose with its amount as charted (RL3), mg
 * and epinephrine mg, and the limit sets whose maximum the running total passed with it; per drug
 * the total mg and its percent of the manufacturer and the pediatric-dentistry (AAPD) maximum
 * (LA9, LA10; Exparel counts as bupivacaine), and the combined percent, all on the dose weight
 * (IBW2: the ideal body weight of an adult whose actual weight is above it), the weight the L.A.
 * tracker and the sign-off gate use. Both limit sets are printed: the screen lets the provider
 * switch between them, the record keeps both. With the visit's epinephrine (EP6).
 */
export function localAnestheticReport(
  caseData: CaseRecord,
  dosing: DoseWeight,
  patient: { sex?: PatientSex | null; ageYears?: number | null } = {},
): LocalAnestheticReport {
  const weightKg = dosing.kg;
  const charted = records(caseData.localDoses).map((d) => ({
    time: timeOf(d.time),
    variantId: text(d.drugVariantId) ?? '',
    amount: localAmountText(num(d.amount), text(d.unit)),
    mg: num(d.mg),
    epiMg: num(d.epiMg),
  }));
  const ordered = [...charted].sort((a, b) => (a.time ?? 0) - (b.time ?? 0));
  const pastBy = new Map<(typeof charted)[number], LimitSet[]>();
  for (const set of LIMIT_SETS) {
    for (let i = 0; i < ordered.length; i++) {
      const upTo = ordered.slice(0, i + 1).filter((d) => d.mg !== null);
      const after = localAnestheticToxicity(
        upTo.map((d) => ({ variantId: d.variantId, mg: d.mg! })),
        weightKg,
        set,
      );
      const v = findVariant(ordered[i]!.variantId);
      if (!v || ordered[i]!.mg === null || v.skipForToxicity) continue;
      const drug = toxicityDrugId(v.drugId);
      if ((after.perDrug[drug] ?? 0) > 100 || after.combined > 100) {
        pastBy.set(ordered[i]!, [...(pastBy.get(ordered[i]!) ?? []), set]);
      }
    }
  }
  const doses = ordered.map((d) => ({ ...d, name: variantName(d.variantId), pastMaximum: pastBy.get(d) ?? [] }));

  const mgByDrug = new Map<LocalAnestheticDrugId, number>();
  const variantByDrug = new Map<LocalAnestheticDrugId, string>();
  for (const d of charted) {
    const v = findVariant(d.variantId);
    if (!v || d.mg === null) continue;
    const drug = v.skipForToxicity ? v.drugId : toxicityDrugId(v.drugId);
    mgByDrug.set(drug, (mgByDrug.get(drug) ?? 0) + d.mg);
    if (!variantByDrug.has(drug) || v.drugId === drug) variantByDrug.set(drug, v.id);
  }
  const forToxicity = charted
    .filter((d) => d.mg !== null)
    .map((d) => ({ variantId: d.variantId, mg: d.mg!, time: d.time }));
  const toxicity = Object.fromEntries(
    LIMIT_SETS.map((set) => [set, localAnestheticToxicity(forToxicity, weightKg, set)]),
  ) as Record<LimitSet, ReturnType<typeof localAnestheticToxicity>>;
  const totals = [...mgByDrug].map(([drugId, mg]) => {
    const v = findVariant(variantByDrug.get(drugId)!)!;
    const per = (f: (set: LimitSet) => number | null): Record<LimitSet, number | null> => ({
      manufacturer: f('manufacturer'),
      aapd: f('aapd'),
    });
    return {
      drugId,
      name: LOCAL_ANESTHETIC_DRUGS[drugId].name,
      mg: Math.round(mg * 100) / 100,
      pct: per((set) => {
        const p = toxicity[set].perDrug[drugId];
        return p === undefined ? null : toxicityPercentForDisplay(p);
      }),
      maxMg: per((set) => toxicityMaxMg(v, weightKg, set)),
    };
  });
  return {
    doses,
    totals,
    combinedPct: {
      manufacturer: toxicityPercentForDisplay(toxicity.manufacturer.combined),
      aapd: toxicityPercentForDisplay(toxicity.aapd.combined),
    },
    weightMissing: weightKg === null && forToxicity.length > 0,
    weight: dosing,
    weightText: reportDoseWeightText(dosing, patient.sex ?? null, patient.ageYears ?? null),
    epinephrine: charted.length > 0 ? epinephrineLine(caseData) : null,
  };
}

export interface DrugTotalRow {
  name: string;
  /** The route group the totals cover, as the drugs section groups them. */
  group: 'oral' | 'parenteral';
  unit: MassUnit;
  total: number;
  givenDuringProcedure: number;
  maxDose: Mass | null;
  /** Percent of the maxima (DM3), rounded up to 0.1 (DR4); null without a maximum. */
  pctOfMax: number | null;
}

const MASS_UNITS: readonly string[] = ['g', 'mg', 'mcg'];

/**
 * [RL5] Drug totals of the record (spec 001 §3 "Drug totals", spec 002 §3), as the drugs section
 * shows them: per drug and route group (oral, parenteral), every dose by mass added up in the
 * unit of the first (DR5), maxDose the strictest maximum of the routes given by for this
 * patient's weight and age and pctOfMax the doses' cumulative share of their maxima (DM2, DM3).
 */
export function drugTotalRows(
  caseData: CaseRecord,
  weightKg: number | null = caseWeightKg(caseData),
  ageYears: number | null = null,
): DrugTotalRow[] {
  const groups = new Map<string, { name: string; drugId: string; group: 'oral' | 'parenteral'; doses: CaseRecord[] }>();
  for (const drug of records(caseData.drugsAdministered)) {
    const name = text(drug.name);
    if (name === null) continue;
    const drugId = text(drug.drugId) ?? name.toLowerCase().replace(/\s+/g, '-');
    for (const dose of records(drug.doses)) {
      const group = doseGroupOf(dose);
      if (group !== 'oral' && group !== 'parenteral') continue;
      const key = `${group}:${drugId}`;
      const g = groups.get(key) ?? { name, drugId, group, doses: [] };
      g.doses.push(dose);
      groups.set(key, g);
    }
  }
  return [...groups.values()]
    .flatMap(({ name, drugId, group, doses }) => {
      const masses = [...doses]
        .sort((a, b) => (timeOf(a.time) ?? 0) - (timeOf(b.time) ?? 0))
        .map((d) => ({
          amount: num(d.amount),
          unit: text(d.unit),
          isPreProcedure: d.isPreProcedure === true,
          route: text(d.route) ?? undefined,
        }))
        .filter((d): d is { amount: number; unit: MassUnit; isPreProcedure: boolean; route: string | undefined } => {
          return d.amount !== null && d.unit !== null && MASS_UNITS.includes(d.unit);
        });
      const first = masses[0];
      if (!first) return [];
      const t = drugTotals({
        unit: first.unit,
        doses: masses,
        calculateDrugWaste: false,
        maxima: { drugId, weightKg, ageYears },
      });
      return [
        {
          name,
          group,
          unit: t.unit,
          total: t.total,
          givenDuringProcedure: t.givenDuringProcedure,
          maxDose: t.maxDose,
          pctOfMax: t.pctOfMax === null ? null : pctOfMaxForDisplay(t.pctOfMax),
        },
      ];
    })
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.group.localeCompare(b.group));
}

function doseGroupOf(dose: CaseRecord): RouteGroup | null {
  const route = dose.route;
  return typeof route === 'string' && (DRUG_ROUTES as readonly string[]).includes(route)
    ? routeGroup(route as DrugRoute)
    : null;
}

/** [RL6] Anesthesia time (anesthesiaStart to anesthesiaEnd, ET7) in minutes and units; null unless both are charted in order. */
export function anesthesiaTime(caseData: CaseRecord): { minutes: number; units: number } | null {
  const events = record(caseData.events);
  const minutes = anesthesiaMinutes(timeOf(events?.anesthesiaStart), timeOf(events?.anesthesiaEnd));
  return minutes === null ? null : { minutes: Math.round(minutes), units: anesthesiaUnits(minutes) };
}
