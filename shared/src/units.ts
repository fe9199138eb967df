/**
 * Clinical units as branded numbers (STYLE.md "Layering"). A brand is made only at an input
 * boundary, so mixing mg and mL, or kg and lb, fails to compile.
 */
declare const unitBrand: unique symbol;

/** A number tagged with its clinical unit. */
export type Branded<U extends string> = number & { readonly [unitBrand]: U };

export type Milligrams = Branded<'mg'>;
export type Micrograms = Branded<'mcg'>;
export type Millilitres = Branded<'mL'>;
export type MgPerKg = Branded<'mg/kg'>;
export type MgPerMl = Branded<'mg/mL'>;
export type Kilograms = Branded<'kg'>;
export type Pounds = Branded<'lb'>;
export type Centimetres = Branded<'cm'>;
export type Inches = Branded<'in'>;
export type Minutes = Branded<'min'>;
export type Percent = Branded<'%'>;

export const milligrams = (n: number): Milligrams => n as Milligrams;
export const micrograms = (n: number): Micrograms => n as Micrograms;
export const millilitres = (n: number): Millilitres => n as Millilitres;
export const mgPerKg = (n: number): MgPerKg => n as MgPerKg;
export const mgPerMl = (n: number): MgPerMl => n as MgPerMl;
export const kilograms = (n: number): Kilograms => n as Kilograms;
export const pounds = (n: number): Pounds => n as Pounds;
export const centimetres = (n: number): Centimetres => n as Centimetres;
export const inches = (n: number): Inches => n as Inches;
export const minutes = (n: number): Minutes => n as Minutes;
export const percent = (n: number): Percent => n as Percent;

/**
 * Rounds half away from zero to `decimals` places, correcting binary floating-point error
 * first (1.005 → 1.01, 88.00000000000001 → 88).
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(12));
  return (Math.sign(value) * Math.round(scaled)) / factor;
}

/**
 * Rounds down to `decimals` places, correcting binary floating-point error first, so that a
 * displayed maximum never exceeds the true maximum (docs/decisions.md "Clinical rules").
 */
export function floorTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((value * factor).toPrecision(12));
  return Math.floor(scaled) / factor;
}

/**
 * Rounds up (towards +∞) to `decimals` places, correcting binary floating-point error first.
 * Used to show a share of a maximum: a shown percentage never understates the true share, and
 * a share above 100 % is never shown as 100 % (docs/decisions.md "Clinical rules").
 */
export function ceilTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((value * factor).toPrecision(12));
  return Math.ceil(scaled) / factor;
}

/**
 * Rounds towards zero to `decimals` places, correcting binary floating-point error first. A
 * percentage change shown this way is on the same side of every whole-number threshold as the
 * unrounded value it is scored from (19.96 % shows as 19.9 %, never 20.0 %).
 */
export function truncateTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(12));
  return (Math.sign(value) * Math.floor(scaled)) / factor || 0;
}

/** Removes binary floating-point noise (3.6 − 3 = 0.6000000000000001 → 0.6) without rounding. */
export function denoise(value: number): number {
  return Number(value.toPrecision(12));
}
