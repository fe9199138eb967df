import { describe, expect, it } from 'vitest';
import { isValidOrgId, MAX_ORG_ID_LENGTH, normalizeOrgId, orgIdAvailabilityText, suggestOrgId } from './index.js';

describe('normalizeOrgId (spec 000 §5: lowercased, only a-z, 0-9, hyphen and underscore kept)', () => {
  it.each([
    ['Smile-Dental', 'smile-dental'],
    ['smile dental', 'smiledental'],
    ['Dr. Lee & Co!', 'drleeco'],
    ['under_score-ok', 'under_score-ok'],
    ['ÉCOLE 42', 'cole42'],
    ['', ''],
    ['   ', ''],
  ])('keeps only the allowed characters of %j: %j', (input, expected) => {
    expect(normalizeOrgId(input)).toBe(expected);
  });
});

describe('suggestOrgId (spec 000 §5)', () => {
  it.each([
    ['joins the initials of ordinary words with hyphens', 'Bright Smile Dental', 'b-s-d'],
    ['drops inc, and, pc, llc, pa, pllc', 'Smith and Jones Dental Inc', 's-j-d'],
    ['drops every listed suffix', 'Acme PC LLC PA PLLC', 'a'],
    ['keeps dds whole', 'John Smith DDS', 'j-s-dds'],
    ['keeps dmd and md whole', 'Jane Roe DMD MD', 'j-r-dmd-md'],
    ['reads D.D.S. as dds and Inc. as inc', 'Ann Lee, D.D.S., Inc.', 'a-l-dds'],
    ['ignores punctuation and case', 'SMILE—care & co.', 's-c-c'],
    ['takes the first digit of a number', '123 Main Street Dental', '1-m-s-d'],
    ['drops accents', 'Élan Orthodontics', 'e-o'],
    ['is empty for a name of one character', 'A', ''],
    ['is empty for an empty name', '', ''],
    ['is empty for a blank name', '   ', ''],
    ['suggests from two characters', 'AB', 'a'],
  ])('%s: %j gives %j', (_rule, name, expected) => {
    expect(suggestOrgId(name)).toBe(expected);
  });

  it('always suggests an already-normalised ID', () => {
    for (const name of ['Dr. Ümit Öz DDS', 'Lee & Lee, P.A.', 'x y z']) {
      expect(normalizeOrgId(suggestOrgId(name))).toBe(suggestOrgId(name));
    }
  });
});

describe('isValidOrgId', () => {
  it.each([
    ['smile-dental', true],
    ['a', true],
    ['dental_42', true],
    ['42dental', true],
    ['', false],
    ['Smile', false],
    ['smile dental', false],
    ['-smile', false],
    ['_smile', false],
    ['a'.repeat(MAX_ORG_ID_LENGTH), true],
    ['a'.repeat(MAX_ORG_ID_LENGTH + 1), false],
  ])('%j is valid: %s', (id, expected) => {
    expect(isValidOrgId(id)).toBe(expected);
  });
});

describe('availability messages (spec 000 §5, exact texts)', () => {
  it.each([
    ['checking', 'Checking availability'],
    ['available', '"smile" is available.'],
    ['invalid', 'Invalid organization ID'],
    ['unavailable', 'Organization ID "smile" is already taken. Please try something else.'],
  ] as const)('%s: %j', (state, text) => {
    expect(orgIdAvailabilityText(state, 'smile')).toBe(text);
  });
});
