import { floorTo } from '../units.js';

/**
 * Ideal body weight for dosing local anesthetics (issue 29; docs/decisions.md, session 18).
 * Local anesthetics distribute into lean tissue: in an adult whose total body weight overstates
 * their lean mass, a mg/kg maximum worked on the total weight overstates the safe dose.
 */

/** The patient's sex as the patient record keeps it (FHIR Patient.gender). */
export type PatientSex = 'male' | 'female' | 'other' | 'unknown';

/** Devine: 50 kg (men) or 45.5 kg (women), plus 2.3 kg per inch over 5 feet. */
const DEVINE_BASE_KG = { male: 50, female: 45.5 } as const;
const DEVINE_KG_PER_INCH = 2.3;
const CM_PER_INCH = 2.54;
const FIVE_FEET_IN = 60;

/** From this age in years the ideal body weight applies (IBW2). */
export const IDEAL_BODY_WEIGHT_FROM_AGE = 18;

/**
 * [IBW1] Ideal body weight by the Devine formula, in kg rounded down to 0.1 (never overstated):
 * men 50 kg + 2.3 kg per inch of height over 5 ft, women 45.5 kg + 2.3 kg per inch; below 5 ft
 * the same line continues downward (2.3 kg less per inch under). Where the sex is not recorded
 * as male or female the women's formula is used: it gives the smaller weight. Null without a
 * usable height (missing, not finite, 0 or less) or where the formula gives no positive weight.
 */
export function idealBodyWeightKg(q: { heightCm: number | null; sex: PatientSex | null }): number | null {
  if (q.heightCm == null || !Number.isFinite(q.heightCm) || q.heightCm <= 0) return null;
  const base = q.sex === 'male' ? DEVINE_BASE_KG.male : DEVINE_BASE_KG.female;
  const inchesOver5ft = q.heightCm / CM_PER_INCH - FIVE_FEET_IN;
  const kg = base + DEVINE_KG_PER_INCH * inchesOver5ft;
  return kg > 0 ? floorTo(kg, 1) : null;
}

/** The weight the local anesthetic maxima are worked on, and why. */
export interface DoseWeight {
  /** The weight to dose on, or null without a usable actual weight. */
  readonly kg: number | null;
  /** 'ideal' when the ideal body weight is used; 'actual' otherwise. */
  readonly basis: 'actual' | 'ideal';
  /** The weight charted on the case. */
  readonly actualKg: number | null;
  /** The Devine ideal body weight, where it can be worked out for an adult; null otherwise. */
  readonly idealKg: number | null;
  /** The women's formula stood in for a sex not recorded as male or female. */
  readonly sexAssumed: boolean;
}

const usable = (kg: number | null | undefined): kg is number => kg != null && Number.isFinite(kg) && kg > 0;

/**
 * [IBW2] The weight to work mg/kg maxima on: for an adult (18 or older) with a known height whose
 * actual weight is above their Devine ideal body weight (IBW1), the ideal body weight; otherwise
 * the actual weight. Children (under 18) and patients of unknown age keep their actual weight: the
 * formula is not made for children, and an unknown age cannot be taken for an adult. Without a
 * usable actual weight, kg is null (the absolute limits alone apply, LA5).
 */
export function doseWeight(q: {
  weightKg: number | null;
  heightCm: number | null;
  sex: PatientSex | null;
  ageYears: number | null;
}): DoseWeight {
  const actualKg = usable(q.weightKg) ? q.weightKg : null;
  const adult = q.ageYears != null && Number.isFinite(q.ageYears) && q.ageYears >= IDEAL_BODY_WEIGHT_FROM_AGE;
  const idealKg = adult ? idealBodyWeightKg({ heightCm: q.heightCm, sex: q.sex }) : null;
  const sexAssumed = idealKg != null && q.sex !== 'male' && q.sex !== 'female';
  if (actualKg != null && idealKg != null && actualKg > idealKg) {
    return { kg: idealKg, basis: 'ideal', actualKg, idealKg, sexAssumed };
  }
  return { kg: actualKg, basis: 'actual', actualKg, idealKg, sexAssumed };
}

/** A measurement of the case data: `{ value }` as this build stores it, or a bare number (older data, CD5). */
function measurement(x: unknown): number | null {
  const v = typeof x === 'object' && x !== null && 'value' in x ? x.value : typeof x === 'number' ? x : null;
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
}

/**
 * [IBW2] `doseWeight` of a stored case: its weight and height (`{ value }` or a bare number) with
 * the patient's age and sex, which the case does not keep (the sign-off gate and the record read
 * them from the patient). The same weight the L.A. tracker doses on. Never throws.
 */
export function caseDoseWeight(
  caseData: unknown,
  patient: { ageYears: number | null; sex?: PatientSex | null },
): DoseWeight {
  const data = typeof caseData === 'object' && caseData !== null ? (caseData as Record<string, unknown>) : {};
  return doseWeight({
    weightKg: measurement(data.weight),
    heightCm: measurement(data.height),
    sex: patient.sex ?? null,
    ageYears: patient.ageYears,
  });
}
