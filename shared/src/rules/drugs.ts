import { MASS_UNIT_STEP } from '../constants/case.js';
import { MINUTE, HOUR } from '../constants/time.js';
import type { DrugRoute, SedationLevel } from '../enums.js';
import { FLUID_ROUTES, ORAL_ROUTES, PARENTERAL_ROUTES } from '../enums.js';
import { ceilTo, roundTo } from '../units.js';
import { kgText } from './bmi.js';
import type { Issue } from '../case-data/issue.js';
import { warningIssue as warning } from '../case-data/issue.js';
import { drugMaximum, hasDrugMaxima, type DrugMaximum, type DrugMaximumRow } from './drug-maxima.js';

export * from './drug-maxima.js';

/** Drugs other than local anesthetics (spec 001 §3, §5; spec 002 §3, §9). */

export type RouteGroup = 'parenteral' | 'oral' | 'local' | 'infusion' | 'inhalation' | 'fluid';

/**
 * [DR1] Route groups (spec 001 §3, §5): parenteral IV, IMAD, IM, IN; oral PO, SL; local;
 * infusion and infusionBolus; inhalation; fluid, fluidBolus and syringeFlush.
 */
export function routeGroup(route: DrugRoute): RouteGroup {
  if ((PARENTERAL_ROUTES as readonly string[]).includes(route)) return 'parenteral';
  if ((ORAL_ROUTES as readonly string[]).includes(route)) return 'oral';
  if ((FLUID_ROUTES as readonly string[]).includes(route)) return 'fluid';
  if (route === 'infusion' || route === 'infusionBolus') return 'infusion';
  return route === 'local' ? 'local' : 'inhalation';
}

export type MassUnit = 'g' | 'mg' | 'mcg';
const MASS_EXPONENT: Readonly<Record<MassUnit, number>> = { g: 2, mg: 1, mcg: 0 };

/** [DR2] Mass conversion in steps of 1000 between g, mg and mcg (spec 001 §9). */
export function convertMass(amount: number, from: MassUnit, to: MassUnit): number {
  const power = MASS_EXPONENT[from] - MASS_EXPONENT[to];
  const factor = MASS_UNIT_STEP ** Math.abs(power);
  return roundTo(power >= 0 ? amount * factor : amount / factor, 9);
}

/** [DR3] A dose per kg (spec 001 §3 "perKg"): amount / weight to 2 decimals; null without a positive weight. */
export function dosePerKg(amount: number, weightKg: number | null): number | null {
  if (weightKg == null || !Number.isFinite(weightKg) || weightKg <= 0 || !Number.isFinite(amount)) return null;
  return roundTo(amount / weightKg, 2);
}

export interface Mass {
  readonly amount: number;
  readonly unit: MassUnit;
}

/**
 * [DR4] A dose's percent of its drug's maximum (spec 001 §3 "pctOfMax"), unrounded so that a
 * check against 100 % sees the true value; round only for display (`pctOfMaxForDisplay`). Null
 * without a positive maximum or with a non-finite dose.
 */
export function dosePctOfMax(dose: Mass, maxDose: Mass | null | undefined): number | null {
  if (maxDose == null || !(maxDose.amount > 0) || !Number.isFinite(dose.amount)) return null;
  return (convertMass(dose.amount, dose.unit, maxDose.unit) / maxDose.amount) * 100;
}

/** [DR4] pctOfMax as shown: rounded up to 0.1 %, so a share above 100 % never shows as 100 %. */
export function pctOfMaxForDisplay(pct: number): number {
  return ceilTo(pct, 1);
}

export interface DoseForTotals extends Mass {
  readonly isPreProcedure?: boolean;
  /** The dose's route; with `maxima`, each dose counts against its own route's maximum (DM2). */
  readonly route?: string;
}

export interface DrugTotals {
  readonly unit: MassUnit;
  readonly total: number;
  readonly givenDuringProcedure: number;
  readonly totalDrawn: number | null;
  /** Null when drug waste is not calculated. */
  readonly wasted: number | null;
  readonly maxDose: Mass | null;
  readonly pctOfMax: number | null;
  /** With `maxima`: the maximum of each route the doses were given by (DM2), strictest first. */
  readonly maxima?: readonly DrugMaximum[];
  /** With `maxima`: doses (their indexes) that could not be counted against any maximum. */
  readonly uncounted?: readonly number[];
}

/** Who the maxima are worked out for (DM2): the drug, the patient's weight and age. */
export interface MaximaFor {
  readonly drugId: string;
  readonly weightKg: number | null;
  readonly ageYears: number | null;
  /** The office's maxima of its own drugs (OD4); the catalogue's win for every drug it knows. */
  readonly officeRows?: readonly DrugMaximumRow[];
}

