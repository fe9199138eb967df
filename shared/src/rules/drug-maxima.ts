import { floorTo } from '../units.js';

/**
 * Usual maxima of the parenteral and oral drugs (issue 25; spec 001 §3 "pctOfMax", "maxDose";
 * spec 002 §3). The spec gives no number for these drugs, so each row carries its published
 * source: the FDA label where it states a maximum, else a standard paediatric sedation reference.
 * Where sources differ the smaller figure is used (docs/decisions.md, session 14). The figures
 * are a safety net for charting, not a dosing guide: every row is to be reviewed by the
 * organisation's clinical lead.
 */

/** The routes a dose can be charted by in the drugs form (spec 001 §3: parenteral and oral). */
export type DoseRoute = 'IV' | 'IMAD' | 'IM' | 'IN' | 'PO' | 'SL';

export interface DrugMaximumRow {
  /** The catalogue id (lower-case name, spaces as dashes: 'chloral-hydrate'). */
  readonly drugId: string;
  readonly routes: readonly DoseRoute[];
  /** Applies from this age in years (inclusive); absent for no lower bound. */
  readonly fromAge?: number;
  /** Applies below this age in years (exclusive); absent for no upper bound. */
  readonly belowAge?: number;
  readonly unit: 'mg' | 'mcg';
  /** Maximum per kg of body weight in `unit`/kg, or null where the source gives none. */
  readonly perKg: number | null;
  /** Absolute maximum in `unit`, or null where the source gives none. */
  readonly absolute: number | null;
  /** Where the figures come from. */
  readonly source: string;
}

const LABEL = 'FDA label';

/** Rows: one per drug, routes and age band; at least one of perKg and absolute in each. */
const row = (
  drugId: string,
  routes: readonly DoseRoute[],
  unit: 'mg' | 'mcg',
  perKg: number | null,
  absolute: number | null,
  source: string,
  ages: { fromAge?: number; belowAge?: number } = {},
): DrugMaximumRow => ({ drugId, routes, unit, perKg, absolute, source, ...ages });

const INJECTED: readonly DoseRoute[] = ['IV', 'IMAD', 'IM', 'IN'];
const ORAL: readonly DoseRoute[] = ['PO', 'SL'];
const ALL: readonly DoseRoute[] = [...INJECTED, ...ORAL];

/**
 * [DM1] The maxima table: per drug, route and age band, a per-kg and an absolute maximum for
 * the whole case (doses add up), each with its source. A parenteral route without a row of its
 * own (IMAD, and IN or IM where no separate figure is published) takes the drug's IV row.
 */
