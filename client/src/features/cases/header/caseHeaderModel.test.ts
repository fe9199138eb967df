import { describe, expect, it } from 'vitest';
import { caseHeaderModel, sedationLevelLabel, type CaseHeaderInput } from './caseHeaderModel.js';

const base: CaseHeaderInput = {
  patientName: 'Sam Lee',
  birthDate: '2020-03-04',
  weightKg: 20,
  heightCm: 110,
  allergiesSummary: null,
  reportedAllergies: [],
  sedationLevel: 'moderate',
  status: 'inProgress',
  now: Date.UTC(2026, 10, 21, 12),
};

describe('case header model', () => {
  it('shows name, age in years and weight', () => {
    const m = caseHeaderModel(base);
    expect(m.name).toBe('Sam Lee');
    expect(m.age).toBe('6 y');
    expect(m.weight).toBe('20 kg');
    expect(m.status).toBe('In progress');
  });

  it.each([
    // 20 kg / 1.10² = 16.5 → blue (≤ 18); 30 / 1.10² = 24.8 → yellow (≤ 29); 80 / 1.6² = 31.3 → orange
    [20, 110, 16.5, 'blue'],
    [30, 110, 24.8, 'yellow'],
    [80, 160, 31.3, 'orange'],
  ])('[BMI1][BMI2] BMI badge for %s kg, %s cm is %s %s (spec 002 §9 colours)', (kg, cm, value, colour) => {
    expect(caseHeaderModel({ ...base, weightKg: kg, heightCm: cm }).bmi).toEqual({ value, colour });
  });

  it('has no BMI badge without a height', () => {
    expect(caseHeaderModel({ ...base, heightCm: null }).bmi).toBeNull();
  });

  it('[HH1] alerts on allergies, not on a negative answer such as NKDA', () => {
    expect(caseHeaderModel({ ...base, allergiesSummary: 'Penicillin' }).allergies).toEqual({
      kind: 'alert',
      text: 'Allergies: Penicillin',
    });
    expect(caseHeaderModel({ ...base, allergiesSummary: 'NKDA' }).allergies.kind).toBe('none');
    expect(caseHeaderModel({ ...base, allergiesSummary: '' }).allergies).toEqual({
      kind: 'unknown',
      text: 'Allergies not recorded',
    });
  });

  it('[PR2] shows the patient record’s allergies when the case has no summary of its own (issue 40)', () => {
    expect(caseHeaderModel({ ...base, allergiesSummary: '', recordAllergies: 'Penicillin; Latex' }).allergies).toEqual({
      kind: 'alert',
      text: 'Allergies: Penicillin; Latex',
    });
    expect(caseHeaderModel({ ...base, allergiesSummary: null, recordAllergies: 'NKDA' }).allergies.kind).toBe('none');
    // The case's own summary (from its health history) stands.
    expect(caseHeaderModel({ ...base, allergiesSummary: 'Latex', recordAllergies: 'NKDA' }).allergies.text).toBe(
      'Allergies: Latex',
    );
  });

  it('[HM6] shows the allergies the patient reported as not reviewed, never "Allergies not recorded" (issue 35)', () => {
    const peanut = [{ allergies: [{ name: 'Peanut', reaction: 'anaphylaxis' }], merged: false }];
    expect(caseHeaderModel({ ...base, reportedAllergies: peanut }).allergies).toEqual({
      kind: 'alert',
      text: 'Patient-reported allergies, not reviewed: Peanut (anaphylaxis)',
    });
    expect(caseHeaderModel({ ...base, allergiesSummary: 'NKDA', reportedAllergies: peanut }).allergies).toEqual({
      kind: 'alert',
      text: 'NKDA · Patient-reported allergies, not reviewed: Peanut (anaphylaxis)',
    });
    expect(
      caseHeaderModel({ ...base, allergiesSummary: 'Peanut (anaphylaxis)', reportedAllergies: peanut }).allergies,
    ).toEqual({ kind: 'alert', text: 'Allergies: Peanut (anaphylaxis)' });
  });

  it('falls back to "Unknown patient" for a case created offline without a name', () => {
    expect(caseHeaderModel({ ...base, patientName: null, birthDate: null }).name).toBe('Unknown patient');
  });

  it('labels sedation levels as spec 002 §3 (Local … GA, (not set))', () => {
    expect(sedationLevelLabel('ga')).toBe('GA');
    expect(sedationLevelLabel('Moderate')).toBe('Moderate');
    expect(sedationLevelLabel(null)).toBe('(not set)');
  });
});
