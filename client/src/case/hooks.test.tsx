// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { CASE_ROOT, type DrugEntry, type ManualVitalsEntry } from '@vigil/shared';
import { useLayoutEffect } from 'react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as Y from 'yjs';
import { ensureCaseStructure } from '../sync/caseStructure.js';
import { asCaseDoc } from './caseDoc.js';
import { useCaseList, useCaseRecord, useCaseText, useCaseValue, type CaseList } from './hooks.js';

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
      return useCaseValue<string>(asCaseDoc(doc), 'procedure');
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
    const { result } = renderHook(() => useCaseRecord<number>(asCaseDoc(doc), 'events'));
    act(() => {
      result.current[1]('caseStart', 1);
      result.current[1]('anesthesiaStart', 2);
    });
    expect(result.current[0]).toEqual({ caseStart: 1, anesthesiaStart: 2 });
    act(() => result.current[1]('caseStart', null));
    expect(result.current[0]).toEqual({ anesthesiaStart: 2 });
  });

  it("keeps the event times two tablets set apart (the record is the structure's Y.Map)", () => {
    const a = newDoc();
    const b = newDoc();
    const onA = renderHook(() => useCaseRecord<number>(asCaseDoc(a), 'events'));
    const onB = renderHook(() => useCaseRecord<number>(asCaseDoc(b), 'events'));
    act(() => onA.result.current[1]('anesthesiaStart', 1_000));
    act(() => onB.result.current[1]('procedureStart', 2_000));
    act(() => {
      Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
      Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
    });
    expect(onA.result.current[0]).toEqual({ anesthesiaStart: 1_000, procedureStart: 2_000 });
    expect(onB.result.current[0]).toEqual(onA.result.current[0]);
  });

  it('keeps a record an older build wrote as one plain value, and sets entries in it', () => {
    // An older build set `events` as a plain object; the structure's map (client 1) loses that conflict.
    const old = new Y.Doc();
    old.getMap(CASE_ROOT).set('events', { caseStart: 5 });
    const doc = newDoc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(old));
    expect(doc.getMap(CASE_ROOT).get('events')).not.toBeInstanceOf(Y.Map);
    const { result } = renderHook(() => useCaseRecord<number>(asCaseDoc(doc), 'events'));
    expect(result.current[0]).toEqual({ caseStart: 5 });
    act(() => result.current[1]('anesthesiaStart', 6));
    expect(result.current[0]).toEqual({ caseStart: 5, anesthesiaStart: 6 });
  });

  it('replaces a list entry in its place, and two documents adding at once keep both entries', () => {
    const a = newDoc();
    const b = newDoc();
    const item = (id: string, complete: boolean) => ({ id, label: `Item ${id}`, order: 0, complete });
    const { result } = renderHook(() => useCaseList(asCaseDoc(a), 'preOpChecklist'));
    act(() => {
      result.current.add(item('x', false));
      result.current.add(item('y', false));
    });
    act(() => result.current.replaceWhere((i) => i.id === 'x', item('x', true)));
    expect(result.current.items).toEqual([item('x', true), item('y', false)]);
    (b.getMap(CASE_ROOT).get('preOpChecklist') as Y.Array<unknown>).push([item('z', false)]);
    act(() => {
      Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    });
    expect(result.current.items.map((i) => i.id).sort()).toEqual(['x', 'y', 'z']);
  });

  it('types a list by its key: the key picks the entry type, and a key that is not a case list does not compile', () => {
    const doc = newDoc();
    const { result } = renderHook(() => ({
      drugs: useCaseList(asCaseDoc(doc), 'drugsAdministered'),
      vitals: useCaseList(asCaseDoc(doc), 'manualVitals'),
    }));
    expectTypeOf(result.current.drugs).toEqualTypeOf<CaseList<DrugEntry>>();
    expectTypeOf(result.current.vitals.items).toEqualTypeOf<ManualVitalsEntry[]>();
    // @ts-expect-error -- 'procedureNotes' is a text, not a list
    expectTypeOf(useCaseList).toBeCallableWith(asCaseDoc(doc), 'procedureNotes');
    // @ts-expect-error -- a drug entry is not a manual vitals entry
    expectTypeOf(result.current.vitals.add).toBeCallableWith({ id: 'd', name: 'Midazolam', drugId: 'midazolam' });
    act(() =>
      result.current.drugs.add({
        id: 'd1',
        name: 'Midazolam',
        drugId: 'midazolam',
        drawn: { amount: 5, unit: 'mg', time: 0 },
      }),
    );
    expect(result.current.drugs.items.map((d) => d.name)).toEqual(['Midazolam']);
  });

  it('edits a shared text by the smallest change', () => {
    const doc = newDoc();
    const { result } = renderHook(() => useCaseText(asCaseDoc(doc), 'procedureNotes'));
    act(() => result.current[1]('Patient tolerated well'));
    act(() => result.current[1]('Patient tolerated procedure well'));
    expect(result.current[0]).toBe('Patient tolerated procedure well');
    expect((doc.getMap(CASE_ROOT).get('procedureNotes') as Y.Text).toJSON()).toBe('Patient tolerated procedure well');
  });

  it('mounts with the values already in the case: one render, no second one from its effect', () => {
    const doc = newDoc();
    doc.getMap(CASE_ROOT).set('procedure', 'Extraction');
    (doc.getMap(CASE_ROOT).get('manualVitals') as Y.Array<unknown>).push([{ id: 'v1' }]);
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return {
        value: useCaseValue<string>(asCaseDoc(doc), 'procedure')[0],
        list: useCaseList(asCaseDoc(doc), 'manualVitals').items,
      };
    });
    expect(result.current.value).toBe('Extraction');
    expect(result.current.list).toEqual([{ id: 'v1' }]);
    expect(renders).toBe(1);
  });

  it('does not miss a change made between the first render and the subscription', () => {
    const doc = newDoc();
    doc.getMap(CASE_ROOT).set('procedure', 'Extraction');
    const { result } = renderHook(() => {
      const [value] = useCaseValue<string>(asCaseDoc(doc), 'procedure');
      const [notes] = useCaseText(asCaseDoc(doc), 'procedureNotes');
      // A remote update that lands after this render read the case but before its effects ran.
      if (value === 'Extraction' && doc.getMap(CASE_ROOT).get('procedure') === 'Extraction') {
        doc.transact(() => {
          doc.getMap(CASE_ROOT).set('procedure', 'Implant');
          (doc.getMap(CASE_ROOT).get('procedureNotes') as Y.Text).insert(0, 'Calm');
        });
      }
      return { value, notes };
    });
    expect(result.current).toEqual({ value: 'Implant', notes: 'Calm' });
  });

  it('reads a document that arrives after mounting (the copy has loaded) in that render: one commit, no second', () => {
    const doc = newDoc();
    doc.getMap(CASE_ROOT).set('procedure', 'Extraction');
    (doc.getMap(CASE_ROOT).get('manualVitals') as Y.Array<unknown>).push([{ id: 'v1' }]);
    const commits: string[] = [];
    const { rerender } = renderHook(
      ({ d }: { d: Y.Doc | undefined }) => {
        const [value] = useCaseValue<string>(asCaseDoc(d), 'procedure');
        const { items } = useCaseList(asCaseDoc(d), 'manualVitals');
        const [notes] = useCaseText(asCaseDoc(d), 'procedureNotes');
        const seen = `${d ? 'doc' : 'none'} ${value ?? '-'} ${items.length} ${notes || '-'}`;
        useLayoutEffect(() => {
          commits.push(seen);
        });
        return seen;
      },
      { initialProps: { d: undefined as Y.Doc | undefined } },
    );
    rerender({ d: doc });
    expect(commits).toEqual(['none - 0 -', 'doc Extraction 1 -']);
  });
});