/**
 * [DM3] The doses' cumulative share of their maxima in percent, unrounded: each dose adds its
 * amount over its own route's maximum (DM2), so 7.5 mg PO (of 7.5 mg) and 3 mg IV (of 6 mg) are
 * 150 %. Doses by a route without a maximum, or in a unit other than g, mg or mcg, are listed in
 * `uncounted` (never dropped silently). `maxima` lists each route's maximum, strictest first.
 */
export function cumulativePctOfMax(
  doses: readonly { amount: number; unit: string; route?: string }[],
  q: MaximaFor,
): { pct: number | null; maxima: DrugMaximum[]; uncounted: number[] } {
  let pct: number | null = null;
  const maxima = new Map<string, DrugMaximum>();
  const uncounted: number[] = [];
  doses.forEach((d, i) => {
    const m = d.route == null ? null : drugMaximum(q.drugId, d.route, q.weightKg, q.ageYears, q.officeRows);
    const share = m != null && isMass(d.unit) ? dosePctOfMax({ amount: d.amount, unit: d.unit }, m.maxDose) : null;
    if (m == null || share == null) {
      uncounted.push(i);
      return;
    }
    maxima.set(m.route, m);
    pct = (pct ?? 0) + share;
  });
  const strictest = [...maxima.values()].sort(
    (a, b) => convertMass(a.maxDose.amount, a.unit, 'mcg') - convertMass(b.maxDose.amount, b.unit, 'mcg'),
  );
  return { pct, maxima: strictest, uncounted };
}

const isMass = (u: string): u is MassUnit => u === 'g' || u === 'mg' || u === 'mcg';

/**
 * [DR5] Drug totals (spec 001 §3): total of all doses; givenDuringProcedure excludes pre-procedure
 * doses; totalDrawn is the sum drawn; wasted = drawn − total (never below 0) only when
 * calculateDrugWaste is on. pctOfMax is the cumulative total's share of maxDose.
 * [DM3] With `maxima` (drug, weight, age) the maxima come from the table (DM2): maxDose is the
 * strictest maximum of the routes given by and pctOfMax the doses' cumulative share (DM3), each
 * dose against its own route's maximum.
 */
export function drugTotals(q: {
  unit: MassUnit;
  doses: readonly DoseForTotals[];
  drawn?: readonly Mass[];
  calculateDrugWaste: boolean;
  maxDose?: Mass | null;
  maxima?: MaximaFor;
}): DrugTotals {
  const inUnit = (m: Mass): number => convertMass(m.amount, m.unit, q.unit);
  const total = roundTo(
    q.doses.reduce((s, d) => s + inUnit(d), 0),
    6,
  );
  const during = roundTo(
    q.doses.filter((d) => d.isPreProcedure !== true).reduce((s, d) => s + inUnit(d), 0),
    6,
  );
  const totalDrawn =
    q.drawn == null || q.drawn.length === 0
      ? null
      : roundTo(
          q.drawn.reduce((s, d) => s + inUnit(d), 0),
          6,
        );
  const wasted = q.calculateDrugWaste && totalDrawn != null ? Math.max(0, roundTo(totalDrawn - total, 6)) : null;
  const base = { unit: q.unit, total, givenDuringProcedure: during, totalDrawn, wasted };
  if (q.maxima) {
    const c = cumulativePctOfMax(q.doses, q.maxima);
    return {
      ...base,
      maxDose: c.maxima[0]?.maxDose ?? null,
      pctOfMax: c.pct,
      maxima: c.maxima,
      uncounted: c.uncounted,
    };
  }
  const maxDose = q.maxDose ?? null;
  return { ...base, maxDose, pctOfMax: dosePctOfMax({ amount: total, unit: q.unit }, maxDose) };
}

/** A dose about to be charted, and the drug's doses already charted (every route). */
export interface DoseCheckInput {
  readonly drugId: string;
  readonly drugName: string;
  readonly dose: { readonly amount: number; readonly unit: string; readonly route: string };
  readonly given: readonly { readonly amount: number; readonly unit: string; readonly route: string }[];
  readonly weightKg: number | null;
  readonly ageYears: number | null;
  /** The office's maxima of its own drugs (OD4). */
  readonly officeRows?: readonly DrugMaximumRow[];
}