export const DRUG_MAXIMA: readonly DrugMaximumRow[] = [
  // Midazolam injection, FDA label (sedation/anxiolysis/amnesia, titrated IV doses).
  row(
    'midazolam',
    ['IV'],
    'mg',
    0.6,
    6,
    `${LABEL}, midazolam injection: 6 months–5 years, total up to 0.6 mg/kg, usually not over 6 mg`,
    { belowAge: 6 },
  ),
  row(
    'midazolam',
    ['IV'],
    'mg',
    0.4,
    10,
    `${LABEL}, midazolam injection: 6–12 years, total up to 0.4 mg/kg, usually not over 10 mg`,
    { fromAge: 6, belowAge: 12 },
  ),
  row(
    'midazolam',
    ['IV'],
    'mg',
    null,
    5,
    `${LABEL}, midazolam injection: 12 years and adults dosed as adults, a total over 5 mg is not usually necessary`,
    { fromAge: 12, belowAge: 60 },
  ),
  row(
    'midazolam',
    ['IV'],
    'mg',
    null,
    3.5,
    `${LABEL}, midazolam injection: 60 years and over, a total over 3.5 mg is not usually necessary`,
    { fromAge: 60 },
  ),
  row(
    'midazolam',
    ['IM'],
    'mg',
    0.15,
    10,
    `${LABEL}, midazolam injection: IM pediatric 0.1–0.15 mg/kg, total usually not over 10 mg`,
    { belowAge: 16 },
  ),
  row('midazolam', ['IM'], 'mg', 0.08, 5, `${LABEL}, midazolam injection: IM adults 0.07–0.08 mg/kg (about 5 mg)`, {
    fromAge: 16,
  }),
  row(
    'midazolam',
    ['IN'],
    'mg',
    0.3,
    10,
    'Pediatric procedural sedation references (Lexicomp Pediatric & Neonatal Dosage Handbook): intranasal 0.2–0.3 mg/kg, maximum 10 mg',
  ),
  row(
    'midazolam',
    ORAL,
    'mg',
    0.5,
    20,
    `${LABEL}, midazolam oral syrup: 0.25–0.5 mg/kg single dose, maximum 20 mg (the label's up to 1 mg/kg for young children is not used: the smaller figure wins)`,
  ),
  // Opioids
  row(
    'fentanyl',
    INJECTED,
    'mcg',
    2,
    100,
    `${LABEL}, fentanyl citrate injection: low dose 2 mcg/kg for minor painful procedures; premedication 50–100 mcg`,
  ),
  row(
    'fentanyl',
    ORAL,
    'mcg',
    5,
    400,
    `${LABEL}, oral transmucosal fentanyl citrate (Fentanyl Oralet): 5–15 mcg/kg, maximum 400 mcg`,
  ),
  row(
    'remifentanil',
    INJECTED,
    'mcg',
    1,
    null,
    `${LABEL}, remifentanil (Ultiva): monitored anesthesia care, single IV dose 0.5–1 mcg/kg`,
  ),
  row(
    'meperidine',
    ALL,
    'mg',
    1.75,
    100,
    `${LABEL}, meperidine: pediatric 1.1–1.75 mg/kg up to the adult dose; preoperative adult 50–100 mg`,
  ),
  row(
    'nalbuphine',
    INJECTED,
    'mg',
    0.3,
    20,
    `${LABEL}, nalbuphine: 10 mg per 70 kg, maximum single dose 20 mg (20 mg / 70 kg ≈ 0.3 mg/kg)`,
  ),
  row(
    'hydrocodone',
    ALL,
    'mg',
    0.15,
    10,
    'Pediatric analgesia references (AAP/Lexicomp): 0.1–0.15 mg/kg; adult single dose up to 10 mg',
  ),
  row('morphine', INJECTED, 'mg', 0.1, 10, `${LABEL}, morphine sulfate injection: 0.1 mg/kg; 10 mg per 70 kg`),
  row(
    'morphine',
    ORAL,
    'mg',
    0.3,
    15,
    `${LABEL}, morphine sulfate oral: adult 15–30 mg; pediatric references 0.2–0.3 mg/kg (the smaller figures)`,
  ),
  // Hypnotics and dissociatives
  row(
    'propofol',
    ['IV'],
    'mg',
    2.5,
    null,
    `${LABEL}, propofol (Diprivan): induction 2–2.5 mg/kg adults, 2.5–3.5 mg/kg 3–16 years (the smaller figure)`,
    { belowAge: 55 },
  ),
  row('propofol', ['IV'], 'mg', 1.5, null, `${LABEL}, propofol (Diprivan): 55 years and over, 1–1.5 mg/kg`, {
    fromAge: 55,
  }),
  row('methohexital', ['IV'], 'mg', 1.5, null, `${LABEL}, methohexital (Brevital): IV induction 1–1.5 mg/kg`),
  row(
    'ketamine',
    ['IV', 'IMAD', 'IN'],
    'mg',
    2,
    null,
    `${LABEL}, ketamine: IV 1–4.5 mg/kg, an average of 2 mg/kg gives 5–10 minutes of anesthesia`,
  ),
  row(
    'ketamine',
    ['IM'],
    'mg',
    4,
    null,
    'ACEP clinical practice guideline, ketamine dissociative sedation: IM 4–5 mg/kg (the label gives 6.5–13 mg/kg for anesthesia)',
  ),
  row('ketamine', ORAL, 'mg', 5, null, 'Pediatric premedication references: oral ketamine 5–6 mg/kg'),
  row(
    'dexmedetomidine',
    ['IV', 'IMAD', 'IM'],
    'mcg',
    1,
    null,
    `${LABEL}, dexmedetomidine (Precedex): procedural sedation loading dose 1 mcg/kg (0.5 mcg/kg for less invasive procedures)`,
  ),
  row(
    'dexmedetomidine',
    ['IN'],
    'mcg',
    2,
    100,
    'Pediatric sedation references: intranasal dexmedetomidine 1–2 mcg/kg, maximum 100 mcg',
  ),
  row(
    'dexmedetomidine',
    ORAL,
    'mcg',
    2,
    120,
    `${LABEL}, dexmedetomidine sublingual film (Igalmi): 120 mcg for mild to moderate agitation; pediatric oral 1–2 mcg/kg`,
  ),
  row(
    'chloral-hydrate',
    ORAL,
    'mg',
    50,
    1000,
    'AAPD sedation references: 25–50 mg/kg, maximum 1 g (no longer FDA approved)',
  ),
  // Benzodiazepines and other oral sedatives
  row(
    'triazolam',
    ORAL,
    'mg',
    null,
    0.5,
    `${LABEL}, triazolam (Halcion): maximum 0.5 mg (dental sedation 0.25–0.5 mg)`,
    { belowAge: 65 },
  ),
  row('triazolam', ORAL, 'mg', null, 0.25, `${LABEL}, triazolam (Halcion): 65 years and over, maximum 0.25 mg`, {
    fromAge: 65,
  }),
  row(
    'diazepam',
    ORAL,
    'mg',
    0.3,
    10,
    'Pediatric dental sedation references: oral diazepam 0.2–0.3 mg/kg, maximum 10 mg',
  ),
  row(
    'lorazepam',
    ALL,
    'mg',
    0.05,
    2,
    `${LABEL}, lorazepam injection: preanesthetic 0.05 mg/kg, maximum 4 mg; pediatric references 0.05 mg/kg, maximum 2 mg (the smaller)`,
  ),
  row('alprazolam', ORAL, 'mg', null, 0.5, `${LABEL}, alprazolam (Xanax): 0.25–0.5 mg per dose`, { belowAge: 65 }),
  row('alprazolam', ORAL, 'mg', null, 0.25, `${LABEL}, alprazolam (Xanax): elderly or debilitated, 0.25 mg per dose`, {
    fromAge: 65,
  }),
  row('zaleplon', ORAL, 'mg', null, 10, `${LABEL}, zaleplon (Sonata): 10 mg (up to 20 mg; the smaller figure)`, {
    belowAge: 65,
  }),
  row('zaleplon', ORAL, 'mg', null, 5, `${LABEL}, zaleplon (Sonata): elderly, 5 mg`, { fromAge: 65 }),
  row(
    'hydroxyzine',
    ALL,
    'mg',
    0.6,
    100,
    `${LABEL}, hydroxyzine: premedication 0.6 mg/kg in children, 50–100 mg in adults`,
  ),
  row(
    'clonidine',
    ORAL,
    'mg',
    0.004,
    0.2,
    'Pediatric premedication references: oral clonidine 2–4 mcg/kg (0.004 mg/kg), adult 0.2 mg',
  ),
  // Antihistamines and antiemetics
  row(
    'diphenhydramine',
    ALL,
    'mg',
    1.25,
    50,
    `${LABEL}, diphenhydramine: children 5 mg/kg per 24 hours in four doses (1.25 mg/kg), adults 10–50 mg`,
  ),
  row(
    'promethazine',
    ALL,
    'mg',
    1,
    25,
    `${LABEL}, promethazine: children 2 years and over 0.5–1 mg/kg, not over half the adult dose (25 mg)`,
    { belowAge: 12 },
  ),
  row('promethazine', ALL, 'mg', null, 50, `${LABEL}, promethazine: sedation in adults 25–50 mg`, { fromAge: 12 }),
  row(
    'ondansetron',
    INJECTED,
    'mg',
    0.1,
    4,
    `${LABEL}, ondansetron injection: postoperative nausea 0.1 mg/kg up to 40 kg, 4 mg`,
  ),
  row(
    'ondansetron',
    ORAL,
    'mg',
    0.15,
    8,
    `${LABEL}, ondansetron tablets: 4 mg (4–11 years) to 8 mg; pediatric references 0.15 mg/kg`,
  ),
  row(
    'dexamethasone',
    ALL,
    'mg',
    0.15,
    8,
    'Consensus guidelines for postoperative nausea and vomiting (SAMBA 2020): 0.15 mg/kg in children, 4–8 mg, maximum 8 mg',
  ),
  // Anticholinergics, analgesics, reversal agents
  row(
    'glycopyrrolate',
    INJECTED,
    'mg',
    0.01,
    0.2,
    `${LABEL}, glycopyrrolate injection: preanesthetic 0.004 mg/kg; intraoperative 0.1 mg repeated; the usual total 0.01 mg/kg, 0.2 mg`,
  ),
  row(
    'atropine',
    INJECTED,
    'mg',
    0.04,
    1,
    'PALS: atropine 0.02 mg/kg per dose, total 0.04 mg/kg, maximum total 1 mg in a child',
    { belowAge: 12 },
  ),
  row('atropine', INJECTED, 'mg', null, 3, 'ACLS: atropine total 3 mg (0.04 mg/kg)', { fromAge: 12 }),
  row(
    'ketorolac',
    INJECTED,
    'mg',
    0.5,
    15,
    `${LABEL}, ketorolac injection: pediatric single IV dose 0.5 mg/kg up to 15 mg`,
    { belowAge: 17 },
  ),
  row(
    'ketorolac',
    INJECTED,
    'mg',
    null,
    30,
    `${LABEL}, ketorolac injection: single IV dose 30 mg (15 mg at 65 or over, or under 50 kg)`,
    { fromAge: 17, belowAge: 65 },
  ),
  row('ketorolac', INJECTED, 'mg', null, 15, `${LABEL}, ketorolac injection: 65 years and over, single IV dose 15 mg`, {
    fromAge: 65,
  }),
  row(
    'ketorolac',
    ORAL,
    'mg',
    null,
    10,
    `${LABEL}, ketorolac tablets: 10 mg per dose, only as continuation of IV or IM therapy, not under 17`,
  ),
  row(
    'acetaminophen',
    ALL,
    'mg',
    15,
    1000,
    `${LABEL}, acetaminophen injection (Ofirmev): 15 mg/kg up to 750 mg under 50 kg, 1000 mg per dose`,
  ),
  row(
    'flumazenil',
    INJECTED,
    'mg',
    0.05,
    1,
    `${LABEL}, flumazenil: pediatric total 0.05 mg/kg or 1 mg, whichever is lower; adults 1 mg for reversal of sedation`,
  ),
  row(
    'naloxone',
    INJECTED,
    'mg',
    0.1,
    10,
    `${LABEL}, naloxone: pediatric 0.01 then 0.1 mg/kg; if there is no response after 10 mg the diagnosis should be questioned`,
  ),
];

