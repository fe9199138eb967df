import type { LocalDoseEntry as ChartedLocalDose } from '@vigil/shared';
import {
  LOCAL_ANESTHETIC_DRUGS,
  LOCAL_ANESTHETIC_VARIANTS,
  concentrationMgPerMl,
  exparelTimingIssues,
  findVariant,
  localAnestheticAgeWarning,
  localAnestheticToxicity,
  localAnestheticToxicityIssues,
  oraverseIssues,
  toxicityDrugId,
  toxicityMaxMg,
  toxicityPercentForDisplay,
  type Issue,
  type LimitSet,
  type LocalAnestheticDrugId,
  type LocalAnestheticVariant,
} from '@vigil/shared';

/** A local anesthetic dose as kept in the case document: shared's localDoseEntrySchema. */
export type { ChartedLocalDose };

/**
 * Cartridge colours of the ADA uniform colour code for dental local anesthetic cartridges, so a
 * provider picks the variant by the colour on the cartridge in hand (spec 002 §3 variant colour;
 * values: docs/decisions.md). Text colour keeps each label readable.
 */
export const VARIANT_COLOURS: Readonly<Record<string, { background: string; text: string }>> = {
  'lidocaine-plain': { background: '#a5d8ff', text: '#000' },
  'lidocaine-epi50': { background: '#2f9e44', text: '#000' },
  'lidocaine-epi100': { background: '#e03131', text: '#000' },
  'articaine-epi100': { background: '#f0c419', text: '#000' },
  'articaine-epi200': { background: '#ced4da', text: '#000' },
  'bupivacaine-epi200': { background: '#1c7ed6', text: '#000' },
  'prilocaine-plain': { background: '#212529', text: '#fff' },
  'prilocaine-epi200': { background: '#ffe066', text: '#000' },
  'mepivacaine-plain': { background: '#d2b48c', text: '#000' },
  'mepivacaine-levonordefrin': { background: '#8b5a2b', text: '#fff' },
  exparel: { background: '#e599f7', text: '#000' },
  oraverse: { background: '#ffffff', text: '#000' },
};

/** "Lidocaine 2% 1:100,000", "Mepivacaine 2% levonordefrin", "Exparel". */
export function variantLabel(v: LocalAnestheticVariant): string {
  const drug = LOCAL_ANESTHETIC_DRUGS[v.drugId];
  if (v.drugId === 'exparel' || v.drugId === 'oraverse') return drug.name;
  const vaso =
    v.vasoconstrictor === 'levonordefrin'
      ? ' levonordefrin'
      : v.epi > 0
        ? ` 1:${(v.epi * 1000).toLocaleString('en-US')}`
        : ' plain';
  return `${drug.name} ${v.percent}%${vaso}`;
}

export interface DrugRow {
  drugId: LocalAnestheticDrugId;
  name: string;
  mg: number;
  /** Percent of maximum, rounded up to 0.1 for display (never understated). */
  pctOfMax: number | null;
}

export interface TrackerSummary {
  rows: DrugRow[];
  combinedPct: number;
  /** Warnings: toxicity, age, Exparel timing, OraVerse; never blocking. */
  issues: Issue[];
  /** Age warnings and reminders of the drugs given (spec 002 §5). */
  notes: string[];
}

/**
 * What the tracker shows for the doses given: mg and percent of maximum per drug, the combined
 * percent across every local anesthetic (toxicity adds up), and every warning the shared rules
 * raise. All numbers come from the shared rules (LA5–LA14).
 */
export function summarizeLocalDoses(
  doses: readonly ChartedLocalDose[],
  weightKg: number | null,
  ageYears: number | null,
  limits: LimitSet,
): TrackerSummary {
  const forToxicity = doses.map((d) => ({ variantId: d.drugVariantId, mg: d.mg, time: d.time }));
  const toxicity = localAnestheticToxicity(forToxicity, weightKg, limits);
  const mgByDrug = new Map<LocalAnestheticDrugId, number>();
  const notes = new Set<string>();
  for (const d of doses) {
    const v = findVariant(d.drugVariantId);
    if (!v) continue;
    const drug = v.skipForToxicity ? v.drugId : toxicityDrugId(v.drugId);
    mgByDrug.set(drug, (mgByDrug.get(drug) ?? 0) + d.mg);
    const age = localAnestheticAgeWarning(v.drugId, ageYears);
    if (age) notes.add(age);
    const reminder = LOCAL_ANESTHETIC_DRUGS[v.drugId].reminder;
    if (reminder) notes.add(reminder);
  }
  const rows = [...mgByDrug].map(([drugId, mg]) => {
    const pct = toxicity.perDrug[drugId];
    return {
      drugId,
      name: LOCAL_ANESTHETIC_DRUGS[drugId].name,
      mg: Math.round(mg * 100) / 100,
      pctOfMax: pct === undefined ? null : toxicityPercentForDisplay(pct),
    };
  });
  return {
    rows,
    combinedPct: toxicityPercentForDisplay(toxicity.combined),
    issues: [
      ...localAnestheticToxicityIssues(toxicity),
      ...exparelTimingIssues(forToxicity),
      ...oraverseIssues(forToxicity),
    ],
    notes: [...notes],
  };
}

