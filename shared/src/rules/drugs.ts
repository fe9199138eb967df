import { MASS_UNIT_STEP } from '../constants/case.js';
import { MINUTE, HOUR } from '../constants/time.js';
import type { DrugRoute, SedationLevel } from '../enums.js';
import { FLUID_ROUTES, ORAL_ROUTES, PARENTERAL_ROUTES } from '../enums.js';
import { ceilTo, roundTo } from '../units.js';

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
}

/**
 * [DR5] Drug totals (spec 001 §3): total of all doses; givenDuringProcedure excludes pre-procedure
 * doses; totalDrawn is the sum drawn; wasted = drawn − total (never below 0) only when
 * calculateDrugWaste is on. pctOfMax is the cumulative total's share of maxDose.
 */
export function drugTotals(q: {
  unit: MassUnit;
  doses: readonly DoseForTotals[];
  drawn?: readonly Mass[];
  calculateDrugWaste: boolean;
  maxDose?: Mass | null;
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
  const maxDose = q.maxDose ?? null;
  return {
    unit: q.unit,
    total,
    givenDuringProcedure: during,
    totalDrawn,
    wasted,
    maxDose,
    pctOfMax: dosePctOfMax({ amount: total, unit: q.unit }, maxDose),
  };
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
