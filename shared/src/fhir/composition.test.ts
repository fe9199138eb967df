import { describe, expect, it } from 'vitest';
import { validateResource, validateResourceChange } from './resources.js';
import { COMPOSITION_EXTENSIONS, HEALTH_HISTORY_TYPE, isHealthHistory, type Composition } from './composition.js';

const history: Composition = {
  resourceType: 'Composition',
  status: 'preliminary',
  type: { coding: [{ ...HEALTH_HISTORY_TYPE }] },
  subject: { reference: 'Patient/pat-1' },
  date: '2026-11-21T10:00:00Z',
  author: [{ reference: 'Practitioner/prc-1' }],
  title: 'Health history',
};

describe('Composition', () => {
  it('accepts a health history (type 35089-2, spec 001 §7)', () => {
    expect(validateResource(history)).toEqual([]);
    expect(isHealthHistory(history)).toBe(true);
  });

  it('accepts a preliminary history whose patient is a draft identifier (spec 001 §4)', () => {
    const draft = { ...history, subject: { identifier: { system: 'urn:draft', value: 'd-1' } } };
    expect(validateResource(draft)).toEqual([]);
  });

  it("refuses an unknown status or generatedCategory with 'Invalid value'", () => {
    expect(validateResource({ ...history, status: 'signed' }).map((i) => i.message)).toEqual(['Invalid value']);
    const ext = [{ url: COMPOSITION_EXTENSIONS.generatedCategory, valueCode: 'guess' }];
    expect(validateResource({ ...history, extension: ext }).map((i) => i.message)).toEqual(['Invalid value']);
  });

  it('needs a type, a date, an author and a title (FHIR R4)', () => {
    const { title: _t, author: _a, ...partial } = history;
    expect(validateResource(partial).map((i) => i.path[0])).toEqual(['author', 'title']);
  });

  it("refuses removing the subject: 'Cannot delete this reference'", () => {
    const { subject: _s, ...noSubject } = history;
    expect(validateResourceChange(history, noSubject).map((i) => i.code)).toEqual(['CANNOT_DELETE_REFERENCE']);
  });
});
