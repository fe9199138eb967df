import { CASE_STRUCTURE_GROUPS, newId, type ChecklistItemEntry, type RecentPreMed } from '@vigil/shared';
import { addEntryOf, addListEntry, editText, readField, setField } from './commands.js';
import { yDocOf, type CaseDoc } from './caseDoc.js';

/*
 * Commands of the last case fields (issue 39): the office's checklists a new case starts with,
 * the notes' signatures, and what a new case copies from the patient's earlier one. Each is one
 * Yjs transaction (one save, one undo step).
 */

/** The office's lists as the case takes them: null for a list the office never saved. */
export interface OfficeChecklists {
  preOpChecklist: readonly string[] | null;
  optChecks: readonly string[] | null;
}

/** The key that records that a case took the office's lists once (so it never takes them again). */
export const OFFICE_CHECKLISTS_KEY = 'officeChecklistsApplied';

/**
 * Starts a case with the office's checklists (issue 39): each list the office keeps goes into the
 * case's list of the same name (preOpChecklist, optChecks) as unticked items in its order, unless
 * the case's list already has items. Done once per case, in one transaction: the case records
 * that it took them, so a list emptied on the case, or changed at the office later, stays as the
 * case has it. Nothing happens while the office's lists are not known (offline with no copy) or
 * when it has none. Answers whether the case took them.
 */
export function startCaseChecklists(doc: CaseDoc, lists: OfficeChecklists): boolean {
  if (readField(doc, OFFICE_CHECKLISTS_KEY) != null) return false;
  if (lists.preOpChecklist === null && lists.optChecks === null) return false;
  yDocOf(doc).transact(() => {
    for (const key of ['preOpChecklist', 'optChecks'] as const) {
      const labels = lists[key];
      const current = readField(doc, key);
      if (!labels || (Array.isArray(current) && current.length > 0)) continue;
      labels.forEach((label, i) => {
        addEntryOf<ChecklistItemEntry>(doc, key, { id: newId('chk'), label, order: i + 1, complete: false });
      });
    }
    setField(doc, OFFICE_CHECKLISTS_KEY, true);
  });
  return true;
}

/** The notes a provider signs (spec 002 §3 report data: procedureNotesSignature, recoveryNotesSignature). */
export type NotesSignatureKey = 'procedureNotesSignature' | 'recoveryNotesSignature';

/** A notes signature as the report prints it: who, the drawn path, when (epoch ms). */
export interface NotesSignature {
  name: string;
  signature: string;
  time: number;
}

/** Signs the procedure or recovery notes (replacing an earlier signature); null removes it. */
export function signNotes(doc: CaseDoc, key: NotesSignatureKey, signature: NotesSignature | null): void {
  setField(doc, key, signature === null ? null : { ...signature });
}

const TEXT_KEYS: ReadonlySet<string> = new Set(CASE_STRUCTURE_GROUPS.flatMap((g) => [...g.texts]));

const isBlank = (v: unknown): boolean => v == null || (typeof v === 'string' && v.trim() === '');

/**
 * Copies values from the patient's earlier case (CC1, copiedCaseValues) into this one, in one
 * transaction: only into fields this case has not set, so nothing typed is replaced; the notes go
 * into their shared texts. Answers the fields it wrote.
 */
export function copyCaseValues(doc: CaseDoc, values: Readonly<Record<string, unknown>>): string[] {
  const written: string[] = [];
  yDocOf(doc).transact(() => {
    for (const [key, value] of Object.entries(values)) {
      if (value == null || !isBlank(readField(doc, key))) continue;
      if (TEXT_KEYS.has(key)) {
        if (typeof value !== 'string') continue;
        editText(doc, key, value);
      } else {
        setField(doc, key, value);
      }
      written.push(key);
    }
  });
  return written;
}

/** Adds a pre-med from the patient's recent ones (CC2) to the case, given at `time` (never the earlier case's). */
export function addRecentPreMed(doc: CaseDoc, preMed: RecentPreMed, time: number): void {
  const { drugId, drugName, route, dosage, unit } = preMed;
  addListEntry(doc, 'preMeds', { id: newId('pm'), drugId, drugName, route, dosage, unit, time });
}
