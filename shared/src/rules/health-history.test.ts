import { describe, expect, it } from 'vitest';
import {
  AIRWAY_TEXTS,
  HEALTH_HISTORY_STATUS_PILLS,
  NO_RECENT_VITALS_TEXT,
  SIGNING_INCOMPLETE_WARNING,
  addMonthsUtc,
  hasRecentPreOpVitals,
  healthAlertCount,
  healthHistoryStatus,
  isNegativeAnswer,
  isValidAirwayDistance,
  makeChangesLabel,
  manualVitalsAgeBadge,
  missingRequiredHhxFields,
  thyromentalDistanceNote,
  upperLipBiteNote,
} from './health-history.js';

const DAY = 86_400_000;

describe('negative answers', () => {
  it.each([
    ['n', undefined, true],
    ['No', undefined, true],
    [' NONE ', undefined, true],
    ['non', undefined, true],
    ['NKDA', undefined, true],
    ['no known', undefined, true],
    ['n/a', undefined, true],
    ['nka', undefined, true],
    ['None.', undefined, true],
    ['', undefined, true],
    [null, undefined, true],
    ['penicillin', 'allergiesSummary', false],
    ['CTAB', 'lungAuscultation', true],
    ['CTAB', 'heartAuscultation', false],
    ['RRR', 'heartAuscultation', true],
    ['RRR w/o murmur', 'heartAuscultation', true],
    ['rrr', 'lungAuscultation', false],
    ['No known anesthesia complications', 'anesthesiaHistorySummary', true],
    ['No known anesthesia complications', 'surgicalHistorySummary', false],
  ] as const)('[HH1] %j for %s counts as none: %s', (text, field, none) => {
    expect(isNegativeAnswer(text, field)).toBe(none);
  });
});

describe('health alert count', () => {
  const base = { bmi: 22, allergies: [], medications: [], summaries: {}, systemsReviewEntryCount: 0 };
  it.each([
    [{}, 0],
    [{ bmi: 18 }, 1], // at most 18
    [{ bmi: 18.1 }, 0],
    [{ bmi: 24 }, 0],
    [{ bmi: 24.1 }, 1], // above 24
    [{ bmi: null }, 0],
    [{ allergies: ['latex', 'penicillin'] }, 2],
    [{ medications: [{ id: 1 }] }, 1],
    [{ summaries: { hospitalizationSummary: 'appendix 2010', surgicalHistorySummary: 'none' } }, 1],
    [{ summaries: { lungAuscultation: 'CTAB', heartAuscultation: 'murmur' } }, 1],
    [{ systemsReviewEntryCount: 3 }, 3],
    // 1 (BMI 30) + 1 allergy + 2 medications + 1 summary + 2 entries = 7
    [
      {
        bmi: 30,
        allergies: ['a'],
        medications: [1, 2],
        summaries: { healthHistorySummary: 'asthma' },
        systemsReviewEntryCount: 2,
      },
      7,
    ],
  ])('[HH2] %j gives %s', (input, count) => {
    expect(healthAlertCount({ ...base, ...input })).toBe(count);
  });
});

describe('airway notes', () => {
  it.each([
    ['Class 3', 'error'],
    ['3', 'error'],
    ['Class 2', null],
    [null, null],
  ] as const)('[AW1] upper lip bite %s gives %s', (ulbt, level) => {
    const note = upperLipBiteNote(ulbt);
    expect(note?.level ?? null).toBe(level);
    if (note) expect(note.message).toBe('Inability to bite upper lip is a strong indicator of difficult intubation');
  });

  it.each([
    [5.99, 'error', AIRWAY_TEXTS.tmdUnder6],
    [6, 'warning', 'greater difficulty of intubation'],
    [6.5, 'warning', 'greater difficulty of intubation'],
    [6.51, null, null],
    [null, null, null],
    [Number.NaN, null, null],
  ] as const)('[AW2] thyromental distance %s cm gives %s', (tmd, level, message) => {
    const note = thyromentalDistanceNote(tmd);
    expect(note?.level ?? null).toBe(level);
    expect(note?.message ?? null).toBe(message);
  });

  it('[AW2] words the under-6 cm error exactly', () => {
    expect(AIRWAY_TEXTS.tmdUnder6).toBe('< 6cm is associated with very high difficulty of intubation');
  });

  it.each([
    ['6', true],
    ['6.5', true],
    ['12.25', true],
    ['.5', true],
    ['123', false], // 3 digits before the point
    ['6.555', false], // 3 after
    ['abc', false],
  ])('[AW3] distance %j is valid: %s', (text, ok) => {
    expect(isValidAirwayDistance(text)).toBe(ok);
  });
});