/** A row applies at an age; an unknown age matches every band (the strictest then applies). */
function inBand(r: DrugMaximumRow, ageYears: number | null): boolean {
  if (ageYears == null) return true;
  return (r.fromAge == null || ageYears >= r.fromAge) && (r.belowAge == null || ageYears < r.belowAge);
}

/**
 * [OD4] The rows a drug's maximum is read from: the catalogue's (DM1) for every drug it knows; an
 * office's rows (`officeMaximumRows`) only for a drug the catalogue has no row for, so an office
 * never loosens or replaces a catalogue limit.
 */
function tableFor(drugId: string, officeRows: readonly DrugMaximumRow[]): readonly DrugMaximumRow[] {
  return DRUG_MAXIMA.some((r) => r.drugId === drugId) ? DRUG_MAXIMA : officeRows;
}

function rowsFor(drugId: string, route: DoseRoute, officeRows: readonly DrugMaximumRow[]): DrugMaximumRow[] {
  const table = tableFor(drugId, officeRows);
  const own = table.filter((r) => r.drugId === drugId && r.routes.includes(route));
  if (own.length > 0 || route === 'PO' || route === 'SL') return own;
  // A parenteral route without a row of its own takes the drug's IV row.
  return table.filter((r) => r.drugId === drugId && r.routes.includes('IV'));
}

