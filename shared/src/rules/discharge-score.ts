import { DISCHARGE_TARGETS } from '../constants/case.js';
import type { DischargeScoreType, VitalId } from '../enums.js';
import { denoise, truncateTo } from '../units.js';

/** [DS1] Aldrete items, each scored 0–2 (spec 001 §3). */
export const ALDRETE_ITEMS = [
  'aldreteOxygenation',
  'aldreteRespiratoryStability',
  'aldreteConsciousness',
  'aldretePain',
  'aldreteNausea',
  'aldreteGait',
] as const;
/** [DS2] PADS items: four 0/1 items and two 0–2 items (spec 001 §3). */
export const PADS_ITEMS = [
  'oriented',
  'steadyGait',
  'voided',
  'poFluids',
  'surgicalBleeding',
  'painNauseaVomiting',
] as const;

/** The maximum score of an item (Aldrete 2; PADS 1 or 2). */
export function itemMaxScore(type: DischargeScoreType, item: string): number | null {
  if (type === 'aldrete') return (ALDRETE_ITEMS as readonly string[]).includes(item) ? 2 : null;
  if (['oriented', 'steadyGait', 'voided', 'poFluids'].includes(item)) return 1;
  return ['surgicalBleeding', 'painNauseaVomiting'].includes(item) ? 2 : null;
}

/** The items of a score type. */
export function dischargeItems(type: DischargeScoreType): readonly string[] {
  return type === 'aldrete' ? ALDRETE_ITEMS : PADS_ITEMS;
}

/** [DS3] Whether an entry's score is a whole number from 0 to the item's maximum (spec 001 §3). */
export function isValidItemScore(type: DischargeScoreType, item: string, score: unknown): boolean {
  const max = itemMaxScore(type, item);
  return max != null && typeof score === 'number' && Number.isInteger(score) && score >= 0 && score <= max;
}

/**
 * [DS4] Percentage change between first and last value: (end − start) / start × 100, unrounded
 * (binary floating-point noise removed, so 3 → 3.6 is exactly 20); null when start is 0 or a value
 * is not finite (spec 001 §3). The vitals score (DS6) is taken from this same value.
 */
export function percentageChange(startValue: number, endValue: number): number | null {
  if (startValue === 0 || !Number.isFinite(startValue) || !Number.isFinite(endValue)) return null;
  return denoise(((endValue - startValue) / startValue) * 100);
}

/**
 * [DS4] The percentage change as shown (spec 001 §3 percentageDelta): `percentageChange` cut
 * towards zero to 1 decimal, so it is always on the same side of 20 and 40 as the score (DS6):
 * 100 → 119.96 shows 19.9 % and scores 2; 100 → 120 shows 20 % and scores 1.
 */
export function percentageDelta(startValue: number, endValue: number): number | null {
  const change = percentageChange(startValue, endValue);
  return change == null ? null : truncateTo(change, 1);
}

export interface VitalComparison {
  readonly id: VitalId;
  readonly name: string;
  readonly startValue: number;
  readonly endValue: number;
  readonly percentageDelta: number | null;
}

/**
 * [DS5] Vitals comparison (spec 001 §3): for each vital with a first and a last value, the
 * comparison of the first and the last. `series` holds each vital's values in time order.
 */
export function vitalsComparison(
  series: Partial<Record<VitalId, readonly (number | null | undefined)[]>>,
  names: Partial<Record<VitalId, string>> = {},
): VitalComparison[] {
  const out: VitalComparison[] = [];
  for (const [id, values] of Object.entries(series) as [VitalId, readonly (number | null | undefined)[]][]) {
    const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    const first = present[0];
    const last = present[present.length - 1];
    if (first == null || last == null || present.length < 2) continue;
    out.push({
      id,
      name: names[id] ?? id,
      startValue: first,
      endValue: last,
      percentageDelta: percentageDelta(first, last),
    });
  }
  return out;
}

/**
 * [DS6] Vitals score (spec 001 §5): the largest absolute percentage change between first and
 * last vitals, unrounded (`percentageChange`, the value the shown percentageDelta is cut from);
 * under 20 gives 2, under 40 gives 1, otherwise 0. At least two comparisons are needed, else
 * null. A change from a start of 0 counts as unbounded (score 0) unless the end is also 0;
 * comparisons with non-finite values are not counted.
 */
export function vitalsScore(comparisons: { startValue: number; endValue: number }[]): 0 | 1 | 2 | null {
  const usable = comparisons.filter((c) => Number.isFinite(c.startValue) && Number.isFinite(c.endValue));
  if (usable.length < 2) return null;
  const largest = Math.max(
    ...usable.map((c) => {
      if (c.startValue === 0) return c.endValue === 0 ? 0 : Number.POSITIVE_INFINITY;
      return Math.abs(percentageChange(c.startValue, c.endValue) as number);
    }),
  );
  if (largest < 20) return 2;
  if (largest < 40) return 1;
  return 0;
}

export interface DischargeSummary {
  readonly type: DischargeScoreType;
  readonly targetScore: number;
  readonly totalScore: number;
  readonly vitalsScore: 0 | 1 | 2 | null;
  readonly complete: boolean;
  readonly meetsTarget: boolean;
}

/**
 * [DS7] Discharge summary (spec 001 §3–§5): total = item scores (valid ones) + vitals score;
 * targets Aldrete 12 and PADS 9; complete when every item has a valid score and the vitals
 * score exists; meetsTarget when complete and total ≥ target.
 */
export function dischargeSummary(
  type: DischargeScoreType,
  entries: Readonly<Record<string, { score?: unknown } | undefined>>,
  vitals: 0 | 1 | 2 | null,
): DischargeSummary {
  const items = dischargeItems(type);
  let total = 0;
  let allScored = true;
  for (const item of items) {
    const score = entries[item]?.score;
    if (isValidItemScore(type, item, score)) total += score as number;
    else allScored = false;
  }
  total += vitals ?? 0;
  const complete = allScored && vitals != null;
  const targetScore = DISCHARGE_TARGETS[type];
  return {
    type,
    targetScore,
    totalScore: total,
    vitalsScore: vitals,
    complete,
    meetsTarget: complete && total >= targetScore,
  };
}
