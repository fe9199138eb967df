import { describe, expect, it } from 'vitest';
import { isNoKnownAllergy } from '../fhir/allergy-intolerance.js';
import { HEALTH_HISTORY_SOURCE_SYSTEM } from './lifecycle.js';
import {
  allergyRemoved,
  allergySummary,
  deskAllergy,
  deskMedication,
  deskNoKnownAllergies,
  deskNoMedications,
  explicitAnswerConflicts,
  historySeedFromRecords,
  isCurrentAllergy,
  isNoMedications,
  medicationRemoved,
  recordSource,
  RECORD_SOURCE_SYSTEM,
} from './patient-record.js';

const NOW = new Date('2027-03-01T10:00:00.000Z');

describe("the patient's allergies and medications (issue 40)", () => {
  it.each([
    [[{ system: HEALTH_HISTORY_SOURCE_SYSTEM, value: 'cmp-1' }], 'healthHistory'],
    [[{ system: RECORD_SOURCE_SYSTEM, value: 'patient' }], 'patient'],
    [[{ system: RECORD_SOURCE_SYSTEM, value: 'desk' }], 'desk'],
    [undefined, 'desk'],
  ] as const)('[PR1] reads the source of %j as %s', (identifier, expected) => {
    expect(recordSource({ identifier: identifier as never })).toBe(expected);
  });

  it('[PR2] sums up the allergies: names, NKDA alone, nothing, and never an entered-in-error one', () => {
    const penicillin = deskAllergy({ substance: ' Penicillin ', reaction: 'hives', severity: 'severe' }, 'p1', NOW);
    const latex = deskAllergy({ substance: 'Latex' }, 'p1', NOW);
    const nkda = deskNoKnownAllergies('p1', NOW);
    expect(allergySummary([])).toBe('');
    expect(allergySummary([nkda])).toBe('NKDA');
    expect(allergySummary([nkda, penicillin, latex])).toBe('Penicillin; Latex');
    expect(allergySummary([allergyRemoved(penicillin), latex])).toBe('Latex');
    expect(isCurrentAllergy(allergyRemoved(latex))).toBe(false);
  });

  it('[PR3] records what the desk enters, with its source and date; severe is high criticality', () => {
    const a = deskAllergy({ substance: 'Penicillin', reaction: 'hives', severity: 'severe' }, 'p1', NOW);
    expect(a).toMatchObject({
      criticality: 'high',
      code: { text: 'Penicillin' },
      patient: { reference: 'Patient/p1' },
      recordedDate: NOW.toISOString(),
      note: [{ text: 'Reaction: hives; Severity: severe' }],
    });
    expect(recordSource(a)).toBe('desk');
    expect(isNoKnownAllergy(deskNoKnownAllergies('p1', NOW))).toBe(true);
    expect(isNoMedications(deskNoMedications('p1', NOW))).toBe(true);
    expect(deskMedication(' Lisinopril 10 mg ', 'p1', NOW)).toMatchObject({
      status: 'active',
      medicationCodeableConcept: { text: 'Lisinopril 10 mg' },
      dateAsserted: NOW.toISOString(),
    });
  });

  it('[PR3] an allergy retires NKDA; NKDA is refused while allergies stand; the same for medications', () => {
    const nkda = deskNoKnownAllergies('p1', NOW);
    const latex = deskAllergy({ substance: 'Latex' }, 'p1', NOW);
    expect(explicitAnswerConflicts([nkda], 'item')).toEqual({ retire: [nkda] });
    expect(explicitAnswerConflicts([latex], 'none')).toEqual({
      refused: 'Remove the allergies listed before recording NKDA.',
    });
    expect(explicitAnswerConflicts([allergyRemoved(latex)], 'none')).toEqual({ retire: [] });
    const none = deskNoMedications('p1', NOW);
    const med = deskMedication('Lisinopril', 'p1', NOW);
    expect(explicitAnswerConflicts([none, med], 'item')).toEqual({ retire: [none] });
    expect(explicitAnswerConflicts([med], 'none')).toEqual({
      refused: 'Remove the medications listed before recording "No medications".',
    });
    expect(explicitAnswerConflicts([medicationRemoved(med)], 'none')).toEqual({ retire: [] });
  });
});

describe('a new health history from the patient record (issue 40)', () => {
  it('[PR5] starts with the desk and patient records, not the previous history’s, and the explicit answers', () => {
    const penicillin = {
      ...deskAllergy({ substance: 'Penicillin', reaction: 'hives', severity: 'severe' }, 'p1', NOW),
      id: 'alg-1',
    };
    const fromHistory = {
      ...deskAllergy({ substance: 'Latex' }, 'p1', NOW),
      identifier: [{ system: HEALTH_HISTORY_SOURCE_SYSTEM, value: 'cmp-1' }],
    };
    const none = deskNoMedications('p1', NOW);
    expect(historySeedFromRecords([penicillin, fromHistory], [none])).toEqual({
      allergiesSummary: 'Penicillin',
      allergies: [{ id: 'rec-alg-1', substance: 'Penicillin', reaction: 'hives', severity: 'severe' }],
      medications: [],
      medicationsText: 'none',
    });
    expect(historySeedFromRecords([deskNoKnownAllergies('p1', NOW)], [])).toEqual({
      allergiesSummary: 'NKDA',
      allergies: [],
    });
    expect(historySeedFromRecords([fromHistory], [])).toEqual({});
    const lisinopril = { ...deskMedication('Lisinopril 10 mg', 'p1', NOW), id: 'mst-1' };
    expect(historySeedFromRecords([], [lisinopril])).toEqual({
      medications: [{ id: 'rec-mst-1', name: 'Lisinopril 10 mg' }],
      medicationsText: 'Lisinopril 10 mg',
    });
  });
});
