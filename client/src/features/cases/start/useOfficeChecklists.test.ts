// @vitest-environment happy-dom
import type { OrgChecklistsView } from '@vigil/shared';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readField } from '../../../case/index.js';
import { newCaseDoc } from '../../../case/testing.js';
import { RequestError } from '../../../data/graphql.js';
import { memorySettingsStore } from '../../../data/settingsCache.js';
import { markNewCase, useOfficeChecklists, type NewCaseMarks } from './useOfficeChecklists.js';

function memoryMarks(): NewCaseMarks {
  let ids: string[] = [];
  return { read: () => [...ids], write: (next) => (ids = [...next]) };
}

const OFFICE: OrgChecklistsView = { preOpChecklist: ['Consent signed', 'Escort present'], optChecks: null };
const settle = (): Promise<void> =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
const labels = (doc: ReturnType<typeof newCaseDoc>): string[] =>
  (readField(doc, 'preOpChecklist') as { label: string }[]).map((i) => i.label);

describe('a case created on this device starts with the office’s checklists (issue 39)', () => {
  it('puts the office’s lists into the case it just created, once', async () => {
    const doc = newCaseDoc();
    const marks = memoryMarks();
    markNewCase('case-1', marks);
    const fetch = (): Promise<OrgChecklistsView> => Promise.resolve(OFFICE);
    const store = memorySettingsStore();
    renderHook(() => useOfficeChecklists(doc, 'office', 'case-1', false, { marks, fetch, store }));
    await settle();
    expect(labels(doc)).toEqual(['Consent signed', 'Escort present']);
    expect(marks.read()).toEqual([]);
  });

  it('leaves a case this device did not create, and one that has started, as it is', async () => {
    const fetch = (): Promise<OrgChecklistsView> => Promise.resolve(OFFICE);
    const other = newCaseDoc();
    renderHook(() =>
      useOfficeChecklists(other, 'office', 'case-2', false, {
        marks: memoryMarks(),
        fetch,
        store: memorySettingsStore(),
      }),
    );
    const started = newCaseDoc();
    const marks = memoryMarks();
    markNewCase('case-3', marks);
    renderHook(() =>
      useOfficeChecklists(started, 'office', 'case-3', true, { marks, fetch, store: memorySettingsStore() }),
    );
    await settle();
    expect(labels(other)).toEqual([]);
    expect(labels(started)).toEqual([]);
  });

  it('offline, starts the case with the lists this device last read', async () => {
    const store = memorySettingsStore();
    await store.write('office', 'checklists', OFFICE);
    const marks = memoryMarks();
    markNewCase('case-4', marks);
    const doc = newCaseDoc();
    const fetch = (): Promise<OrgChecklistsView> => Promise.reject(new RequestError('NETWORK_ERROR'));
    renderHook(() => useOfficeChecklists(doc, 'office', 'case-4', false, { marks, fetch, store }));
    await settle();
    expect(labels(doc)).toEqual(['Consent signed', 'Escort present']);
  });
});