const isDoseRoute = (route: string): route is DoseRoute =>
  route === 'IV' || route === 'IMAD' || route === 'IM' || route === 'IN' || route === 'PO' || route === 'SL';

/** A weight the per-kg maximum can be applied to: finite and above 0 kg. */
const usableWeight = (kg: number | null | undefined): kg is number => kg != null && Number.isFinite(kg) && kg > 0;
const usableAge = (age: number | null | undefined): age is number => age != null && Number.isFinite(age) && age >= 0;

export interface DrugMaximum {
  readonly drugId: string;
  readonly route: DoseRoute;
  readonly unit: 'mg' | 'mcg';
  /** The maximum for this patient: the smaller of per-kg × weight and the absolute, down to 0.01. */
  readonly maxDose: { readonly amount: number; readonly unit: 'mg' | 'mcg' };
  readonly perKg: number | null;
  readonly absolute: number | null;
  /** False without a usable weight: only the absolute maximum could be applied. */
  readonly perKgChecked: boolean;
  /** False without a known age: the strictest figure of every age band applied. */
  readonly ageChecked: boolean;
  readonly source: string;
}

/**
 * [DM2] A drug's maximum for this patient by this route: the row of the patient's age band (DM1);
 * the smaller of per-kg × weight and the absolute, rounded down to 0.01 (never overstated).
 * Without a usable weight only the absolute applies (perKgChecked false); without a known age the
 * smallest per-kg and the smallest absolute of all its bands apply (ageChecked false). Null for a
 * drug or route the table has no row for, or when no maximum can be worked out (a per-kg-only
 * maximum without a weight).
 */
