import {
  EMPTY_ANSWERS,
  type FieldAnswers,
  type ListAnswer,
  type AllergyAnswer,
  type MedicationAnswer,
} from './answers.js';

/*
 * [FC24] The patient's answers kept on the phone until the server has them (issue 35): written on
 * every change, read when the link opens again (a reload, the tab closed, the page fallen over, a
 * submit that never arrived), removed once the server confirms the submission or says the link can
 * no longer be used. A shared phone keeps them no longer than DRAFT_KEEP_MS after the last change.
 */

/** How long answers stay on the device after the patient last changed one: 24 hours. */
export const DRAFT_KEEP_MS = 24 * 60 * 60 * 1000;

const PREFIX = 'vigil.patient-form.';

interface StoredDraft {
  savedAt: number;
  answers: FieldAnswers;
}

const draftKey = (token: string): string => `${PREFIX}${token}`;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isYesNo = (v: unknown): v is 'yes' | 'no' | null => v === 'yes' || v === 'no' || v === null;

/** The entries of a stored record whose values pass `keep`, as they are (anything else is dropped). */
function entries<T>(value: unknown, keep: (v: unknown) => v is T): Record<string, T> {
  if (!isObject(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, T] => keep(e[1])));
}

function isList<T>(fields: readonly (keyof T & string)[]): (v: unknown) => v is ListAnswer<T> {
  return (v): v is ListAnswer<T> =>
    isObject(v) &&
    typeof v.none === 'boolean' &&
    Array.isArray(v.items) &&
    v.items.every((item) => isObject(item) && fields.every((f) => isString(item[f])));
}

const isCategory = (v: unknown): boolean =>
  isObject(v) &&
  isYesNo(v.answer) &&
  Array.isArray(v.conditions) &&
  v.conditions.every(isString) &&
  isString(v.details);
const isExtra = (v: unknown): boolean => isObject(v) && isYesNo(v.answer) && isString(v.details);
const isHistory = (v: unknown): v is FieldAnswers['healthHistory'][string] =>
  isObject(v) &&
  isObject(v.categories) &&
  Object.values(v.categories).every(isCategory) &&
  isObject(v.extra) &&
  Object.values(v.extra).every(isExtra);

/**
 * The answers as stored, each kept only if it has the shape the form gives it: a copy written by
 * another build of the page, or changed by hand, never breaks the form it is read back into.
 */
function answersOf(value: unknown): FieldAnswers {
  if (!isObject(value)) return EMPTY_ANSWERS;
  return {
    text: entries(value.text, isString),
    signature: entries(value.signature, isString),
    selfie: entries(value.selfie, isString),
    allergies: entries(value.allergies, isList<AllergyAnswer>(['name', 'reaction'])),
    medications: entries(value.medications, isList<MedicationAnswer>(['name', 'dose'])),
    healthHistory: entries(value.healthHistory, isHistory),
  };
}

function stored(storage: Storage, key: string): StoredDraft | null {
  try {
    const value = JSON.parse(storage.getItem(key) ?? 'null') as unknown;
    if (!isObject(value) || typeof value.savedAt !== 'number') return null;
    return { savedAt: value.savedAt, answers: answersOf(value.answers) };
  } catch {
    return null;
  }
}

/** [FC24] The answers kept for this link, or none when there are none or they are older than DRAFT_KEEP_MS. */
export function readDraft(storage: Storage, token: string, now: number): FieldAnswers {
  const draft = stored(storage, draftKey(token));
  return draft && now - draft.savedAt <= DRAFT_KEEP_MS ? draft.answers : EMPTY_ANSWERS;
}

/** [FC24] Keeps the answers for this link; false when the device would not store them (full, or private mode). */
export function writeDraft(storage: Storage, token: string, answers: FieldAnswers, now: number): boolean {
  try {
    storage.setItem(draftKey(token), JSON.stringify({ savedAt: now, answers } satisfies StoredDraft));
    return true;
  } catch {
    return false;
  }
}

/** [FC24] Removes the answers kept for this link (sent, or the link can no longer be used). */
export function clearDraft(storage: Storage, token: string): void {
  try {
    storage.removeItem(draftKey(token));
  } catch {
    // Storage that cannot be reached holds nothing to remove.
  }
}

/** [FC24] Removes every link's answers older than DRAFT_KEEP_MS (forms started on this phone and never sent). */
export function clearStaleDrafts(storage: Storage, now: number): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k !== null && k.startsWith(PREFIX),
    );
    for (const key of keys) {
      const draft = stored(storage, key);
      if (!draft || now - draft.savedAt > DRAFT_KEEP_MS) storage.removeItem(key);
    }
  } catch {
    // Storage that cannot be reached holds nothing to remove.
  }
}
