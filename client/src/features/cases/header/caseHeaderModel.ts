import {
  ageInYears,
  bmi,
  bmiColour,
  isNegativeAnswer,
  SEDATION_LEVEL_LABELS,
  SEDATION_LEVEL_UNSET_LABEL,
  SEDATION_LEVELS,
  type BmiColour,
  type CaseStatus,
  type SedationLevel,
} from '@vigil/shared';

/** Case status labels (spec 001 §4 case status; the texts are not shown: docs/decisions.md). */
export const CASE_STATUS_LABELS: Readonly<Record<CaseStatus, string>> = {
  notStarted: 'Not started',
  ivStarted: 'IV started',
  inProgress: 'In progress',
  recovery: 'In recovery',
  complete: 'Complete',
};

/** Mantine colours of the BMI badge (spec 002 §9 BMI colours). */
export const BMI_BADGE_COLOURS: Readonly<Record<BmiColour, string>> = {
  blue: 'blue',
  green: 'green',
  yellow: 'yellow',
  orange: 'orange',
  red: 'red',
};

export interface CaseHeaderInput {
  /** From the Patient resource, else the case document's own copy. */
  patientName: string | null;
  birthDate: string | null;
  weightKg: number | null;
  heightCm: number | null;
  allergiesSummary: string | null;
  sedationLevel: string | null;
  status: CaseStatus;
  now: number;
}

export interface CaseHeaderModel {
  name: string;
  age: string | null;
  weight: string | null;
  bmi: { value: number; colour: string } | null;
  /** none: a negative answer (NKDA); alert: allergies to show; unknown: nothing recorded. */
  allergies: { kind: 'none' | 'alert' | 'unknown'; text: string };
  sedationLevel: string;
  status: string;
}

/** The sedation level's display label: Local, Minimal, Moderate, Deep, GA, or (not set) (spec 002 §3). */
export function sedationLevelLabel(level: string | null | undefined): string {
  if (level == null || level === '') return SEDATION_LEVEL_UNSET_LABEL;
  const key = level.toLowerCase();
  return (SEDATION_LEVELS as readonly string[]).includes(key) ? SEDATION_LEVEL_LABELS[key as SedationLevel] : level;
}

/** What the case header shows, computed with the shared rules (BMI1, BMI2, HH1). */
export function caseHeaderModel(input: CaseHeaderInput): CaseHeaderModel {
  const years =
    input.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(input.birthDate) ? ageInYears(input.birthDate, input.now) : null;
  const value = bmi(input.weightKg, input.heightCm);
  const colour = bmiColour(value);
  const allergy = input.allergiesSummary?.trim() ?? '';
  return {
    name: input.patientName?.trim() || 'Unknown patient',
    age: years == null ? null : `${years} y`,
    weight: input.weightKg == null ? null : `${input.weightKg} kg`,
    bmi: value == null || colour == null ? null : { value, colour: BMI_BADGE_COLOURS[colour] },
    allergies:
      allergy === ''
        ? { kind: 'unknown', text: 'Allergies not recorded' }
        : isNegativeAnswer(allergy, 'allergiesSummary')
          ? { kind: 'none', text: allergy }
          : { kind: 'alert', text: `Allergies: ${allergy}` },
    sedationLevel: sedationLevelLabel(input.sedationLevel),
    status: CASE_STATUS_LABELS[input.status],
  };
}