describe('health history status', () => {
  const now = Date.UTC(2026, 6, 15, 12); // 15 Jul 2026
  it.each([
    [null, true, 'inProgress'],
    ['', true, 'inProgress'],
    ['not a date', true, 'inProgress'],
    [Date.UTC(2026, 6, 1), true, 'mostRecent'],
    [Date.UTC(2026, 6, 1), false, 'previous'],
    [Date.UTC(2026, 0, 15, 12), true, 'mostRecent'], // exactly 6 months: within
    [Date.UTC(2026, 0, 15, 11), true, 'outdated'], // 6 months and 1 hour: over
    ['2025-12-01T00:00:00Z', false, 'outdated'],
  ] as const)('[HH3] signed %s, current %s → %s', (signed, isCurrent, status) => {
    expect(healthHistoryStatus({ finalReportSignatureTime: signed, isCurrent, now })).toBe(status);
  });

  it('[HH3] adds calendar months clamping the day', () => {
    expect(new Date(addMonthsUtc(Date.UTC(2026, 7, 31), 6)).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });

  it('[HH3] labels the pills exactly', () => {
    expect(HEALTH_HISTORY_STATUS_PILLS).toEqual({
      inProgress: 'In-Progress',
      outdated: 'Outdated',
      mostRecent: 'Most Recent',
      previous: 'Previous',
    });
  });

  it.each([
    ['inProgress', true, 'Continue Health History'],
    ['mostRecent', true, 'Update Health History'],
    ['outdated', true, 'Update Health History'],
    ['previous', true, null],
    ['mostRecent', false, null],
  ] as const)('[HH4] status %s newest %s shows %j', (status, newest, label) => {
    expect(makeChangesLabel(status, newest)).toBe(label);
  });
});

describe('required fields and pre-op vitals', () => {
  it('[HH5] requires height, weight, ASA and allergies when entered elsewhere', () => {
    expect(missingRequiredHhxFields({}, true)).toEqual(['height', 'weight', 'asaClassification', 'allergiesSummary']);
    expect(
      missingRequiredHhxFields(
        { height: { value: 170 }, weight: 70, asaClassification: '1', allergiesSummary: 'NKDA' },
        true,
      ),
    ).toEqual([]);
  });

  it('[HH5] also requires the in-app fields, accepting medications none as text with an empty list', () => {
    const data = {
      height: 170,
      weight: 70,
      asaClassification: '2',
      allergiesSummary: 'NKDA',
      mallampati: 'II',
      medications: [],
      medicationsText: 'none',
      hospitalizationSummary: 'none',
      surgicalHistorySummary: ' ',
      anesthesiaHistorySummary: 'none',
      familyAnesthesiaHistorySummary: 'none',
      medicalConsult: false,
    };
    expect(missingRequiredHhxFields(data, false)).toEqual(['surgicalHistorySummary']);
    expect(missingRequiredHhxFields({ ...data, medicationsText: '', surgicalHistorySummary: 'x' }, false)).toEqual([
      'medications',
    ]);
    expect(
      missingRequiredHhxFields(
        { ...data, medicalConsult: undefined, surgicalHistorySummary: 'x', height: Number.NaN },
        false,
      ),
    ).toEqual(['height', 'medicalConsult']);
  });

  it('[HH5] words the signing warning with its typo', () => {
    expect(SIGNING_INCOMPLETE_WARNING).toBe("You're signing an an incomplete health history.");
  });

  it.each([
    [[0], 30 * DAY, true], // exactly 30 days
    [[0], 30 * DAY + 1, false],
    [[], 0, false],
    [[10 * DAY], 0, false], // in the future
  ])('[HH6] vitals at %j, now %s: recent %s', (times, now, ok) => {
    expect(hasRecentPreOpVitals(times, now)).toBe(ok);
    expect(NO_RECENT_VITALS_TEXT).toBe('No vitals recorded in the last 30 days.');
  });

  it.each([
    [0, { colour: 'green', amount: 0, unit: 'days' }],
    [30, { colour: 'green', amount: 30, unit: 'days' }],
    [31, { colour: 'orange', amount: 31, unit: 'days' }],
    [60, { colour: 'orange', amount: 60, unit: 'days' }],
    [61, { colour: 'red', amount: 61, unit: 'days' }],
    [90, { colour: 'red', amount: 90, unit: 'days' }],
    [91, { colour: 'red', amount: 3, unit: 'months' }], // 91 / 30 = 3.03 → 3
    [365, { colour: 'red', amount: 12, unit: 'months' }], // 365 / 30 = 12.2 → 12
    [366, { colour: 'red', amount: 1, unit: 'years' }],
    [800, { colour: 'red', amount: 2, unit: 'years' }], // 800 / 365 = 2.19 → 2
  ] as const)('[HH7] %s days old gives %j', (days, badge) => {
    expect(manualVitalsAgeBadge(0, days * DAY)).toEqual(badge);
  });
});
