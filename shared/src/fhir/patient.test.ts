import { describe, expect, it } from 'vitest';
import { validateResource, validateResourceChange } from './resources.js';
import {
  PATIENT,
  PATIENT_PHOTOS_MAX,
  patientDisplayName,
  patientFields,
  patientPhotoId,
  patientPhotoIds,
  photosWithNew,
  type Patient,
} from './patient.js';
import { TEST_RESOURCE_TAG } from './common.js';

const patient: Patient = {
  resourceType: 'Patient',
  name: [
    { use: 'official', given: ['Amelia'], family: 'Hart' },
    { use: 'nickname', given: ['Millie'] },
  ],
  birthDate: '2015-03-04',
  telecom: [
    { system: 'email', value: 'amelia@example.com' },
    { system: 'phone', use: 'mobile', value: '+15555550100' },
  ],
  photo: [{ url: 'Binary/bin-abc' }],
};

describe('Patient', () => {
  it('accepts a patient with names, birth date, email and mobile', () => {
    expect(validateResource(patient)).toEqual([]);
  });

  it.each(['2015', '2015-03', '2015-03-04'])('accepts the birth date %s (spec 001 §5)', (birthDate) => {
    expect(validateResource({ ...patient, birthDate })).toEqual([]);
  });

  it.each(['3/4/15', '2015-02-30', '2015-3-4', ''])('refuses the birth date "%s"', (birthDate) => {
    expect(validateResource({ ...patient, birthDate })).toEqual([
      { severity: 'error', code: 'INVALID_BIRTH_DATE', path: ['birthDate'], message: 'Invalid birth date' },
    ]);
  });

  it('refuses an unknown gender with "Invalid value"', () => {
    const issues = validateResource({ ...patient, gender: 'robot' });
    expect(issues.map((i) => [i.code, i.message, i.path])).toEqual([['INVALID_VALUE', 'Invalid value', ['gender']]]);
  });

  it('refuses a property FHIR R4 does not have', () => {
    expect(validateResource({ ...patient, nickname: 'Millie' })[0]?.code).toBe('INVALID_RESOURCE');
  });

  it("refuses removing a test patient's HTEST tag: 'Cannot remove test resource tag'", () => {
    const test = { ...patient, meta: { tag: [{ ...TEST_RESOURCE_TAG }] } };
    expect(validateResourceChange(test, { ...patient, meta: { tag: [] } })).toEqual([
      {
        severity: 'error',
        code: 'CANNOT_REMOVE_TEST_TAG',
        path: ['meta', 'tag'],
        message: 'Cannot remove test resource tag',
      },
    ]);
    expect(validateResourceChange(test, test)).toEqual([]);
    expect(validateResourceChange(patient, test)).toEqual([]);
  });

  it('reads the spec’s fields from the FHIR shape', () => {
    expect(patientFields(patient)).toEqual({
      givenName: 'Amelia',
      familyName: 'Hart',
      nickname: 'Millie',
      birthDate: '2015-03-04',
      email: 'amelia@example.com',
      mobile: '+15555550100',
      visionId: null,
    });
    expect(patientDisplayName(patient)).toBe('Amelia (Millie) Hart');
    expect(patientPhotoId(patient)).toBe('bin-abc');
  });

  it('[PH4] keeps the new photo first and earlier ones after it, at most PATIENT_PHOTOS_MAX', () => {
    const photo = (n: number) => ({ contentType: 'image/webp', url: `Binary/bin-${n}` });
    const earlier = Array.from({ length: PATIENT_PHOTOS_MAX }, (_, i) => photo(i));
    const kept = photosWithNew(earlier, photo(99));
    expect(kept).toHaveLength(PATIENT_PHOTOS_MAX);
    expect(kept[0]).toEqual(photo(99));
    expect(kept.at(-1)).toEqual(photo(PATIENT_PHOTOS_MAX - 2));
    expect(photosWithNew(undefined, photo(1))).toEqual([photo(1)]);
    expect(photosWithNew([photo(1), photo(2)], photo(2))).toEqual([photo(2), photo(1)]);
    const patient: Patient = { resourceType: 'Patient', photo: [photo(3), { url: 'https://x/y.png' }, photo(4)] };
    expect(patientPhotoIds(patient)).toEqual(['bin-3', 'bin-4']);
    expect(patientPhotoId(patient)).toBe('bin-3');
  });

  it('[PH4] refuses a patient with more than PATIENT_PHOTOS_MAX photos', () => {
    const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `Binary/bin-${i}` }));
    expect(PATIENT.schema.safeParse({ resourceType: 'Patient', photo: photos(PATIENT_PHOTOS_MAX) }).success).toBe(true);
    expect(PATIENT.schema.safeParse({ resourceType: 'Patient', photo: photos(PATIENT_PHOTOS_MAX + 1) }).success).toBe(
      false,
    );
  });
});
