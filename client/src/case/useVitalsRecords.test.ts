// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { CASE_ROOT, type VitalsRecord } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ensureCaseStructure } from '../sync/caseStructure.js';
import { asCaseDoc } from './caseDoc.js';
import { useVitalsRecords } from './hooks.js';
import { recordReading } from './readings.js';

const reading = (id: string, t: number): VitalsRecord => ({
  id,
  lastUpdated: t,
  simulated: true,
  monitorLabel: 'Simulated monitor',
  monitorId: 'm',
  selectedVitals: ['hr'],
  vitals: {},
});

describe('useVitalsRecords', () => {
  it('mounts with the readings already in the case (one render) and appends new ones', () => {
    const doc = new Y.Doc();
    ensureCaseStructure(doc);
    const list = doc.getMap(CASE_ROOT).get('vitalsRecords') as Y.Array<VitalsRecord>;
    list.push([reading('a', 1), reading('b', 2)]);
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useVitalsRecords(asCaseDoc(doc));
    });
    expect(result.current.map((r) => r.id)).toEqual(['a', 'b']);
    expect(renders).toBe(1);
    act(() => list.push([reading('c', 3)]));
    expect(result.current.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('reads old records and compact readings together, and follows a monitor charting in the compact form', () => {
    const doc = new Y.Doc();
    ensureCaseStructure(doc);
    const list = doc.getMap(CASE_ROOT).get('vitalsRecords') as Y.Array<VitalsRecord>;
    list.push([reading('old', 1)]);
    const { result } = renderHook(() => useVitalsRecords(asCaseDoc(doc)));
    expect(result.current.map((r) => r.id)).toEqual(['old']);
    let next: VitalsRecord | null = null;
    act(() => {
      const { id: _id, ...fields } = reading('', 2);
      next = recordReading(asCaseDoc(doc), fields);
    });
    expect(result.current.map((r) => r.id)).toEqual(['old', next!.id]);
    expect(list.length).toBe(0);
    act(() => {
      const { id: _id, ...fields } = reading('', 3);
      recordReading(asCaseDoc(doc), fields);
    });
    expect(result.current.map((r) => r.lastUpdated)).toEqual([1, 2, 3]);
  });
});