export interface DoseCheck {
  readonly drugName: string;
  /** The maximum by this dose's route, or null when the table has none (DM2). */
  readonly maximum: DrugMaximum | null;
  /** Amount by this route after this dose, in the maximum's unit (the dose's unit without one). */
  readonly routeTotalAfter: number;
  readonly unit: string;
  /** Cumulative share across every route before and after this dose (DM3), unrounded. */
  readonly pctBefore: number | null;
  readonly pctAfter: number | null;
  /** The dose takes the drug past 100 % of its maximum: it needs an explicit confirmation. */
  readonly exceeds: boolean;
}

/**
 * [DM4] The check before a dose is saved: the drug's cumulative share across every route before
 * and after the dose (DM3) and the route's total after it. `exceeds` when the share after the
 * dose is above 100 % (a dose that brings the drug to exactly 100 % does not need confirming);
 * such a dose is charted only after an explicit confirmation (issue 25).
 */
export function checkDoseAgainstMaximum(q: DoseCheckInput): DoseCheck {
  const who = { drugId: q.drugId, weightKg: q.weightKg, ageYears: q.ageYears, officeRows: q.officeRows };
  const before = cumulativePctOfMax(q.given, who).pct;
  const after = cumulativePctOfMax([...q.given, q.dose], who).pct;
  const maximum = drugMaximum(q.drugId, q.dose.route, q.weightKg, q.ageYears, q.officeRows);
  const unit = maximum?.unit ?? q.dose.unit;
  const sameRoute = [...q.given, q.dose].filter((d) => d.route === q.dose.route && isMass(d.unit));
  const routeTotalAfter = isMass(unit)
    ? roundTo(
        sameRoute.reduce((s, d) => s + convertMass(d.amount, d.unit as MassUnit, unit), 0),
        6,
      )
    : q.dose.amount;
  return {
    drugName: q.drugName,
    maximum,
    routeTotalAfter,
    unit,
    pctBefore: before,
    pctAfter: after,
    exceeds: after != null && after > 100,
  };
}

/** Vigil's texts for drug maxima (the spec words none; docs/decisions.md, session 14). */
export const DRUG_MAXIMUM_TEXTS = {
  maximum: (m: DrugMaximum, weightKg: number | null): string => {
    const parts = [
      m.perKg != null && weightKg != null && m.perKgChecked ? `${m.perKg} ${m.unit}/kg for ${kgText(weightKg)}` : null,
      m.absolute != null ? `at most ${m.absolute} ${m.unit}` : null,
    ].filter(Boolean);
    return `${m.maxDose.amount} ${m.unit} ${m.route}${parts.length ? ` (${parts.join(', ')})` : ''}`;
  },
  overMaximum: (name: string, pct: number): string => `${name} is at ${pct}% of its maximum dose`,
  weightMissing: (name: string): string =>
    `No weight recorded: only the absolute maximum of ${name} is checked; the per-kg maximum cannot be checked until a weight is entered.`,
  ageMissing: (name: string): string => `No birth date recorded: the strictest maximum of ${name} for any age is used.`,
  noMaximum: (name: string, route: string): string =>
    `${name} ${route} has no maximum on file: this dose is not checked against a maximum.`,
  confirmTitle: 'Over the maximum dose',
  confirmAction: 'Give anyway',
} as const;

/** [DM4] The confirmation's lines: the drug and dose, the total after it, the maximum and the percent. */
export function overMaximumLines(
  c: DoseCheck,
  dose: { amount: number; unit: string; route: string },
  weightKg: number | null,
): string[] {
  const pct = c.pctAfter == null ? null : pctOfMaxForDisplay(c.pctAfter);
  return [
    `${c.drugName} ${dose.amount} ${dose.unit} ${dose.route}`,
    `Total after this dose: ${c.routeTotalAfter} ${c.unit} ${dose.route}`,
    c.maximum ? `Maximum: ${DRUG_MAXIMUM_TEXTS.maximum(c.maximum, weightKg)}` : `No maximum for ${dose.route}`,
    pct == null
      ? ''
      : `${pct}% of the maximum dose${c.pctBefore != null && c.pctBefore > 0 ? ' (all routes counted)' : ''}`,
  ].filter((l) => l !== '');
}

/**
 * [DM5] Drug maximum warnings (never blocking): DRUG_MAX_EXCEEDED when a drug's cumulative share
 * (DM3, all routes) is above 100 % (shown rounded up, DR4); DRUG_WEIGHT_MISSING when a per-kg
 * maximum could not be applied; DRUG_AGE_MISSING when the age was unknown and the strictest band
 * applied; DRUG_NO_MAXIMUM for a dose of a catalogue drug by a route the table has no maximum for.
 */
