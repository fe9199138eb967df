import { describe, expect, it } from 'vitest';
import {
  FHIR_MESSAGES,
  fhirIssueCode,
  isFhirDate,
  isFhirDateTime,
  isFhirInstant,
  isTestResource,
  referenceId,
  TEST_RESOURCE_TAG,
  withTestTag,
} from './common.js';

describe('FHIR primitive formats', () => {
  it.each([
    ['2015', true],
    ['2015-03', true],
    ['2015-03-04', true],
    ['2016-02-29', true],
    ['2015-02-29', false],
    ['2015-04-31', false],
    ['2015-13', false],
    ['15', false],
    ['3/4/15', false],
    ['2015-03-04T10:00:00Z', false],
    ['0000', false],
  ])('reads %s as a date: %s (year, year-month or full date, spec 001 §5)', (value, ok) => {
    expect(isFhirDate(value)).toBe(ok);
  });

  it.each([
    ['2015', true],
    ['2015-03-04T10:00:00Z', true],
    ['2015-03-04T10:00:00.123+02:00', true],
    ['2015-03-04T10:00', false],
    ['2015-03-04T25:00:00Z', false],
  ])('reads %s as a dateTime: %s', (value, ok) => {
    expect(isFhirDateTime(value)).toBe(ok);
  });

  it.each([
    ['2015-03-04T10:00:00Z', true],
    ['2015-03-04', false],
    ['2015-03-04T10:00:00', false],
  ])('reads %s as an instant: %s', (value, ok) => {
    expect(isFhirInstant(value)).toBe(ok);
  });
});

describe('messages and codes', () => {
  it('puts the offending value after the spec’s latitude and longitude texts', () => {
    expect(FHIR_MESSAGES.invalidLatitude(91)).toBe('Invalid Latitude: 91');
    expect(FHIR_MESSAGES.invalidLongitude(-181)).toBe('Invalid Longitude: -181');
    expect(fhirIssueCode('Invalid Latitude: 91')).toBe('INVALID_LATITUDE');
    expect(fhirIssueCode('Invalid Longitude: x')).toBe('INVALID_LONGITUDE');
  });

  it.each([
    ['Invalid value', 'INVALID_VALUE'],
    ['Cannot remove test resource tag', 'CANNOT_REMOVE_TEST_TAG'],
    ['Cannot delete this reference', 'CANNOT_DELETE_REFERENCE'],
    ['Value must have value and optional raw properties', 'INVALID_MEASUREMENT'],
    ['Invalid date for lastLogin', 'INVALID_LAST_LOGIN'],
    ['something structural', 'INVALID_RESOURCE'],
  ])('maps "%s" to %s', (message, code) => {
    expect(fhirIssueCode(message)).toBe(code);
  });
});

describe('helpers', () => {
  it('adds the HTEST tag once and recognises it', () => {
    const tagged = withTestTag({ meta: { tag: [{ system: 'x', code: 'y' }] } });
    expect(isTestResource(tagged)).toBe(true);
    expect(withTestTag(tagged)).toBe(tagged);
    expect(tagged.meta.tag).toContainEqual(TEST_RESOURCE_TAG);
    expect(isTestResource({ meta: { tag: [{ code: 'HTEST' }] } })).toBe(false);
  });

  it('reads the id of a typed reference', () => {
    expect(referenceId({ reference: 'Patient/pat-1' }, 'Patient')).toBe('pat-1');
    expect(referenceId({ reference: 'Practitioner/p' }, 'Patient')).toBeNull();
    expect(referenceId(undefined, 'Patient')).toBeNull();
  });
});
