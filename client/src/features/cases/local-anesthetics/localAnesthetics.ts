import type { LocalDoseEntry as ChartedLocalDose } from '@vigil/shared';
import {
  LOCAL_ANESTHETIC_DRUGS,
  LOCAL_ANESTHETIC_VARIANTS,
  epinephrineIssues,
  epinephrineLimit,
  epinephrineStatus,
  exparelTimingIssues,
  findVariant,
  localAnestheticAgeWarning,
  localAnestheticToxicity,
  localAnestheticCartridgeLimit,
  localAnestheticToxicityIssues,
  maxDoseBinding,
  oraverseIssues,
  toxicityDrugId,
  toxicityMaxMg,
  toxicityPercentForDisplay,
  type CaseCardiacDisease,
  type DoseWeight,
  type Issue,
  type LimitSet,
  type LocalAnestheticDrugId,
  type LocalAnestheticVariant,
  type LocalDoseAmounts,
  kgText,
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
  /** Epinephrine this visit (EP3): mg given (to 0.001), the limit, and the share shown rounded up. */
  epinephrine: { givenMg: number; maxMg: number; pct: number };
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
  cardiac = false,
): TrackerSummary {
  const forToxicity = doses.map((d) => ({ variantId: d.drugVariantId, mg: d.mg, time: d.time }));
  const epi = epinephrineStatus(doses, cardiac);
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
    epinephrine: {
      givenMg: Math.round(epi.givenMg * 1000) / 1000,
      maxMg: epi.maxMg,
      pct: toxicityPercentForDisplay(epi.pct),
    },
    issues: [
      ...localAnestheticToxicityIssues(toxicity),
      ...epinephrineIssues(epi, cardiac),
      ...exparelTimingIssues(forToxicity),
      ...oraverseIssues(forToxicity),
    ],
    notes: [...notes],
  };
}

/**
 * How much more of a variant may be given before its drug's maximum, the combined maximum or the
 * visit's epinephrine (EP5) is reached, whichever comes first, in mg and cartridges (rounded down:
 * never overstated). A cartridge holds the case's custom dilution of the variant when it has one
 * (LA3, LA15: a 2 % lidocaine diluted to 1 % is half the mg per cartridge, so twice the
 * cartridges). Null when the variant has no maximum.
 */
export function remainingFor(
  variantId: string,
  doses: readonly ChartedLocalDose[],
  weightKg: number | null,
  limits: LimitSet,
  dilutionPercent: number | null = null,
  cardiac = false,
): { mg: number; cartridges: number } | null {
  return (
    localAnestheticCartridgeLimit({
      variantId,
      weightKg,
      limits,
      cardiac,
      dilutionPercent,
      doses: forLimits(doses),
    })?.remaining ?? null
  );
}

const forLimits = (doses: readonly ChartedLocalDose[]): { variantId: string; mg: number; epiMg: number }[] =>
  doses.map((d) => ({ variantId: d.drugVariantId, mg: d.mg, epiMg: d.epiMg }));

const SET_NAMES: Record<LimitSet, { maximum: string; published: string }> = {
  manufacturer: { maximum: "the manufacturer's maximum", published: "the manufacturer's label" },
  aapd: { maximum: 'the pediatric dentistry (AAPD) maximum', published: 'the AAPD guideline' },
};

const mgText = (n: number): string => `${Math.round(n * 10) / 10}`;

/**
 * [EP5] [LA18] [IBW2] What limits the next dose of a variant, in plain words: epinephrine (its limit
 * this visit and what was given), all local anesthetics combined, or the drug's own maximum with
 * its source (the spec's limit set, or the label or AAPD guideline where stricter, LA17) and the
 * weight it was worked on (ideal body weight where used); then what the other limit would allow.
 * Null when the variant has no maximum and no epinephrine.
 */
