import { describe, expect, it } from 'vitest';
import { PATIENT_HISTORY_FIELDS, healthHistorySchema } from './schema.js';

describe('health history schema', () => {
  it('[HH13] accepts a filled history and keeps keys the spec does not name', () => {
    const data = {
      height: { value: 132, raw: '132' },
      weight: { value: 28, raw: '28' },
      asaClassification: '1',
      allergiesSummary: 'NKDA',
      ulbt: 'Class 3',
      tmd: 5.5,
      medications: [],
      medicationsText: 'none',
      allergies: [{ id: 'a1', substance: 'Penicillin', reaction: 'Hives', severity: 'moderate' }],
      skippedSections: ['consult'],
      somethingNew: 1,
    };
    const parsed = healthHistorySchema.parse(data);
    expect(parsed.somethingNew).toBe(1);
    expect(parsed.allergies?.[0]?.substance).toBe('Penicillin');
  });

  it('[HH13] refuses a value outside a field’s choices (the case’s field schemas)', () => {
    expect(healthHistorySchema.safeParse({ brodsky: '5+' }).success).toBe(false);
    expect(healthHistorySchema.safeParse({ allergies: [{ id: 'a', substance: 'x', severity: 'fatal' }] }).success).toBe(
      false,
    );
  });

  it('[HH13] shares its patient-history fields with the case by name', () => {
    expect(PATIENT_HISTORY_FIELDS).toContain('systemsReviewSkipped');
    expect(new Set(PATIENT_HISTORY_FIELDS).size).toBe(PATIENT_HISTORY_FIELDS.length);
  });
});
