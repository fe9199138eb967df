import { parseHeight, parseWeight } from '@vigil/shared';

/** What the patient is told under a height or weight they typed (issue 28: raw text with units). */
export const MEASURE_HINTS = {
  bodyHeight: { example: 'For example 5 ft 6 in, or 168 cm', unit: 'Add the unit: ft and in, or cm' },
  bodyWeight: { example: 'For example 150 lb, or 68 kg', unit: 'Add the unit: lb or kg' },
} as const;

/**
 * [FC10] A height or weight typed by a patient must say its unit (the office cannot guess whether
 * 70 is inches or kilograms): null when it reads the same whatever the default unit (so a unit
 * was typed) and within the limits of HW1 / HW2; else what to fix. Empty text: null (required
 * fields are listed under 'Still Missing:').
 */
export function measureProblem(type: 'bodyHeight' | 'bodyWeight', raw: string): string | null {
  if (raw.trim() === '') return null;
  const [a, b] =
    type === 'bodyHeight'
      ? [parseHeight(raw, 'cm'), parseHeight(raw, 'in')]
      : [parseWeight(raw, 'kg'), parseWeight(raw, 'lb')];
  if (a === null || b === null)
    return a === null && b === null
      ? 'This could not be read. ' + MEASURE_HINTS[type].example
      : MEASURE_HINTS[type].unit;
  return a.value === b.value ? null : MEASURE_HINTS[type].unit;
}
