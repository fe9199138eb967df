import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import * as Y from 'yjs';
import type { CaseListEntry, CaseListKey, VitalsRecord } from '@vigil/shared';
import { caseRoot, docVersion, readKey, type CaseDoc } from './caseDoc.js';
import { addEntryOf, editText, removeListEntries, replaceListEntry, setField, setRecordEntry } from './commands.js';
import { readVitalsRecords, watchVitalsRecords } from './readings.js';

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
  doc: CaseDoc | undefined,
  key: string,
  read: (root: Y.Map<unknown>) => T,
  empty: T,
): { value: T; set: (value: T) => void; isCurrent: (doc: CaseDoc) => boolean; markRead: (doc: CaseDoc) => void } {
  const seen = useRef<{ doc: CaseDoc; key: string; version: number } | null>(null);
  const readNow = (): { doc: CaseDoc | undefined; key: string; value: T } => {
    seen.current = doc ? { doc, key, version: docVersion(doc) } : null;
    return { doc, key, value: doc ? read(caseRoot(doc)) : empty };
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
export function useCaseValue<T>(doc: CaseDoc | undefined, key: string): [T | undefined, (value: T | null) => void] {
  const first = useReadState<T | undefined>(doc, key, (root) => readKey(root, key) as T | undefined, undefined);
  const value = first.value;
  useEffect(() => {
    if (!doc) return;
    const root = caseRoot(doc);
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
      if (doc) setField(doc, key, next);
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
  doc: CaseDoc | undefined,
  key: string,
): [Readonly<Record<string, T>>, (entry: string, value: T | null) => void] {
  const [value] = useCaseValue<Record<string, T>>(doc, key);
  const setEntry = (entry: string, next: T | null): void => {
    if (doc) setRecordEntry(doc, key, entry, next);
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
export function useCaseList<K extends CaseListKey>(doc: CaseDoc | undefined, key: K): CaseList<CaseListEntry<K>> {
  return useCaseListOf<CaseListEntry<K>>(doc, key);
}

function useCaseListOf<T>(doc: CaseDoc | undefined, key: string): CaseList<T> {
  const first = useReadState<T[]>(doc, key, (root) => listOf<T>(readKey(root, key)), []);
  const items = first.value;
  useEffect(() => {
    if (!doc) return;
    const root = caseRoot(doc);
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
function caseListEdits<T>(doc: CaseDoc | undefined, key: string): Omit<CaseList<T>, 'items'> {
  return {
    add: (item) => {
      if (doc) addEntryOf(doc, key, item);
    },
    removeWhere: (match) => {
      if (doc) removeListEntries<T>(doc, key, (item) => match(item));
    },
    replaceWhere: (match, next) => {
      if (doc) replaceListEntry(doc, key, match, next);
    },
  };
}

/**
 * A text of the case (procedureNotes, recoveryNotes) kept as a Y.Text, so two people typing in
 * the same notes merge character by character.
 */
export function useCaseText(doc: CaseDoc | undefined, key: string): [string, (v: string) => void] {
  const textOf = (root: Y.Map<unknown>): string => {
    const t = readKey(root, key);
    return typeof t === 'string' ? t : '';
  };
  const first = useReadState(doc, key, textOf, '');
  const value = first.value;
  useEffect(() => {
    if (!doc) return;
    const root = caseRoot(doc);
    const read = (): void => {
      first.markRead(doc);
      first.set(textOf(root));
    };
    if (!first.isCurrent(doc)) read();
    return observeKey(root, key, read);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, key]);
  const write = (next: string): void => {
    if (doc) editText(doc, key, next);
  };
  return [value, write];
}

/** The case document's content, kept current (the report preview follows every edit). */
export function useCaseJson(doc: CaseDoc | undefined): Record<string, unknown> {
  const [json, setJson] = useState<Record<string, unknown>>({});
  useEffect(() => {
    if (!doc) return;
    const root = caseRoot(doc);
    const read = (): void => setJson(root.toJSON());
    read();
    root.observeDeep(read);
    return () => root.unobserveDeep(read);
  }, [doc]);
  return json;
}

/**
 * The case document's content, read when the caller mounts and then at most once every `everyMs`
 * while it changes, in a transition: what follows the charting (the sign-off flags) does so without
 * a monitor reading making every tap wait on a copy of a long case.
 */
export function useThrottledCaseJson(doc: CaseDoc | undefined, everyMs: number): Record<string, unknown> | null {
  const [json, setJson] = useState<Record<string, unknown> | null>(null);
  useEffect(() => {
    if (!doc) {
      setJson(null);
      return;
    }
    const root = caseRoot(doc);
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = (): void => {
      timer = null;
      startTransition(() => setJson(root.toJSON()));
    };
    const changed = (): void => {
      timer ??= setTimeout(read, everyMs);
    };
    read();
    root.observeDeep(changed);
    return () => {
      root.unobserveDeep(changed);
      if (timer != null) clearTimeout(timer);
    };
  }, [doc, everyMs]);
  return json;
}

/**
 * The case's monitor readings (both forms, shared's monitorRecords), kept current. It follows
 * only the readings' containers and appends what a monitor pushed at the end, so a 4-hour case of
 * readings every 5 s (2,880) is not read again on every keystroke elsewhere in the case.
 */
export function useVitalsRecords(doc: CaseDoc | undefined): VitalsRecord[] {
  // Read at the first render (useReadState): the section mounts with its readings.
  const [first] = useState(() => (doc ? { doc, version: docVersion(doc), records: readVitalsRecords(doc) } : null));
  const [records, setRecords] = useState<VitalsRecord[]>(first?.records ?? []);
  useEffect(() => {
    if (!doc) return;
    // Unchanged since the first render: that render's readings are current.
    const current = first && first.doc === doc && first.version === docVersion(doc) ? first.records : null;
    return watchVitalsRecords(doc, current, (change) => {
      // The chart and tables redraw without holding up a tap or keystroke (useCaseList).
      startTransition(() => {
        if ('all' in change) setRecords(change.all);
        else setRecords((prev) => prev.concat(change.appended));
      });
    });
  }, [doc, first]);
  return records;
}
