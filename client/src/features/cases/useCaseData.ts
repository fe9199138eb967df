import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { CASE_ROOT } from '@vigil/shared';
import { ensureCaseStructure, isStructuredKey } from '../../sync/caseStructure.js';

/** A plain value of the case document's root map, kept current. */
export function useCaseValue<T>(doc: Y.Doc | undefined, key: string): [T | undefined, (value: T | null) => void] {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    const read = (): void => {
      const v = root.get(key);
      setValue((v instanceof Y.AbstractType ? v.toJSON() : v) as T | undefined);
    };
    read();
    root.observeDeep(read);
    return () => root.unobserveDeep(read);
  }, [doc, key]);
  const write = (next: T | null): void => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    if (next === null) root.delete(key);
    else root.set(key, next);
  };
  return [value, write];
}

export interface CaseList<T> {
  items: T[];
  add: (item: T) => void;
  removeWhere: (match: (item: T) => boolean) => void;
}

/**
 * A list of the case document kept as a Y.Array of plain entries, so two tablets adding at
 * once both keep theirs. Entries are replaced, never edited in place. The list's container comes
 * from the case structure (caseStructure.ts).
 */
export function useCaseList<T>(doc: Y.Doc | undefined, key: string): CaseList<T> {
  const [items, setItems] = useState<T[]>([]);
  useEffect(() => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    const read = (): void => {
      const list = root.get(key);
      setItems(list instanceof Y.Array ? (list.toJSON() as T[]) : Array.isArray(list) ? (list as T[]) : []);
    };
    read();
    root.observeDeep(read);
    return () => root.unobserveDeep(read);
  }, [doc, key]);
  const array = (): Y.Array<T> | null => {
    if (!doc) return null;
    // Lists are never created here: a list two tablets each created would lose one side's entries.
    if (!isStructuredKey(key)) throw new Error(`"${key}" is not a list of the case structure`);
    const root = doc.getMap(CASE_ROOT);
    if (!(root.get(key) instanceof Y.Array)) ensureCaseStructure(doc);
    return root.get(key) as Y.Array<T>;
  };
  return {
    items,
    add: (item) => array()?.push([item]),
    removeWhere: (match) => {
      const list = array();
      if (!list) return;
      doc?.transact(() => {
        for (let i = list.length - 1; i >= 0; i--) if (match(list.get(i))) list.delete(i, 1);
      });
    },
  };
}
