import { describe, expect, it } from 'vitest';
import {
  ANESTHESIA_RECORD_TYPE,
  COMPOSITION_EXTENSIONS,
  validateResource,
  type Composition,
  type Patient,
} from '@vigil/shared';
import { CASE_DATA_EXTENSION } from '../../sync/projection.js';
import { CASE_DATA_EXTENSION_URL, slimSuperseded } from './history-policy.js';

const caseData = {
  contentType: 'application/json',
  data: 'eyJhIjoxfQ==',
  size: 7,
  hash: 'qUqP5cyxm6YcTAhz05Hph5gvu9M=',
};

const composition = (status: Composition['status'], withData = true): Composition & { id: string } => ({
  resourceType: 'Composition',
  id: 'cmp-1',
  status,
  type: { coding: [{ ...ANESTHESIA_RECORD_TYPE }] },
  date: '2026-11-20T14:00:00Z',
  author: [{ reference: 'Practitioner/prc-1' }],
  title: 'Anesthesia record',
  extension: [
    { url: COMPOSITION_EXTENSIONS.healthHistory, valueReference: { reference: 'Composition/cmp-hhx' } },
    { url: CASE_DATA_EXTENSION_URL, valueAttachment: withData ? caseData : { ...caseData, data: undefined } },
  ],
});

describe('projection history: what a superseded version keeps (issue 24 item 6)', () => {
  it('names the caseData extension the projection writes', () => {
    expect(CASE_DATA_EXTENSION_URL).toBe(CASE_DATA_EXTENSION);
  });

  it("drops a preliminary Composition's case content but keeps its type, size and hash, and its other extensions", () => {
    const slim = slimSuperseded(composition('preliminary')) as Composition;
    expect(slim.extension).toEqual([
      { url: COMPOSITION_EXTENSIONS.healthHistory, valueReference: { reference: 'Composition/cmp-hhx' } },
      {
        url: CASE_DATA_EXTENSION_URL,
        valueAttachment: { contentType: 'application/json', size: 7, hash: 'qUqP5cyxm6YcTAhz05Hph5gvu9M=' },
      },
    ]);
    expect({ ...slim, extension: undefined }).toEqual({ ...composition('preliminary'), extension: undefined });
    // Still a valid FHIR Composition: an Attachment may carry its hash and size without data.
    expect(validateResource(slim)).toEqual([]);
  });

  it.each(['final', 'amended'] as const)('keeps a signed (%s) version whole', (status) => {
    expect(slimSuperseded(composition(status))).toBeNull();
  });

  it('leaves a version without case content, and other resource types, as they are', () => {
    const noData = composition('preliminary');
    noData.extension = noData.extension!.slice(0, 1);
    expect(slimSuperseded(noData)).toBeNull();
    expect(slimSuperseded(slimSuperseded(composition('preliminary'))!)).toBeNull();
    const patient: Patient = {
      resourceType: 'Patient',
      photo: [{ contentType: 'image/png', data: 'iVBORw0KGgo=' }],
      extension: [{ url: CASE_DATA_EXTENSION_URL, valueAttachment: caseData }],
    };
    expect(slimSuperseded(patient)).toBeNull();
  });

  it('does not change the resource it is given', () => {
    const given = composition('preliminary');
    slimSuperseded(given);
    expect(given).toEqual(composition('preliminary'));
  });
});