export function limitedByText(q: {
  variantId: string;
  doses: readonly ChartedLocalDose[];
  weight: DoseWeight;
  limits: LimitSet;
  cardiac: boolean;
  dilutionPercent?: number | null;
}): string | null {
  const v = findVariant(q.variantId);
  if (!v) return null;
  const kg = q.weight.kg;
  const limit = localAnestheticCartridgeLimit({
    variantId: q.variantId,
    weightKg: kg,
    limits: q.limits,
    cardiac: q.cardiac,
    dilutionPercent: q.dilutionPercent ?? null,
    doses: forLimits(q.doses),
  });
  if (!limit?.binding) return null;
  const drug = LOCAL_ANESTHETIC_DRUGS[toxicityDrugId(v.drugId)].name;
  const epi = epinephrineStatus(q.doses, q.cardiac);
  const epiText = `epinephrine: ${epinephrineLimit({ cardiac: q.cardiac }).maxMg} mg a visit ${
    q.cardiac ? 'with cardiovascular disease' : 'for a healthy patient'
  } (${Math.round(epi.givenMg * 1000) / 1000} mg given)`;
  const cartridges = (n: number): string => `${n} ${n === 1 ? 'cartridge' : 'cartridges'}`;
  if (limit.binding === 'epinephrine') {
    const other = limit.byDrug ? ` ${drug} alone would allow ${cartridges(limit.byDrug.cartridges)}.` : '';
    return `Limited by ${epiText}.${other}`;
  }
  const t = localAnestheticToxicity(
    q.doses.map((d) => ({ variantId: d.drugVariantId, mg: d.mg })),
    kg,
    q.limits,
  );
  const own = t.perDrug[toxicityDrugId(v.drugId)] ?? 0;
  const epiOther = limit.byEpinephrine ? ` Epinephrine would allow ${cartridges(limit.byEpinephrine.cartridges)}.` : '';
  if (t.combined > own) {
    return `Limited by all local anesthetics combined (${toxicityPercentForDisplay(t.combined)}% of the maximum used).${epiOther}`;
  }
  const lv = v.drugId === 'exparel' ? findVariant('bupivacaine-epi200') : v;
  const set = lv && maxDoseBinding(lv, q.limits, kg) ? q.limits : 'manufacturer';
  const b = lv ? maxDoseBinding(lv, set, kg) : null;
  /* v8 ignore next -- a binding drug always has a maximum (localAnestheticCartridgeLimit) */
  if (!b) return null;
  const source = SET_NAMES[set][b.source === 'published' ? 'published' : 'maximum'];
  if (b.by === 'absolute' || kg == null) return `Limited by ${source}: ${drug} ${mgText(b.mg)} mg in all.${epiOther}`;
  const onIdeal = q.weight.basis === 'ideal';
  return `Limited by ${source}: ${b.ratioMgPerKg} mg/kg × ${kgText(kg)}${
    onIdeal ? ' ideal body weight' : ''
  } = ${mgText(b.mg)} mg ${drug}.${epiOther}`;
}

/** [IBW2] The dosing weight in words: the record prints the same text (RL9), so it lives in shared. */
export { doseWeightText } from '@vigil/shared';

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
  /** Epinephrine this visit after the dose, mg (to 0.001), and its limit (EP1, EP3). */
  epiMgAfter: number;
  epiMaxMg: number;
  /** The dose takes the visit's epinephrine past its limit (unrounded, EP4). */
  epiExceeds: boolean;
  /** The dose takes its drug, all local anesthetics combined (LA11) or epinephrine (EP4) past its limit. */
  exceeds: boolean;
}

/**
 * [LA10] [LA11] [EP4] The check before a local dose is charted: its drug's share and the combined
 * share after the dose, compared unrounded with 100 %, and the visit's epinephrine with its limit.
 * A dose that takes any of them past its limit is charted only after an explicit confirmation.
 * Null for an unknown variant.
 */
