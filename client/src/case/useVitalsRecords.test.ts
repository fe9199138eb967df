// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { CASE_ROOT, type VitalsRecord } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ensureCaseStructure } from '../sync/caseStructure.js';
import { asCaseDoc } from './caseDoc.js';
import { useVitalsRecords } from './hooks.js';

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
});
