import { describe, expect, it } from 'vitest';
import { CASE_DATA_CODES, CASE_DATA_MESSAGES, caseDataSchema, measurementSchema } from './schema.js';
import { measurementSourceSchema } from './schema.js';
import { errorIssue, hasErrors, warningIssue } from './issue.js';

describe('case data definition', () => {
  it.each([
    [{ value: 70 }, true],
    [{ value: 70, raw: '154 lb' }, true],
    [{ raw: '154 lb' }, false],
    [{ value: '70' }, false],
    [{ value: 70, raw: 5 }, false],
    [{ value: 70, unit: 'kg' }, false], // only value and raw
    [70, false],
  ])('[CD1] measurement %j is valid: %s', (value, ok) => {
    const r = measurementSchema.safeParse(value);
    expect(r.success).toBe(ok);
    if (!r.success) expect(r.error.issues[0]!.message).toBe('Value must have value and optional raw properties');
  });

  it('[CD2] keeps keys it does not name', () => {
    const parsed = caseDataSchema.parse({
      sedationLevel: 'GA',
      future: { x: 1 },
      drugsAdministered: [{ name: 'A', extra: 2 }],
    });
    expect(parsed).toMatchObject({ future: { x: 1 }, drugsAdministered: [{ name: 'A', extra: 2 }] });
  });

  it.each([
    ['sedationLevel', 'Moderate', true],
    ['sedationLevel', 'ga', true],
    ['userRole', 'other', true],
    ['userRole', 'both', false], // a preset role, not a case role
    ['asaClassification', 'other', true],
    ['asaClassification', '5', false],
    ['brodsky', '4+', true],
    ['dischargeScoreType', 'pads', true],
    ['dischargeScoreType', 'steward', false],
  ])('[CD2] %s %j is accepted: %s', (key, value, ok) => {
    expect(caseDataSchema.safeParse({ [key]: value }).success).toBe(ok);
  });

  it('[CD4] maps every message to a code, with the spec’s codes and texts', () => {
    expect(CASE_DATA_CODES[CASE_DATA_MESSAGES.missingDrugName]).toBe('MISSING_DRUG_NAME');
    expect(CASE_DATA_CODES[CASE_DATA_MESSAGES.measurement]).toBe('INVALID_MEASUREMENT');
    expect(CASE_DATA_MESSAGES.invalidValue).toBe('Invalid value');
    expect(Object.keys(CASE_DATA_CODES)).toHaveLength(Object.keys(CASE_DATA_MESSAGES).length);
  });

  it('[CD4] lets warnings through and stops on errors', () => {
    expect(hasErrors([warningIssue('W', 'near max')])).toBe(false);
    expect(hasErrors([warningIssue('W', 'near max'), errorIssue('E', 'bad', ['x'])])).toBe(true);
    expect(errorIssue('E', 'bad')).toEqual({ severity: 'error', code: 'E', path: [], message: 'bad' });
  });
});

describe('carried measurement sources (issue 25)', () => {
  it('[CD13] keeps where a carried weight came from, and refuses a source without a time', () => {
    const source = { observationId: 'obs-1', time: '2026-11-20T10:00:00Z' };
    expect(caseDataSchema.safeParse({ weight: { value: 15, raw: '15 kg' }, weightSource: source }).success).toBe(true);
    expect(caseDataSchema.safeParse({ heightSource: null }).success).toBe(true);
    expect(measurementSourceSchema.safeParse({ observationId: null, time: '' }).success).toBe(false);
    expect(caseDataSchema.safeParse({ weightSource: { observationId: 'obs-1' } }).success).toBe(false);
  });
});

describe('cardiovascular disease switch (issue 29)', () => {
  it('[CD15] keeps the cardiacDisease switch (true, false or not set) and refuses anything else', () => {
    expect(caseDataSchema.safeParse({ cardiacDisease: true }).success).toBe(true);
    expect(caseDataSchema.safeParse({ cardiacDisease: false }).success).toBe(true);
    expect(caseDataSchema.safeParse({ cardiacDisease: null }).success).toBe(true);
    expect(caseDataSchema.safeParse({}).success).toBe(true);
    expect(caseDataSchema.safeParse({ cardiacDisease: 'yes' }).success).toBe(false);
  });
});

describe('local anesthetic limit set of the case (issue 29)', () => {
  it('[CD17] keeps the chosen limit set (aapd, manufacturer or not set) and refuses anything else', () => {
    for (const ok of ['aapd', 'manufacturer', null, undefined]) {
      expect(caseDataSchema.safeParse({ localAnestheticLimits: ok }).success).toBe(true);
    }
    expect(caseDataSchema.safeParse({ localAnestheticLimits: 'both' }).success).toBe(false);
  });
});