export function checkLocalDose(
  variantId: string,
  mg: number,
  doses: readonly ChartedLocalDose[],
  weightKg: number | null,
  limits: LimitSet,
  epinephrine: { epiMg: number; cardiac: boolean } = { epiMg: 0, cardiac: false },
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
  const epiAfter = epinephrineStatus([...doses, { epiMg: epinephrine.epiMg }], epinephrine.cardiac);
  const epiExceeds = epinephrine.epiMg > 0 && epiAfter.givenMg > epiAfter.maxMg;
  return {
    drugName: LOCAL_ANESTHETIC_DRUGS[drug].name,
    drugMgAfter: Math.round(drugMgAfter * 100) / 100,
    maxMg: toxicityMaxMg(v, weightKg, limits),
    drugPctAfter: pct === undefined ? null : toxicityPercentForDisplay(pct),
    combinedPctAfter: toxicityPercentForDisplay(after.combined),
    epiMgAfter: Math.round(epiAfter.givenMg * 1000) / 1000,
    epiMaxMg: epiAfter.maxMg,
    epiExceeds,
    exceeds: (pct ?? 0) > 100 || after.combined > 100 || epiExceeds,
  };
}

/** The warnings to show when a variant is picked, before any dose (spec 002 §5 age warnings, reminders). */
export function pickWarnings(variantId: string, ageYears: number | null): string[] {
  const v = findVariant(variantId);
  if (!v) return [];
  const drug = LOCAL_ANESTHETIC_DRUGS[v.drugId];
  return [localAnestheticAgeWarning(v.drugId, ageYears), drug.reminder ?? null].filter((t): t is string => t != null);
}

/** A dose's unit as the tracker writes it: 'mL', 'mg', 'cartridge' or 'cartridges'. */
export function unitText(unit: ChartedLocalDose['unit'], amount: number): string {
  return unit === 'ml' ? 'mL' : unit === 'mg' ? 'mg' : amount === 1 ? 'cartridge' : 'cartridges';
}

/** Where the case's cardiovascular disease comes from, under its switch (EP2). */
export function cardiacSourceText(heart: CaseCardiacDisease): string {
  if (heart.source === 'healthHistory') return `From the health history: ${heart.conditions.join(', ')}.`;
  if (heart.source === 'case' && heart.conditions.length > 0)
    return `Set on this case; the health history lists ${heart.conditions.join(', ')}.`;
  return heart.source === 'case' ? 'Set on this case.' : 'None in the health history.';
}

/**
 * The lines of the confirmation before a dose past a maximum is charted (issue 25): the dose, the
 * drug's total and maximum after it, the shares, and epinephrine when it passes its limit.
 */
export function overMaximumLines(q: {
  variant: LocalAnestheticVariant;
  amount: number;
  unit: ChartedLocalDose['unit'];
  mg: number;
  check: LocalDoseCheck;
  weightKg: number | null;
  weightWords: string;
  cardiac: boolean;
}): string[] {
  const { check } = q;
  return [
    `${variantLabel(q.variant)}: ${q.amount} ${unitText(q.unit, q.amount)} (${q.mg} mg)`,
    `Total after this dose: ${check.drugMgAfter} mg ${check.drugName}`,
    check.maxMg == null
      ? `${check.drugName} has no maximum`
      : `Maximum: ${check.maxMg} mg ${check.drugName}${q.weightKg == null ? ' (absolute limit only: no weight)' : ` for ${q.weightWords}`}`,
    `${check.drugPctAfter ?? '–'}% of the maximum dose; all local anesthetics combined ${check.combinedPctAfter}%`,
    ...(check.epiExceeds
      ? [
          `Epinephrine after this dose: ${check.epiMgAfter} mg, past the ${check.epiMaxMg} mg limit of a visit${q.cardiac ? ' with cardiovascular disease' : ''}`,
        ]
      : []),
  ];
}

/** A dose as the case keeps it (without its id): what was entered, and what it came to. */
export function localDoseRecord(
  variant: LocalAnestheticVariant,
  time: number,
  amount: number,
  unit: ChartedLocalDose['unit'],
  preview: LocalDoseAmounts,
): Omit<ChartedLocalDose, 'id'> {
  return {
    drugVariantId: variant.id,
    time,
    amount,
    amount_raw: String(amount),
    unit,
    epiConcentration: variant.epi,
    cartridges: preview.cartridges,
    mg: preview.mg,
    epiMg: preview.epiMg,
  };
}
