import { isTestResource, patientFields, type Patient } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  birthDateHint,
  EMPTY_PATIENT_FORM,
  formValuesOf,
  matchesPatientSearch,
  patientFormErrors,
  patientFromForm,
  sortPatients,
} from './patientRules.js';

// 22 November 2026, noon UTC.
const NOW = Date.UTC(2026, 10, 22, 12);

describe('[HH11] the free-text birth date hint (spec 002 §5)', () => {
  it('shows nothing while the field is empty', () => {
    expect(birthDateHint('  ', NOW)).toEqual({ kind: 'empty' });
  });

  it.each([
    // 3/4/15 is M/D/YY: 4 March 2015; on 22 Nov 2026 the patient is 11.
    ['3/4/15', '2015-03-04', 'Interpreted as: 2015-03-04 (age: 11)'],
    ['2015-03-04', '2015-03-04', 'Interpreted as: 2015-03-04 (age: 11)'],
    // 1950-11-23 turns 76 tomorrow: still 75.
    ['11/23/1950', '1950-11-23', 'Interpreted as: 1950-11-23 (age: 75)'],
    // A stored year-month read back into the form is kept (spec 001 §5): born 2015-03 → 11.
    ['2015-03', '2015-03', 'Interpreted as: 2015-03 (age: 11)'],
  ])('reads %s as %s', (typed, date, text) => {
    expect(birthDateHint(typed, NOW)).toEqual({ kind: 'interpreted', date, text });
  });

  it.each(['3/4', '13/1/2015', 'yesterday', '2/30/2015', '1/1/2027'])(
    "says 'Could not interpret birth date yet.' for %s",
    (typed) => {
      expect(birthDateHint(typed, NOW)).toEqual({ kind: 'unparseable', text: 'Could not interpret birth date yet.' });
    },
  );
});

describe('the new patient form (spec 001 §2)', () => {
  const filled = {
    firstName: ' Maya ',
    lastName: 'Okafor',
    nickname: 'May',
    birthDate: '3/4/15',
    email: 'maya@example.com',
    phone: '555 0100',
  };

  it('needs first name, last name and a birth date it can read; nickname, email and phone are optional', () => {
    expect(patientFormErrors(EMPTY_PATIENT_FORM, NOW)).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      birthDate: 'Birth Date is required',
    });
    expect(patientFormErrors({ ...filled, birthDate: '3/4' }, NOW)).toEqual({
      birthDate: 'Could not interpret birth date yet.',
    });
    expect(patientFormErrors({ ...filled, nickname: '', email: '', phone: '' }, NOW)).toEqual({});
    expect(patientFormErrors({ ...filled, email: 'maya@' }, NOW)).toEqual({ email: 'Invalid email address' });
  });

  it('saves the parsed birth date, the names, email and mobile as FHIR and reads them back', () => {
    const patient = patientFromForm(filled, NOW);
    expect(patient.birthDate).toBe('2015-03-04');
    expect(patientFields(patient)).toMatchObject({
      givenName: 'Maya',
      familyName: 'Okafor',
      nickname: 'May',
      birthDate: '2015-03-04',
      email: 'maya@example.com',
      mobile: '555 0100',
    });
    expect(formValuesOf(patient)).toEqual({ ...filled, firstName: 'Maya', birthDate: '2015-03-04' });
  });

  it('keeps the id, version, test tag and other fields of an edited patient', () => {
    const existing: Patient = {
      resourceType: 'Patient',
      id: 'pat-1',
      meta: { versionId: '3', tag: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', code: 'HTEST' }] },
      identifier: [{ system: 'x', value: 'y' }],
      name: [
        { use: 'official', given: ['Old'], family: 'Name' },
        { use: 'maiden', family: 'Before' },
      ],
      telecom: [
        { system: 'fax', value: '1' },
        { system: 'email', value: 'old@example.com' },
      ],
    };
    const edited = patientFromForm({ ...filled, nickname: '', email: '' }, NOW, existing);
    expect(edited.id).toBe('pat-1');
    expect(edited.meta?.versionId).toBe('3');
    expect(isTestResource(edited)).toBe(true);
    expect(edited.identifier).toEqual(existing.identifier);
    expect(edited.name).toEqual([
      { use: 'official', given: ['Maya'], family: 'Okafor' },
      { use: 'maiden', family: 'Before' },
    ]);
    expect(edited.telecom).toEqual([
      { system: 'phone', value: '555 0100', use: 'mobile' },
      { system: 'fax', value: '1' },
    ]);
  });
});

describe('name search on the cached list', () => {
  const ada: Patient = {
    resourceType: 'Patient',
    name: [
      { use: 'official', given: ['Ada'], family: 'Lovelace' },
      { use: 'nickname', given: ['Addie'] },
    ],
  };

  it.each([
    ['', true],
    ['lov', true],
    ['ADA', true],
    ['ada love', true],
    ['addie', true],
    ['ace', false],
    ['ada smith', false],
  ])('%j matches Ada Lovelace: %s', (search, expected) => {
    expect(matchesPatientSearch(ada, search)).toBe(expected);
  });

  it('sorts by last name, then first name', () => {
    const p = (given: string, family: string): Patient => ({
      resourceType: 'Patient',
      name: [{ given: [given], family }],
    });
    expect(
      sortPatients([p('Zed', 'Brown'), p('Amy', 'Clark'), p('Ann', 'Brown')]).map((x) => x.name![0]!.given![0]),
    ).toEqual(['Ann', 'Zed', 'Amy']);
  });
});