export function drugMaximumIssues(
  drugs: readonly { name: string; drugId: string; doses: readonly { amount: number; unit: string; route: string }[] }[],
  weightKg: number | null,
  ageYears: number | null,
  officeRows: readonly DrugMaximumRow[] = [],
): Issue[] {
  const T = DRUG_MAXIMUM_TEXTS;
  const issues: Issue[] = [];
  for (const d of drugs) {
    const c = cumulativePctOfMax(d.doses, { drugId: d.drugId, weightKg, ageYears, officeRows });
    const path = ['drugsAdministered', d.drugId];
    if (c.pct != null && c.pct > 100) {
      issues.push(warning('DRUG_MAX_EXCEEDED', T.overMaximum(d.name, pctOfMaxForDisplay(c.pct)), path));
    }
    if (c.maxima.some((m) => !m.perKgChecked))
      issues.push(warning('DRUG_WEIGHT_MISSING', T.weightMissing(d.name), path));
    if (c.maxima.some((m) => !m.ageChecked)) issues.push(warning('DRUG_AGE_MISSING', T.ageMissing(d.name), path));
    if (hasDrugMaxima(d.drugId, officeRows)) {
      for (const route of new Set(c.uncounted.map((i) => d.doses[i]!.route))) {
        issues.push(warning('DRUG_NO_MAXIMUM', T.noMaximum(d.name, route), path));
      }
    }
  }
  return issues;
}

/** [DR6] Pre-meds count only with a drugId and a drugName (spec 001 §5). */
export function countablePreMeds<T extends { drugId?: unknown; drugName?: unknown }>(preMeds: readonly T[]): T[] {
  return preMeds
    .filter(
      (p) =>
        (typeof p.drugId === 'string' && p.drugId.trim() !== '') ||
        (typeof p.drugId === 'number' && Number.isFinite(p.drugId)),
    )
    .filter((p) => typeof p.drugName === 'string' && p.drugName.trim() !== '');
}

export interface OralSedative {
  readonly id: string;
  readonly name: string;
  readonly unit: 'mg' | 'mcg';
  readonly common: boolean;
  readonly availableRoutes: readonly ('PO' | 'SL')[];
}

const ORAL_SEDATIVE_NAMES = [
  'Clonidine',
  'Triazolam',
  'Diazepam',
  'Zaleplon',
  'Lorazepam',
  'Hydroxyzine',
  'Midazolam',
  'Alprazolam',
  'Ketamine',
  'Meperidine',
  'Hydrocodone',
  'Morphine',
  'Chloral hydrate',
  'Fentanyl',
  'Promethazine',
  'Diphenhydramine',
  'Dexmedetomidine',
] as const;

/**
 * [DR7] Oral sedative catalogue (spec 002 §9): 17 drugs, default unit mg (Fentanyl and
 * Dexmedetomidine mcg), default routes PO and SL. "common" is not shown in the spec: false.
 */
export const ORAL_SEDATIVES: readonly OralSedative[] = ORAL_SEDATIVE_NAMES.map((name) => ({
  id: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  unit: name === 'Fentanyl' || name === 'Dexmedetomidine' ? 'mcg' : 'mg',
  common: false,
  availableRoutes: ['PO', 'SL'],
}));

export interface ParenteralDrug {
  readonly id: string;
  readonly name: string;
  readonly unit: 'mg' | 'mcg';
}

const PARENTERAL_NAMES: readonly (readonly [string, 'mg' | 'mcg'])[] = [
  ['Midazolam', 'mg'],
  ['Fentanyl', 'mcg'],
  ['Propofol', 'mg'],
  ['Ketamine', 'mg'],
  ['Dexmedetomidine', 'mcg'],
  ['Meperidine', 'mg'],
  ['Nalbuphine', 'mg'],
  ['Remifentanil', 'mcg'],
  ['Methohexital', 'mg'],
  ['Diphenhydramine', 'mg'],
  ['Promethazine', 'mg'],
  ['Glycopyrrolate', 'mg'],
  ['Atropine', 'mg'],
  ['Ondansetron', 'mg'],
  ['Dexamethasone', 'mg'],
  ['Ketorolac', 'mg'],
  ['Acetaminophen', 'mg'],
  ['Flumazenil', 'mg'],
  ['Naloxone', 'mg'],
];

/** A drug's catalogue id: its name in lower case, spaces as dashes ('chloral-hydrate'). */
export function drugSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/**
 * [DR12] Parenteral drugs offered by name (IV, IMAD, IM, IN). The spec names no parenteral
 * catalogue (decision, session 14): the drugs a dental sedation office commonly gives, in their
 * usual unit; their maxima are DRUG_MAXIMA's (DM1). Any other name may be typed.
 */
