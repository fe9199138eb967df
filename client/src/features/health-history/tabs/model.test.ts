import { describe, expect, it } from 'vitest';
import {
  addAllergyPatch,
  addMedicationPatch,
  airwayDistanceText,
  allergiesSummaryOf,
  answerCategoryPatch,
  categoryEntriesPatch,
  measurementPatch,
  measurementText,
  medicationsAreNone,
  medicationsNonePatch,
  nkdaPatch,
  pregnancyRelevant,
  readAirwayDistance,
  removeAllergyPatch,
  removeMedicationPatch,
  vitalsAgeText,
} from './model.js';

const US = { weight: 'lb', height: 'in' } as const;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 12);

describe('physical', () => {
  it('[HW1] [HW2] keeps the raw text and stores kg / cm while it reads; clears the value when it does not', () => {
    // 70 lb × 0.45359237 = 31.75 kg; 53 in × 2.54 = 134.62 cm
    const weight = measurementPatch('weight', '70', US);
    expect(weight).toMatchObject({ weight_raw: '70', weight: { raw: '70' } });
    expect(weight.weight?.value).toBeCloseTo(31.75, 2);
    expect(measurementPatch('height', '53 in', US)).toMatchObject({ height_raw: '53 in', height: { raw: '53 in' } });
    expect(measurementPatch('height', '53 in', US).height?.value).toBeCloseTo(134.62, 2);
    expect(measurementPatch('weight', 'heavy', US)).toEqual({ weight_raw: 'heavy', weight: null });
    expect(measurementPatch('weight', '', US)).toEqual({ weight_raw: '', weight: null });
  });

  it('shows the typed text, else the stored value with its unit', () => {
    expect(measurementText({ weight_raw: 'heavy' }, 'weight')).toBe('heavy');
    expect(measurementText({ weight: { value: 31.8 } }, 'weight')).toBe('31.8 kg');
    expect(measurementText({}, 'height')).toBe('');
  });

  it('asks about pregnancy from 10 years of age, or when the age is not known', () => {
    expect(pregnancyRelevant('2017-03-02', NOW)).toBe(false);
    expect(pregnancyRelevant('2016-11-26', NOW)).toBe(true);
    expect(pregnancyRelevant('1990', NOW)).toBe(true);
    expect(pregnancyRelevant(null, NOW)).toBe(true);
  });
});

describe('allergies', () => {
  it('keeps the summary in step with the structured entries; NKDA replaces them', () => {
    const one = addAllergyPatch(
      { allergiesSummary: 'NKDA' },
      { substance: ' Penicillin ', reaction: 'hives', severity: 'severe' },
    )!;
    expect(one.allergiesSummary).toBe('Penicillin (hives, severe)');
    const two = addAllergyPatch(one, { substance: 'Latex', reaction: '', severity: null })!;
    expect(two.allergiesSummary).toBe('Penicillin (hives, severe); Latex');
    expect(allergiesSummaryOf(two.allergies!)).toBe(two.allergiesSummary);
    const left = removeAllergyPatch(two, two.allergies![0]!.id);
    expect(left).toEqual({ allergies: [two.allergies![1]], allergiesSummary: 'Latex' });
    expect(removeAllergyPatch(left, left.allergies![0]!.id)).toEqual({ allergies: [], allergiesSummary: null });
    expect(nkdaPatch()).toEqual({ allergies: [], allergiesSummary: 'NKDA' });
    expect(addAllergyPatch({}, { substance: '  ', reaction: 'x', severity: null })).toBeNull();
  });
});

describe('medications', () => {
  it('[MED3] none is the text none with an empty list; choosing a drug replaces it', () => {
    expect(medicationsNonePatch()).toEqual({ medications: [], medicationsText: 'none' });
    expect(medicationsAreNone(medicationsNonePatch())).toBe(true);
    const patch = addMedicationPatch(medicationsNonePatch(), { id: 'med:aspirin', name: 'aspirin', noMatch: false })!;
    expect(patch).toEqual({ medications: [{ id: 'med:aspirin', name: 'aspirin' }], medicationsText: null });
    expect(medicationsAreNone(patch)).toBe(false);
  });

  it('ignores a drug chosen twice; an unmatched name is stored without an id', () => {
    const data = { medications: [{ id: 'med:aspirin', name: 'aspirin' }] };
    expect(addMedicationPatch(data, { id: 'med:aspirin', name: 'aspirin', noMatch: false })).toBeNull();
    expect(addMedicationPatch(data, { id: null, name: 'tonic', noMatch: true })?.medications).toEqual([
      { id: 'med:aspirin', name: 'aspirin' },
      { id: null, name: 'tonic' },
    ]);
  });

  it('removing the last drug sets the value to empty (spec 002 §4)', () => {
    const data = {
      medications: [
        { id: 'a', name: 'a' },
        { id: 'b', name: 'b' },
      ],
    };
    expect(removeMedicationPatch(data, 0)).toEqual({ medications: [{ id: 'b', name: 'b' }] });
    expect(removeMedicationPatch({ medications: [{ id: 'b', name: 'b' }] }, 0)).toEqual({
      medications: [],
      medicationsText: null,
    });
  });
});

describe('airway distances', () => {
  it.each([
    ['5.5', 5.5, null],
    ['12.25', 12.25, null],
    ['', null, null],
    ['123', null, 'Use at most 2 digits before and after the point'],
    ['6.125', null, 'Use at most 2 digits before and after the point'],
    ['abc', null, 'Use at most 2 digits before and after the point'],
  ])('[AW3] reads %j as %j', (text, value, error) => {
    expect(readAirwayDistance(text)).toEqual({ value, error });
  });

  it('shows a stored number or text', () => {
    expect(airwayDistanceText(5.5)).toBe('5.5');
    expect(airwayDistanceText(null)).toBe('');
  });
});

describe('pre-op vitals age badge', () => {
  it.each([
    [0, 'green', 'today'],
    [1, 'green', '1 day ago'],
    [30, 'green', '30 days ago'],
    [45, 'orange', '45 days ago'],
    [61, 'red', '61 days ago'],
    [120, 'red', '4 months ago'],
    [400, 'red', '1 year ago'],
  ])('[HH7] %i days old: %s, %s', (days, colour, text) => {
    expect(vitalsAgeText(NOW - days * DAY, NOW)).toEqual({ colour, text });
  });
});

describe('systems review answers', () => {
  it('Yes adds one entry being edited; No clears the entries', () => {
    const yes = answerCategoryPatch({}, 'cardiac', true).systemsReview!.cardiac!;
    expect(yes.hasEntries).toBe(true);
    expect(yes.entries).toEqual([expect.objectContaining({ condition: '', editing: true })]);
    const again = answerCategoryPatch({ cardiac: yes }, 'cardiac', true).systemsReview!.cardiac!;
    expect(again.entries).toBe(yes.entries);
    expect(answerCategoryPatch({ cardiac: yes }, 'cardiac', false).systemsReview!.cardiac).toEqual({
      hasEntries: false,
      entries: [],
    });
  });

  it('removing the last entry answers the category No; other categories are kept', () => {
    const review = { renal: { hasEntries: false, entries: [] } };
    expect(categoryEntriesPatch(review, 'cardiac', []).systemsReview).toEqual({
      renal: { hasEntries: false, entries: [] },
      cardiac: { hasEntries: false, entries: [] },
    });
  });
});