export function drugMaximum(
  drugId: string,
  /** A drug route (spec 001 §3); only the parenteral and oral ones have maxima. */
  route: string,
  weightKg: number | null,
  ageYears: number | null,
  /** The office's maxima of its own drugs (OD4); never used for a drug the catalogue knows. */
  officeRows: readonly DrugMaximumRow[] = [],
): DrugMaximum | null {
  if (!isDoseRoute(route)) return null;
  const age = usableAge(ageYears) ? ageYears : null;
  const rows = rowsFor(drugId, route, officeRows).filter((r) => inBand(r, age));
  if (rows.length === 0) return null;
  const smallest = (xs: (number | null)[]): number | null => {
    const known = xs.filter((x): x is number => x != null);
    return known.length === 0 ? null : Math.min(...known);
  };
  const perKg = smallest(rows.map((r) => r.perKg));
  const absolute = smallest(rows.map((r) => r.absolute));
  const byWeight = perKg != null && usableWeight(weightKg) ? perKg * weightKg : Number.POSITIVE_INFINITY;
  const max = Math.min(byWeight, absolute ?? Number.POSITIVE_INFINITY);
  if (!Number.isFinite(max)) return null;
  const unit = rows[0]!.unit;
  return {
    drugId,
    route,
    unit,
    maxDose: { amount: floorTo(max, 2), unit },
    perKg,
    absolute,
    perKgChecked: usableWeight(weightKg) || perKg == null,
    ageChecked: age != null || rows.length === 1,
    source: [...new Set(rows.map((r) => r.source))].join('; '),
  };
}

/** Whether the table (or, for a drug it does not know, the office's rows, OD4) knows a drug at all (by any route). */
export function hasDrugMaxima(drugId: string, officeRows: readonly DrugMaximumRow[] = []): boolean {
  return tableFor(drugId, officeRows).some((r) => r.drugId === drugId);
}

export interface DrugAgeWarning {
  readonly drugId: string;
  /** Routes it applies to; absent for every route. */
  readonly routes?: readonly DoseRoute[];
  /** Warns for patients younger than this, in years. */
  readonly belowAge: number;
  readonly text: string;
  readonly source: string;
}

/** [DM6] Age warnings of the parenteral and oral drugs, each with its source (Vigil's texts). */
export const DRUG_AGE_WARNINGS: readonly DrugAgeWarning[] = [
  {
    drugId: 'promethazine',
    belowAge: 2,
    text: 'Promethazine is contraindicated in children under 2 years: fatal respiratory depression has been reported.',
    source: `${LABEL}, promethazine: boxed warning`,
  },
  {
    drugId: 'fentanyl',
    routes: INJECTED,
    belowAge: 2,
    text: 'Fentanyl injection: safety and efficacy in children under 2 years have not been established.',
    source: `${LABEL}, fentanyl citrate injection: pediatric use`,
  },
  ...(['triazolam', 'alprazolam', 'zaleplon'] as const).map((drugId) => ({
    drugId,
    belowAge: 18,
    text: `${drugId.charAt(0).toUpperCase()}${drugId.slice(1)}: safety and effectiveness in patients under 18 have not been established.`,
    source: `${LABEL}, ${drugId}: pediatric use`,
  })),
  {
    drugId: 'ketorolac',
    routes: ORAL,
    belowAge: 17,
    text: 'Ketorolac tablets are not indicated for patients under 17.',
    source: `${LABEL}, ketorolac tablets: pediatric use`,
  },
];

/**
 * [DM6] The age warning of a drug by a route for a patient younger than its age, shown as soon
 * as the drug is picked; null when none applies or the age is not known.
 */
export function drugAgeWarning(drugId: string, route: string, ageYears: number | null): DrugAgeWarning | null {
  if (!usableAge(ageYears)) return null;
  return (
    DRUG_AGE_WARNINGS.find(
      (w) =>
        w.drugId === drugId &&
        ageYears < w.belowAge &&
        (w.routes == null || (isDoseRoute(route) && w.routes.includes(route))),
    ) ?? null
  );
}