/**
 * How much more of a variant may be given before its drug's maximum or the combined maximum is
 * reached, whichever comes first, in mg and cartridges (rounded down: never overstated). A
 * cartridge holds the case's custom dilution of the variant when it has one (LA3, LA15: a 2 %
 * lidocaine diluted to 1 % is half the mg per cartridge, so twice the cartridges). Null when the
 * variant has no maximum.
 */
export function remainingFor(
  variantId: string,
  doses: readonly ChartedLocalDose[],
  weightKg: number | null,
  limits: LimitSet,
  dilutionPercent: number | null = null,
): { mg: number; cartridges: number } | null {
  const v = findVariant(variantId);
  if (!v) return null;
  const max = toxicityMaxMg(v, weightKg, limits);
  if (max == null) return null;
  const t = localAnestheticToxicity(
    doses.map((d) => ({ variantId: d.drugVariantId, mg: d.mg, time: d.time })),
    weightKg,
    limits,
  );
  const usedPct = Math.max(t.perDrug[toxicityDrugId(v.drugId)] ?? 0, t.combined);
  const mg = Math.max(0, ((100 - usedPct) / 100) * max);
  const mgPerCartridge = concentrationMgPerMl(v, dilutionPercent) * v.cartridgeMl;
  return { mg: floorTenth(mg), cartridges: floorTenth(mg / mgPerCartridge) };
}

/** Rounds down to 0.1, after dropping binary floating-point noise (51.99999999 is 52). */
function floorTenth(n: number): number {
  return Math.floor(Math.round(n * 1e6) / 1e5) / 10;
}

/** The variants a provider can pick, in catalogue order. */
export const PICKABLE_VARIANTS = LOCAL_ANESTHETIC_VARIANTS;

/** What the tracker says before a local dose is saved (issue 25). */
export interface LocalDoseCheck {
  /** The drug the dose counts under (Exparel under bupivacaine), by name. */
  drugName: string;
  /** mg of that drug after this dose. */
  drugMgAfter: number;
  /** The maximum the dose counts against, in mg, or null (OraVerse, no maximum). */
  maxMg: number | null;
  /** The drug's share of its maximum after the dose, shown rounded up (LA11); null without a maximum. */
  drugPctAfter: number | null;
  /** The combined share of every local anesthetic after the dose, shown rounded up. */
  combinedPctAfter: number;
  /** The dose takes its drug or all local anesthetics combined past 100 % (unrounded, LA11). */
  exceeds: boolean;
}

/**
 * [LA10] [LA11] The check before a local dose is charted: its drug's share and the combined share
 * after the dose, compared unrounded with 100 %. A dose that takes either past 100 % is charted
 * only after an explicit confirmation. Null for an unknown variant.
 */
export function checkLocalDose(
  variantId: string,
  mg: number,
  doses: readonly ChartedLocalDose[],
  weightKg: number | null,
  limits: LimitSet,
): LocalDoseCheck | null {
  const v = findVariant(variantId);
  if (!v) return null;
  const forToxicity = [
    ...doses.map((d) => ({ variantId: d.drugVariantId, mg: d.mg, time: d.time })),
    { variantId, mg, time: null },
  ];
  const after = localAnestheticToxicity(forToxicity, weightKg, limits);
  const drug = v.skipForToxicity ? v.drugId : toxicityDrugId(v.drugId);
  const drugMgAfter = forToxicity.reduce((s, d) => {
    const dv = findVariant(d.variantId);
    return dv && (dv.skipForToxicity ? dv.drugId : toxicityDrugId(dv.drugId)) === drug ? s + d.mg : s;
  }, 0);
  const pct = after.perDrug[drug];
  return {
    drugName: LOCAL_ANESTHETIC_DRUGS[drug].name,
    drugMgAfter: Math.round(drugMgAfter * 100) / 100,
    maxMg: toxicityMaxMg(v, weightKg, limits),
    drugPctAfter: pct === undefined ? null : toxicityPercentForDisplay(pct),
    combinedPctAfter: toxicityPercentForDisplay(after.combined),
    exceeds: (pct ?? 0) > 100 || after.combined > 100,
  };
}

/** The warnings to show when a variant is picked, before any dose (spec 002 §5 age warnings, reminders). */
export function pickWarnings(variantId: string, ageYears: number | null): string[] {
  const v = findVariant(variantId);
  if (!v) return [];
  const drug = LOCAL_ANESTHETIC_DRUGS[v.drugId];
  return [localAnestheticAgeWarning(v.drugId, ageYears), drug.reminder ?? null].filter((t): t is string => t != null);
}
