import * as Y from 'yjs';
import type { CaseListEntry, CaseListKey } from '@vigil/shared';
import { ensureCaseStructure, isStructuredKey, isStructuredMap } from '../sync/caseStructure.js';
import { caseRoot, readKey, yDocOf, type CaseDoc } from './caseDoc.js';

/*
 * The case document's commands (issue 36 item 6): every write of a case goes through one of these,
 * typed by shared's entry schemas where the key is a list. Each is one Yjs transaction (one save,
 * one undo step); lists and texts are the case structure's containers, never created here.
 */

/** The case's content as plain JSON (what the content hash and the report read). */
export function readCase(doc: CaseDoc): Record<string, unknown> {
  return caseRoot(doc).toJSON();
}

/** One key of the case as plain JSON; undefined when unset. */
export function readField(doc: CaseDoc, key: string): unknown {
  return readKey(caseRoot(doc), key);
}

/** Sets a plain value of the case root; null deletes the key. */
export function setField(doc: CaseDoc, key: string, value: unknown): void {
  const root = caseRoot(doc);
  if (value === null) root.delete(key);
  else root.set(key, value);
}

/** What a change of the case (changeCase) may read and write, all in one transaction. */
export interface CaseChange {
  /** A key's value as plain JSON. */
  get: (key: string) => unknown;
  /** Whether the key is set at all (set to null counts). */
  has: (key: string) => boolean;
  /** Sets a plain value (null is kept as null: `delete` removes a key). */
  set: (key: string, value: unknown) => void;
  delete: (key: string) => void;
}

/**
 * Reads and writes several keys of the case in one transaction (one save, one undo step): a
 * health history copied into the case, the measurements carried into it.
 */
export function changeCase(doc: CaseDoc, change: (c: CaseChange) => void): void {
  const root = caseRoot(doc);
  yDocOf(doc).transact(() => {
    change({
      get: (key) => readKey(root, key),
      has: (key) => root.has(key),
      set: (key, value) => root.set(key, value),
      delete: (key) => root.delete(key),
    });
  });
}

/**
 * Sets one entry of a record of the case root (events, dischargeScoreEntries); null deletes it.
 * The record is the case structure's Y.Map, so two tablets setting different entries apart both
 * keep theirs. A document whose record an older build wrote as one plain value keeps it (the
 * structure's map loses that conflict); there the write reads the record as it is now and
 * replaces it whole, as that build does.
 */
export function setRecordEntry(doc: CaseDoc, key: string, entry: string, value: unknown): void {
  const root = caseRoot(doc);
  if (root.get(key) === undefined && isStructuredMap(key)) ensureCaseStructure(yDocOf(doc));
  const map = root.get(key);
  if (map instanceof Y.Map) {
    if (value === null) map.delete(entry);
    else map.set(entry, value);
    return;
  }
  const current = readKey(root, key);
  const record: Record<string, unknown> =
    current != null && typeof current === 'object' && !Array.isArray(current)
      ? { ...(current as Record<string, unknown>) }
      : {};
  if (value === null) delete record[entry];
  else record[entry] = value;
  root.set(key, record);
}

/** The case structure's Y.Array of a list key. Lists are never created here: a list two tablets each created would lose one side's entries. */
function listOf<T>(doc: CaseDoc, key: string): Y.Array<T> {
  if (!isStructuredKey(key)) throw new Error(`"${key}" is not a list of the case structure`);
  const root = caseRoot(doc);
  if (!(root.get(key) instanceof Y.Array)) ensureCaseStructure(yDocOf(doc));
  return root.get(key) as Y.Array<T>;
}

/** Appends an entry to a list of the case (giving a drug, charting vitals, signing…). */
export function addListEntry<K extends CaseListKey>(doc: CaseDoc, key: K, entry: CaseListEntry<K>): void {
  addEntryOf(doc, key, entry);
}

/** addListEntry for a key the caller has already typed (the list hooks). */
export function addEntryOf<T>(doc: CaseDoc, key: string, entry: T): void {
  listOf<T>(doc, key).push([entry]);
}

/** Removes every entry of a list that matches, in one transaction. */
export function removeListEntries<T>(doc: CaseDoc, key: string, match: (entry: T, index: number) => boolean): void {
  const list = listOf<T>(doc, key);
  yDocOf(doc).transact(() => {
    for (let i = list.length - 1; i >= 0; i--) if (match(list.get(i), i)) list.delete(i, 1);
  });
}

/** A list whose entries carry an id (every list but customDilutions). */
export type CaseListKeyWithId = {
  [K in CaseListKey]: CaseListEntry<K> extends { id: string } ? K : never;
}[CaseListKey];

/** Removes the entry with this id from a list of the case. */
export function removeListEntry<K extends CaseListKeyWithId>(doc: CaseDoc, key: K, id: string): void {
  removeListEntries<{ id: string }>(doc, key, (e) => e.id === id);
}

/** Replaces the first entry that matches, in its place (one transaction). */
export function replaceListEntry<T>(doc: CaseDoc, key: string, match: (entry: T) => boolean, next: T): void {
  const list = listOf<T>(doc, key);
  yDocOf(doc).transact(() => {
    for (let i = 0; i < list.length; i++) {
      if (match(list.get(i))) {
        list.delete(i, 1);
        list.insert(i, [next]);
        return;
      }
    }
  });
}

/**
 * Puts an entry by its id: the entry with that id is removed and this one appended, in one
 * transaction (an airway, an IV site or an infusion edited).
 */
export function putListEntry<K extends CaseListKeyWithId>(doc: CaseDoc, key: K, entry: CaseListEntry<K>): void {
  const list = listOf<{ id: string }>(doc, key);
  yDocOf(doc).transact(() => {
    for (let i = list.length - 1; i >= 0; i--) if (list.get(i).id === entry.id) list.delete(i, 1);
    list.push([entry]);
  });
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
 * Edits a text of the case (procedureNotes, recoveryNotes), kept as the structure's Y.Text, by the
 * smallest edit: two people typing in the same notes merge character by character.
 */
export function editText(doc: CaseDoc, key: string, next: string): void {
  const root = caseRoot(doc);
  if (!(root.get(key) instanceof Y.Text)) ensureCaseStructure(yDocOf(doc));
  const text = root.get(key);
  if (text instanceof Y.Text) applyTextEdit(text, next);
}
