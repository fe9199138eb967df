/** Numeric incrementor and required-field rules (spec 002 §5). */

export interface NumericInputOptions {
  /** Default 0 (spec 002 §5). */
  readonly min?: number;
  /** Default unlimited (spec 002 §5). */
  readonly max?: number;
  /** May have decimals; default 1. */
  readonly step?: number;
}

/** Digits allowed before the point when the maximum is unbounded (spec 002 §5). */
export const UNBOUNDED_INTEGER_DIGITS = 20;

/** Number of decimals of a step (0.5 → 1, 0.25 → 2, 1 → 0). */
export function decimalsOf(step: number): number {
  const s = String(step);
  const exp = /e-(\d+)$/.exec(s);
  if (exp) return Number(exp[1]);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * [NI1] Digit limits (spec 002 §5): digits before the point are limited to the number of
 * digits of max (its integer part), or 20 if unbounded; digits after the point to the
 * decimals of the step.
 */
export function numericDigitLimits(opts: NumericInputOptions): { integerDigits: number; fractionDigits: number } {
  const integerDigits =
    opts.max == null || !Number.isFinite(opts.max)
      ? UNBOUNDED_INTEGER_DIGITS
      : String(Math.trunc(Math.abs(opts.max))).length;
  return { integerDigits, fractionDigits: decimalsOf(opts.step ?? 1) };
}

/** [NI2] Whether typed text keeps within the digit limits of NI1 (a leading minus sign is not a digit). */
export function isWithinDigitLimits(text: string, opts: NumericInputOptions): boolean {
  const m = /^-?(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return false;
  const { integerDigits, fractionDigits } = numericDigitLimits(opts);
  return (m[1] as string).length <= integerDigits && (m[2] ?? '').length <= fractionDigits;
}

/**
 * [NI3] Numeric incrementor validation (spec 002 §5): 'invalid value' when not a number,
 * 'max is {max}' above the maximum, 'min is {min}' below the minimum (default 0). Empty text is
 * not an error here (NI4 decides whether a value is required). Null when valid.
 */
export function numericInputError(text: string, opts: NumericInputOptions = {}): string | null {
  const t = text.trim();
  if (t === '') return null;
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(t)) return 'invalid value';
  const n = Number(t);
  const min = opts.min ?? 0;
  if (opts.max != null && n > opts.max) return `max is ${opts.max}`;
  if (n < min) return `min is ${min}`;
  return null;
}

/**
 * [NI4] A field is required unless told otherwise, and complete when it has a value, or when it
 * is optional and empty (spec 002 §5).
 */
export function isFieldComplete(value: unknown, required = true): boolean {
  const empty =
    value == null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'number' && Number.isNaN(value));
  return !empty || !required;
}
