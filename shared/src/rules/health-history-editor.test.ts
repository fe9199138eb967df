import { describe, expect, it } from 'vitest';
import { SYSTEMS_REVIEW_CATEGORIES } from '../enums.js';
import {
  BIRTH_DATE_TEXTS,
  ageInYears,
  healthHistoryTabs,
  isHealthHistoryEditorComplete,
  isValidFhirBirthDate,
  nextIncompleteTab,
  parseBirthDate,
  sectionStatus,
  systemsReviewState,
} from './health-history.js';

const NOW = Date.UTC(2026, 5, 15); // 15 Jun 2026

describe('systems review', () => {
  const allNo = Object.fromEntries(SYSTEMS_REVIEW_CATEGORIES.map((c) => [c, { hasEntries: false }]));
  it.each([
    [allNo, true, 'skipped', 0],
    [allNo, false, 'healthy', 0],
    [{ ...allNo, cardiac: { hasEntries: true, entries: [1, 2] }, renal: { hasEntries: true } }, false, 'hasEntries', 2],
    [{ ...allNo, gyn: undefined }, false, 'unanswered', 0],
    [null, false, 'unanswered', 0],
  ])('[HH8] review %# (skipped %s) is %s with %s entries', (review, skipped, status, count) => {
    expect(systemsReviewState(review, skipped, SYSTEMS_REVIEW_CATEGORIES)).toEqual({ status, entryCount: count });
  });
});

describe('editor sections', () => {
  it.each([
    [{ required: ['a'], optional: ['b'], skipped: false }, 'complete'],
    [{ required: ['a'], optional: [''], skipped: false }, 'partial'],
    [{ required: [null], optional: ['b'], skipped: false }, 'incomplete'],
    [{ required: [' '], optional: [], skipped: true }, 'skipped'],
    [{ required: ['a'], optional: [], skipped: true }, 'complete'], // only incomplete sections stay skipped
  ])('[HH9] %j is %s', (section, status) => {
    expect(sectionStatus(section)).toBe(status);
  });

  it.each([
    [
      [
        { status: 'complete', required: true },
        { status: 'partial', required: true },
      ],
      true,
    ],
    [[{ status: 'incomplete', required: false }], true],
    [[{ status: 'skipped', required: true }], false],
    [[{ status: 'incomplete', required: true }], false],
  ] as const)('[HH9] sections %j make the editor complete: %s', (sections, done) => {
    expect(isHealthHistoryEditorComplete(sections)).toBe(done);
  });

  it.each([
    // [HH9] from fields to the editor, as spec 002 §4 and §5 word it
    ['required done, optional empty (partial)', { required: ['170'], optional: [''] }, true, 'partial', true],
    ['required done, some optional filled', { required: ['170'], optional: ['x', null] }, true, 'partial', true],
    ['all done', { required: ['170'], optional: ['x'] }, true, 'complete', true],
    // boundary: one required field missing, every optional one filled → never complete
    ['a required field missing', { required: ['170', null], optional: ['x', 'y'] }, true, 'incomplete', false],
    ['a required field blank', { required: ['  '], optional: ['x'] }, true, 'incomplete', false],
    ['a section that is not required', { required: [null], optional: [] }, false, 'incomplete', true],
  ] as const)('[HH9] %s: section %j (required %s) is %s; editor complete %s', (_, fields, required, status, done) => {
    const s = sectionStatus({ ...fields, skipped: false });
    expect(s).toBe(status);
    expect(isHealthHistoryEditorComplete([{ status: s, required }])).toBe(done);
  });

  it('[HH10] shows Required Info only when entered elsewhere, and then leaves out Systems and Pre-Op Vitals', () => {
    expect(healthHistoryTabs(false)).toEqual([
      'Physical',
      'Allergies',
      'Medications',
      'Surgical',
      'Systems',
      'Airway Assessment',
      'Consult',
      'Pre-Op Vitals',
      'Other Notes',
      'Review & Complete',
    ]);
    expect(healthHistoryTabs(true)).toEqual([
      'Required Info',
      'Physical',
      'Allergies',
      'Medications',
      'Surgical',
      'Airway Assessment',
      'Consult',
      'Other Notes',
      'Review & Complete',
    ]);
  });

  it('[HH10] jumps to the first incomplete tab, or review', () => {
    const tabs = healthHistoryTabs(false);
    expect(nextIncompleteTab(tabs, { Physical: 'complete', Surgical: 'incomplete', Consult: 'incomplete' })).toBe(
      'Surgical',
    );
    expect(nextIncompleteTab(tabs, { Physical: 'partial', Surgical: 'skipped' })).toBe('Review & Complete');
  });
});

describe('birth date', () => {
  it.each([
    ['2010-03-04', '2010-03-04'],
    ['2010/3/4', '2010-03-04'],
    ['03/04/2010', '2010-03-04'], // month first
    ['3-4-2010', '2010-03-04'],
    ['3/4/10', '2010-03-04'], // 2010 is not in the future
    ['3/4/45', '1945-03-04'], // 2045 would be → 1945
    ['2026-06-15', '2026-06-15'], // today
    ['2026-06-16', null], // future
    ['2023-02-29', null], // not a date
    ['13/01/2010', null],
    ['yesterday', null],
    ['', null],
  ])('[HH11] %j is stored as %j', (text, stored) => {
    expect(parseBirthDate(text, NOW)).toBe(stored);
  });

  it.each([
    ['2010-06-15', 16], // birthday today
    ['2010-06-16', 15], // tomorrow
    ['2010-07-01', 15],
    ['2010-05-31', 16],
  ])('[HH11] born %s is %s on 15 Jun 2026', (birth, age) => {
    expect(ageInYears(birth, NOW)).toBe(age);
  });

  it('[HH11] words the hints exactly', () => {
    expect(BIRTH_DATE_TEXTS.unparseable).toBe('Could not interpret birth date yet.');
    expect(BIRTH_DATE_TEXTS.interpreted('2010-03-04', 16)).toBe('Interpreted as: 2010-03-04 (age: 16)');
  });

  it.each([
    ['2010', true],
    ['2010-03', true],
    ['2010-03-04', true],
    ['2010-13', false],
    ['2010-02-30', false],
    ['10-03-04', false],
    ['2010-3-4', false],
  ])('[HH12] %j is a valid FHIR birth date: %s', (value, ok) => {
    expect(isValidFhirBirthDate(value)).toBe(ok);
  });
});
