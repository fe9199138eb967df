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
  kgText,
  unreviewedReportedAllergies,
  type ReportedAllergies,
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
  /** The patient record's allergy line (PR2): shown when the case has no summary of its own (issue 40). */
  recordAllergies?: string | null;
  /** What the patient reported on their forms, for the allergies not yet reviewed (HM6). */
  reportedAllergies: readonly ReportedAllergies[];
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

/**
 * [HM6] The header's allergy line: what the record holds (nothing, a negative answer, the
 * allergies), with the allergies the patient reported that are not yet reviewed, shown as such
 * and as an alert (issue 35: a parent's "peanut, anaphylaxis" never reads "Allergies not recorded").
 */
export function allergyLine(recorded: string, reported: readonly string[]): CaseHeaderModel['allergies'] {
  const base: CaseHeaderModel['allergies'] =
    recorded === ''
      ? { kind: 'unknown', text: 'Allergies not recorded' }
      : isNegativeAnswer(recorded, 'allergiesSummary')
        ? { kind: 'none', text: recorded }
        : { kind: 'alert', text: `Allergies: ${recorded}` };
  if (reported.length === 0) return base;
  const reportedText = `Patient-reported allergies, not reviewed: ${reported.join('; ')}`;
  return { kind: 'alert', text: recorded === '' ? reportedText : `${base.text} · ${reportedText}` };
}

/** What the case header shows, computed with the shared rules (BMI1, BMI2, HH1). */
export function caseHeaderModel(input: CaseHeaderInput): CaseHeaderModel {
  const years =
    input.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(input.birthDate) ? ageInYears(input.birthDate, input.now) : null;
  const value = bmi(input.weightKg, input.heightCm);
  const colour = bmiColour(value);
  const allergy = input.allergiesSummary?.trim() || input.recordAllergies?.trim() || '';
  const reported = unreviewedReportedAllergies(input.reportedAllergies, allergy);
  return {
    name: input.patientName?.trim() || 'Unknown patient',
    age: years == null ? null : `${years} y`,
    weight: input.weightKg == null ? null : kgText(input.weightKg),
    bmi: value == null || colour == null ? null : { value, colour: BMI_BADGE_COLOURS[colour] },
    allergies: allergyLine(allergy, reported),
    sedationLevel: sedationLevelLabel(input.sedationLevel),
    status: CASE_STATUS_LABELS[input.status],
  };
}
