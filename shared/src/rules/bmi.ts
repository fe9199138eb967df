import { BMI_VALID_CAP, CM_PER_INCH, KG_PER_LB } from '../constants/case.js';
import { BMI_COLOUR_BANDS, HEIGHT_MAX_IN, WEIGHT_MAX_KG } from '../constants/widgets.js';
import { roundTo } from '../units.js';
import type { Centimetres, Kilograms } from '../units.js';

/**
 * [BMI1] Body-mass index: weight in kg over height in metres squared, rounded to 1 decimal;
 * null when weight or height is missing (or not a positive finite number) and null when the
 * result is above 250 (spec 001 §5, §9 "Valid BMI cap 250").
 */
export function bmi(weightKg: number | null, heightCm: number | null): number | null {
  if (weightKg == null || heightCm == null) return null;
  if (!Number.isFinite(weightKg) || !Number.isFinite(heightCm) || weightKg <= 0 || heightCm <= 0) return null;
  const metres = heightCm / 100;
  const value = roundTo(weightKg / (metres * metres), 1);
  return value > BMI_VALID_CAP ? null : value;
}

export type BmiColour = (typeof BMI_COLOUR_BANDS)[number]['colour'];

/**
 * [BMI2] BMI badge colour: up to 18 blue, up to 24 green, up to 29 yellow, up to 39 orange,
 * above that red; upper bounds inclusive (spec 002 §9). Null when there is no BMI.
 */
export function bmiColour(value: number | null): BmiColour | null {
  if (value == null || !Number.isFinite(value)) return null;
  const band = BMI_COLOUR_BANDS.find((b) => value <= b.upTo);
  /* v8 ignore next -- the last band is +Infinity, so a finite value always finds one */
  return band ? band.colour : 'red';
}

/**
 * [HW3] A weight for display: kilograms to one decimal, whatever unit it was typed in
 * ("66 lb" is stored as 29.937096420000003 kg and shown "29.9 kg"; 20 kg shows "20 kg"). Every
 * screen, message and printed sentence that names a weight in kg goes through it (issue 35).
 * The stored value keeps the exact conversion of the typed text (docs/decisions.md).
 */
export function kgText(kg: number): string {
  return `${roundTo(kg, 1)} kg`;
}

/** [HW3] A height for display: centimetres to one decimal ("4' 8\"" is 142.24 cm, shown "142.2 cm"). */
export function cmText(cm: number): string {
  return `${roundTo(cm, 1)} cm`;
}

export type WeightUnit = 'kg' | 'lb';
export type HeightUnit = 'cm' | 'in';

/** A parsed measurement: the stored value in kg or cm with the raw text the user typed (spec 002 §3, §5). */
export interface ParsedMeasurement<T extends number> {
  readonly value: T;
  readonly raw: string;
}

/** The text shown under an unreadable weight or height (spec 002 §5). */
export const FAILED_TO_PARSE = 'Failed to parse';

const NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`;

/**
 * [HW1] Weight parsing: raw text in lb or kg (the unit typed wins, else the setting's unit),
 * stored as kg with 0.45359237 kg per lb (spec 001 §9, spec 002 §5). Null ('Failed to parse')
 * when unreadable, not positive, or above the 650 kg maximum (spec 002 §9).
 */
export function parseWeight(raw: string, defaultUnit: WeightUnit): ParsedMeasurement<Kilograms> | null {
  const text = raw.trim().toLowerCase();
  const match = new RegExp(String.raw`^${NUMBER}\s*(kg|kgs|kilograms?|lb|lbs|pounds?|#)?\.?$`).exec(text);
  if (!match) return null;
  const amount = Number(match[1]);
  const unitText = match[2];
  const unit: WeightUnit = unitText == null ? defaultUnit : unitText.startsWith('k') ? 'kg' : 'lb';
  const kg = unit === 'kg' ? amount : amount * KG_PER_LB;
  if (!(kg > 0) || kg > WEIGHT_MAX_KG) return null;
  return { value: kg as Kilograms, raw };
}

/**
 * [HW2] Height parsing: raw text in cm, inches, or feet and inches (5'4", 5 ft 4 in), stored as
 * cm with 2.54 cm per inch (spec 001 §9, spec 002 §5). Null ('Failed to parse') when unreadable,
 * not positive, or above the 120 in maximum (spec 002 §9).
 */
export function parseHeight(raw: string, defaultUnit: HeightUnit): ParsedMeasurement<Centimetres> | null {
  const text = raw.trim().toLowerCase();
  let cm: number | null = null;
  const feet = new RegExp(
    String.raw`^${NUMBER}\s*(?:'|’|ft|feet|foot)\s*(?:${NUMBER}\s*(?:"|”|''|in|inch|inches)?)?\.?$`,
  ).exec(text);
  const single = new RegExp(String.raw`^${NUMBER}\s*(cm|centimetres?|centimeters?|in|inch|inches|"|”)?\.?$`).exec(text);
  if (feet) {
    const inchesPart = feet[2] == null ? 0 : Number(feet[2]);
    if (inchesPart >= 12) return null;
    cm = (Number(feet[1]) * 12 + inchesPart) * CM_PER_INCH;
  } else if (single) {
    const unitText = single[2];
    const unit: HeightUnit = unitText == null ? defaultUnit : unitText.startsWith('c') ? 'cm' : 'in';
    cm = unit === 'cm' ? Number(single[1]) : Number(single[1]) * CM_PER_INCH;
  }
  if (cm == null || !(cm > 0) || cm > HEIGHT_MAX_IN * CM_PER_INCH + 1e-9) return null;
  return { value: cm as Centimetres, raw };
}
