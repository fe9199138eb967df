import { describe, expect, it } from 'vitest';
import { APPOINTMENT_EXTENSIONS, type Appointment } from '../fhir/appointment.js';
import { ANESTHESIA_RECORD_TYPE, HEALTH_HISTORY_TYPE, type Composition } from '../fhir/composition.js';
import type { Contract } from '../fhir/contract.js';
import type { FhirResource } from '../fhir/resources.js';
import { patientAnswersComposition } from '../health-history/patient-answers.js';
import { isSignedResource, serverOwnedParts, SIGNED_SECURITY_LABEL } from './signed-records.js';

const composition = (over: Partial<Composition> = {}): Composition => ({
  resourceType: 'Composition',
  id: 'case-1',
  status: 'preliminary',
  type: { coding: [{ ...ANESTHESIA_RECORD_TYPE }] },
  date: '2026-11-28T10:00:00.000Z',
  author: [{ display: 'Dr Ada' }],
  title: 'Anesthesia record',
  ...over,
});
const appointment = (extension: Appointment['extension'] = []): Appointment => ({
  resourceType: 'Appointment',
  id: 'case-1',
  status: 'booked',
  participant: [{ actor: { reference: 'Patient/p1' }, status: 'accepted' }],
  extension,
});
const signedContract: Contract = {
  resourceType: 'Contract',
  id: 'c1',
  status: 'executed',
  signer: [
    {
      type: { code: 'x' },
      party: { reference: 'Patient/p1' },
      signature: [{ type: [{ code: 'x' }], when: '2026-11-28T10:00:00.000Z', who: { reference: 'Patient/p1' } }],
    },
  ],
};
const answers = patientAnswersComposition({
  patientId: 'p1',
  patientName: 'Maria Lopez',
  contractId: 'c1',
  answers: { formName: 'Health questions', at: '2026-11-28T10:00:00.000Z', allergies: [], medications: [] },
} as never) as FhirResource;
const pdfLink = { url: APPOINTMENT_EXTENSIONS.pdf, valueReference: { reference: 'Binary/pdf-1' } };

describe('[SG1] a record is signed when it says a person signed it', () => {
  it.each<[string, FhirResource, boolean]>([
    ['a preliminary anesthesia record', composition(), false],
    ['a finalized anesthesia record', composition({ status: 'final', attester: [{ mode: 'legal' }] }), true],
    ['an amended anesthesia record (an addendum)', composition({ status: 'amended' }), true],
    [
      'a health history marked complete',
      composition({ type: { coding: [{ ...HEALTH_HISTORY_TYPE }] }, status: 'final' }),
      true,
    ],
    ['the patient’s answers', answers, true],
    ['a consent the patient signed', signedContract, true],
    ['an appointment', appointment([pdfLink]), false],
    [
      'any record the server labelled signed',
      { ...appointment(), meta: { security: [{ ...SIGNED_SECURITY_LABEL }] } },
      true,
    ],
  ])('%s: %s', (_name, resource, signed) => {
    expect(isSignedResource(resource)).toBe(signed);
  });
});

describe('[SG2] the parts only the server writes', () => {
  it('lets a client change everything else of an appointment, and keeps its tasks and report links as they are', () => {
    const stored = appointment([pdfLink]);
    expect(serverOwnedParts({ ...stored, description: 'Two fillings' })).toBe(serverOwnedParts(stored));
    expect(serverOwnedParts(appointment())).not.toBe(serverOwnedParts(stored));
    expect(serverOwnedParts(appointment())).toBe(serverOwnedParts(null));
  });

  it('counts a forged report link on a new appointment as a server part', () => {
    expect(serverOwnedParts(appointment([pdfLink]))).not.toBe(serverOwnedParts(null));
  });

  it.each<[string, FhirResource]>([
    ['a Contract', signedContract],
    ['a comment', { resourceType: 'Communication', status: 'completed' }],
    ['the patient’s answers', answers],
  ])('treats %s as the server’s whole: any change, a create or a delete differs', (_name, resource) => {
    expect(serverOwnedParts(resource)).not.toBe(serverOwnedParts(null));
    expect(serverOwnedParts({ ...resource, language: 'en' })).not.toBe(serverOwnedParts(resource));
  });

  it('counts a document made final, an attester and the signed label as the server’s', () => {
    expect(serverOwnedParts(composition({ status: 'final' }))).not.toBe(serverOwnedParts(composition()));
    expect(serverOwnedParts(composition({ attester: [{ mode: 'legal' }] }))).not.toBe(serverOwnedParts(composition()));
    expect(serverOwnedParts({ ...composition(), meta: { security: [{ ...SIGNED_SECURITY_LABEL }] } })).not.toBe(
      serverOwnedParts(composition()),
    );
    expect(serverOwnedParts(composition({ title: 'Changed' }))).toBe(serverOwnedParts(composition()));
  });
});
