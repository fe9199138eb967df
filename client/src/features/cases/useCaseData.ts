import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import * as Y from 'yjs';
import { CASE_ROOT, type CaseListEntry, type CaseListKey } from '@vigil/shared';
import { ensureCaseStructure, isStructuredKey, isStructuredMap } from '../../sync/caseStructure.js';

/** Reads a key of the case root as plain JSON. */
function readKey(root: Y.Map<unknown>, key: string): unknown {
  const v = root.get(key);
  return v instanceof Y.AbstractType ? v.toJSON() : v;
}

const versions = new WeakMap<Y.Doc, { n: number }>();

/** How many changes the document has had since this module first looked at it. */
export function docVersion(doc: Y.Doc): number {
  let version = versions.get(doc);
  if (!version) {
    const counter = { n: 0 };
    doc.on('update', () => {
      counter.n++;
    });
    versions.set(doc, counter);
    version = counter;
  }
  return version.n;
}

/**
 * A hook's state read from the case in the render, so a section mounts with its values instead
 * of rendering empty and again once its effect has read them (twice the work for every section
 * of the case screen). When the document itself changes (the case screen renders before this
 * device's copy is loaded, then with it), the new document is read in that render too: reading
 * it in the effect rendered the whole case screen a second time, synchronously, right after a
 * case opened. The effect reads again only when the document changed between that render and
 * the subscription.
 */
function useReadState<T>(
  doc: Y.Doc | undefined,
  key: string,
  read: (root: Y.Map<unknown>) => T,
  empty: T,
): { value: T; set: (value: T) => void; isCurrent: (doc: Y.Doc) => boolean; markRead: (doc: Y.Doc) => void } {
  const seen = useRef<{ doc: Y.Doc; key: string; version: number } | null>(null);
  const readNow = (): { doc: Y.Doc | undefined; key: string; value: T } => {
    seen.current = doc ? { doc, key, version: docVersion(doc) } : null;
    return { doc, key, value: doc ? read(doc.getMap(CASE_ROOT)) : empty };
  };
  const [state, setState] = useState(readNow);
  let current = state;
  if (state.doc !== doc || state.key !== key) {
    current = readNow();
    setState(current);
  }
  return {
    value: current.value,
    set: (value) => setState({ doc, key, value }),
    isCurrent: (d) => seen.current?.doc === d && seen.current.key === key && seen.current.version === docVersion(d),
    markRead: (d) => {
      seen.current = { doc: d, key, version: docVersion(d) };
    },
  };
}

/**
 * Calls `onChange` whenever the root key changes: set, deleted, or (for a Yjs container) changed
 * inside. Other keys' changes (a vitals reading every 5 s) do not wake this key's readers.
 */
function observeKey(root: Y.Map<unknown>, key: string, onChange: () => void): () => void {
  let inner: Y.AbstractType<unknown> | null = null;
  const attachInner = (): void => {
    inner?.unobserveDeep(onChange);
    const v = root.get(key);
    inner = v instanceof Y.AbstractType ? (v as Y.AbstractType<unknown>) : null;
    inner?.observeDeep(onChange);
  };
  const onRoot = (e: Y.YMapEvent<unknown>): void => {
    if (!e.keysChanged.has(key)) return;
    attachInner();
    onChange();
  };
  attachInner();
  root.observe(onRoot);
  return () => {
    root.unobserve(onRoot);
    inner?.unobserveDeep(onChange);
  };
}

/** A plain value of the case document's root map, kept current. Writing null deletes the key. */
export function useCaseValue<T>(doc: Y.Doc | undefined, key: string): [T | undefined, (value: T | null) => void] {
  const first = useReadState<T | undefined>(doc, key, (root) => readKey(root, key) as T | undefined, undefined);
  const value = first.value;
  useEffect(() => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    const read = (): void => {
      first.markRead(doc);
      first.set(readKey(root, key) as T | undefined);
    };
    if (!first.isCurrent(doc)) read();
    return observeKey(root, key, read);
    // `first` is this hook's own bookkeeping, read when the effect runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, key]);
  // The same function for as long as the document and key are, so components given it keep their props.
  const write = useCallback(
    (next: T | null): void => {
      if (!doc) return;
      const root = doc.getMap(CASE_ROOT);
      if (next === null) root.delete(key);
      else root.set(key, next);
    },
    [doc, key],
  );
  return [value, write];
}

/**
 * A record of the case root (events, dischargeScoreEntries) with one entry set at a time. The
 * record is the case structure's Y.Map, so two tablets setting different entries apart both keep
 * theirs. A document whose record an older build wrote as one plain value keeps it (the structure's
 * map loses that conflict); there the write reads the record as it is now and replaces it whole,
 * as that build does.
 */
export function useCaseRecord<T>(
  doc: Y.Doc | undefined,
  key: string,
): [Readonly<Record<string, T>>, (entry: string, value: T | null) => void] {
  const [value] = useCaseValue<Record<string, T>>(doc, key);
  const setEntry = (entry: string, next: T | null): void => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    if (root.get(key) === undefined && isStructuredMap(key)) ensureCaseStructure(doc);
    const map = root.get(key);
    if (map instanceof Y.Map) {
      if (next === null) map.delete(entry);
      else map.set(entry, next);
      return;
    }
    const current = readKey(root, key);
    const record: Record<string, T> =
      current != null && typeof current === 'object' && !Array.isArray(current)
        ? { ...(current as Record<string, T>) }
        : {};
    if (next === null) delete record[entry];
    else record[entry] = next;
    root.set(key, record);
  };
  return [value != null && typeof value === 'object' ? value : {}, setEntry];
}

function listOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export interface CaseList<T> {
  items: T[];
  add: (item: T) => void;
  removeWhere: (match: (item: T) => boolean) => void;
  /** Replaces the first entry that matches, in its place (one transaction). */
  replaceWhere: (match: (item: T) => boolean, next: T) => void;
}

/**
 * A list of the case document kept as a Y.Array of plain entries, so two tablets adding at
 * once both keep theirs. Entries are replaced, never edited in place. The list's container comes
 * from the case structure (caseStructure.ts). The key picks the entry type (shared's case list
 * entry schemas): `useCaseList(doc, 'drugsAdministered')` is a `CaseList<DrugEntry>`, and a key
 * that is not a case list does not compile.
 */
export function useCaseList<K extends CaseListKey>(doc: Y.Doc | undefined, key: K): CaseList<CaseListEntry<K>> {
  return useCaseListOf<CaseListEntry<K>>(doc, key);
}

function useCaseListOf<T>(doc: Y.Doc | undefined, key: string): CaseList<T> {
  const first = useReadState<T[]>(doc, key, (root) => listOf<T>(readKey(root, key)), []);
  const items = first.value;
  useEffect(() => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    const read = (): void => {
      first.markRead(doc);
      const list = listOf<T>(readKey(root, key));
      // A list's readers (tables, totals, the chart) redraw after the tap that changed it has
      // painted, so adding an entry answers at once however long the case is. No input shows a
      // list entry as its value, so nothing typed waits on this.
      startTransition(() => first.set(list));
    };
    if (!first.isCurrent(doc)) read();
    return observeKey(root, key, read);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, key]);
  const edits = useMemo(() => caseListEdits<T>(doc, key), [doc, key]);
  return { items, ...edits };
}

/**
 * The edits of a case list (see useCaseList), the same functions for as long as the document
 * and key are: components given them keep their props.
 */
function caseListEdits<T>(doc: Y.Doc | undefined, key: string): Omit<CaseList<T>, 'items'> {
  const array = (): Y.Array<T> | null => {
    if (!doc) return null;
    // Lists are never created here: a list two tablets each created would lose one side's entries.
    if (!isStructuredKey(key)) throw new Error(`"${key}" is not a list of the case structure`);
    const root = doc.getMap(CASE_ROOT);
    if (!(root.get(key) instanceof Y.Array)) ensureCaseStructure(doc);
    return root.get(key) as Y.Array<T>;
  };
  return {
    add: (item) => array()?.push([item]),
    removeWhere: (match) => {
      const list = array();
      if (!list) return;
      doc?.transact(() => {
        for (let i = list.length - 1; i >= 0; i--) if (match(list.get(i))) list.delete(i, 1);
      });
    },
    replaceWhere: (match, next) => {
      const list = array();
      if (!list) return;
      doc?.transact(() => {
        for (let i = 0; i < list.length; i++) {
          if (match(list.get(i))) {
            list.delete(i, 1);
            list.insert(i, [next]);
            return;
          }
        }
      });
    },
  };
}

/** Replaces a Y.Text's content by the smallest edit that turns it into `next`. */
export function applyTextEdit(text: Y.Text, next: string): void {
  const prev = text.toJSON();
  if (prev === next) return;
  let start = 0;
  while (start < prev.length && start < next.length && prev[start] === next[start]) start++;
  let end = 0;
  while (
    end < prev.length - start &&
    end < next.length - start &&
    prev[prev.length - 1 - end] === next[next.length - 1 - end]
  ) {
    end++;
  }
  text.doc?.transact(() => {
    text.delete(start, prev.length - start - end);
    text.insert(start, next.slice(start, next.length - end));
  });
}

/**
 * A text of the case (procedureNotes, recoveryNotes) kept as a Y.Text, so two people typing in
 * the same notes merge character by character.
 */
export function useCaseText(doc: Y.Doc | undefined, key: string): [string, (v: string) => void] {
  const textOf = (root: Y.Map<unknown>): string => {
    const t = readKey(root, key);
    return typeof t === 'string' ? t : '';
  };
  const first = useReadState(doc, key, textOf, '');
  const value = first.value;
  useEffect(() => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    const read = (): void => {
      first.markRead(doc);
      first.set(textOf(root));
    };
    if (!first.isCurrent(doc)) read();
    return observeKey(root, key, read);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, key]);
  const write = (next: string): void => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    if (!(root.get(key) instanceof Y.Text)) ensureCaseStructure(doc);
    const text = root.get(key);
    if (text instanceof Y.Text) applyTextEdit(text, next);
  };
  return [value, write];
}
