// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { CASE_ROOT } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ensureCaseStructure } from '../../sync/caseStructure.js';
import { useCaseList, useCaseRecord, useCaseText, useCaseValue } from './useCaseData.js';

function newDoc(): Y.Doc {
  const doc = new Y.Doc();
  ensureCaseStructure(doc);
  return doc;
}

describe('case data hooks', () => {
  it('reads a value, follows remote changes and is not woken by other keys', () => {
    const doc = newDoc();
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useCaseValue<string>(doc, 'procedure');
    });
    act(() => result.current[1]('Extraction'));
    expect(result.current[0]).toBe('Extraction');
    const before = renders;
    act(() => (doc.getMap(CASE_ROOT).get('manualVitals') as Y.Array<unknown>).push([{ id: 'v' }]));
    expect(renders).toBe(before);
    act(() => result.current[1](null));
    expect(result.current[0]).toBeUndefined();
  });

  it('sets one record entry without losing entries set since the last render', () => {
    const doc = newDoc();
    const { result } = renderHook(() => useCaseRecord<number>(doc, 'events'));
    act(() => {
      result.current[1]('caseStart', 1);
      result.current[1]('anesthesiaStart', 2);
    });
    expect(result.current[0]).toEqual({ caseStart: 1, anesthesiaStart: 2 });
    act(() => result.current[1]('caseStart', null));
    expect(result.current[0]).toEqual({ anesthesiaStart: 2 });
  });

  it('replaces a list entry in its place, and two documents adding at once keep both entries', () => {
    const a = newDoc();
    const b = newDoc();
    const { result } = renderHook(() => useCaseList<{ id: string; done: boolean }>(a, 'preOpChecklist'));
    act(() => {
      result.current.add({ id: 'x', done: false });
      result.current.add({ id: 'y', done: false });
    });
    act(() => result.current.replaceWhere((i) => i.id === 'x', { id: 'x', done: true }));
    expect(result.current.items).toEqual([
      { id: 'x', done: true },
      { id: 'y', done: false },
    ]);
    (b.getMap(CASE_ROOT).get('preOpChecklist') as Y.Array<unknown>).push([{ id: 'z', done: false }]);
    act(() => {
      Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    });
    expect(result.current.items.map((i) => i.id).sort()).toEqual(['x', 'y', 'z']);
  });

  it('edits a shared text by the smallest change', () => {
    const doc = newDoc();
    const { result } = renderHook(() => useCaseText(doc, 'procedureNotes'));
    act(() => result.current[1]('Patient tolerated well'));
    act(() => result.current[1]('Patient tolerated procedure well'));
    expect(result.current[0]).toBe('Patient tolerated procedure well');
    expect((doc.getMap(CASE_ROOT).get('procedureNotes') as Y.Text).toJSON()).toBe('Patient tolerated procedure well');
  });
});