export const PARENTERAL_DRUGS: readonly ParenteralDrug[] = PARENTERAL_NAMES.map(([name, unit]) => ({
  id: drugSlug(name),
  name,
  unit,
}));

export interface InhalationAgent {
  readonly id: string;
  readonly name: string;
  readonly unit: 'L/min' | '%';
  readonly step: number | null;
  readonly max: number | null;
  readonly isAA: boolean;
  readonly deepGaOnly: boolean;
  readonly sortOrder: number;
}

/**
 * [DR8] Inhalation agents (spec 002 §9): Oxygen; Nitrous Oxide max 25 L/min step 0.5;
 * Sevoflurane max 8 %; Desflurane 18 %; Isoflurane 5 %; Medical Air deep or GA only.
 * Values the spec does not show are null.
 */
export const INHALATION_AGENTS: readonly InhalationAgent[] = [
  { id: 'oxygen', name: 'Oxygen', unit: 'L/min', step: null, max: null, isAA: false, deepGaOnly: false, sortOrder: 0 },
  {
    id: 'nitrous',
    name: 'Nitrous Oxide',
    unit: 'L/min',
    step: 0.5,
    max: 25,
    isAA: false,
    deepGaOnly: false,
    sortOrder: 1,
  },
  {
    id: 'sevoflurane',
    name: 'Sevoflurane',
    unit: '%',
    step: null,
    max: 8,
    isAA: true,
    deepGaOnly: false,
    sortOrder: 2,
  },
  { id: 'desflurane', name: 'Desflurane', unit: '%', step: null, max: 18, isAA: true, deepGaOnly: false, sortOrder: 3 },
  { id: 'isoflurane', name: 'Isoflurane', unit: '%', step: null, max: 5, isAA: true, deepGaOnly: false, sortOrder: 4 },
  {
    id: 'medicalAir',
    name: 'Medical Air',
    unit: 'L/min',
    step: null,
    max: null,
    isAA: false,
    deepGaOnly: true,
    sortOrder: 5,
  },
];

/** [DR9] Agents offered at a sedation level: Medical Air only for deep or GA (spec 002 §9). */
export function inhalationAgentsFor(level: SedationLevel | null): InhalationAgent[] {
  return INHALATION_AGENTS.filter((a) => !a.deepGaOnly || level === 'deep' || level === 'ga');
}

/** [DR10] An inhalation value error: 'max is {n}' above the agent's max, 'min is 0' below zero; null when valid. */
export function inhalationValueError(agent: InhalationAgent, value: number): string | null {
  if (!Number.isFinite(value)) return 'invalid value';
  if (agent.max != null && value > agent.max) return `max is ${agent.max}`;
  if (value < 0) return 'min is 0';
  return null;
}

export type InfusionRateUnit = `${MassUnit}/kg/min` | `${MassUnit}/kg/hr` | `${MassUnit}/min` | `${MassUnit}/hr`;

export interface InfusionSegment {
  readonly rate: number;
  readonly rateUnit: InfusionRateUnit;
  readonly start: number;
  /** Epoch ms; null while running (then `now` closes it). */
  readonly end: number | null;
}

/**
 * [DR11] Infusion total (spec 001 §3 "Infusion drug"): boluses plus each segment's rate ×
 * duration, per-kg rates times the pump weight (pumpKg), in the drug's unit to 3 decimals.
 * Null when a per-kg rate has no pump weight.
 */
export function infusionTotal(q: {
  unit: MassUnit;
  pumpKg: number | null;
  boluses: readonly Mass[];
  segments: readonly InfusionSegment[];
  now: number;
}): number | null {
  let total = q.boluses.reduce((s, b) => s + convertMass(b.amount, b.unit, q.unit), 0);
  for (const seg of q.segments) {
    const [massUnit, ...rest] = seg.rateUnit.split('/') as [MassUnit, ...string[]];
    const perKg = rest.length === 2;
    const per = rest[rest.length - 1] === 'min' ? MINUTE : HOUR;
    if (perKg && (q.pumpKg == null || !(q.pumpKg > 0))) return null;
    const duration = Math.max(0, (seg.end ?? q.now) - seg.start) / per;
    const amount = seg.rate * duration * (perKg ? (q.pumpKg as number) : 1);
    total += convertMass(amount, massUnit, q.unit);
  }
  return roundTo(total, 3);
}
