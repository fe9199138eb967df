import { CASE_DATA_MESSAGES } from '../case-data/schema.js';
import { VITAL_LIMITS } from './vitals.js';

/**
 * Case fields charted on the case screen that no other rule covers (spec 001 §3, §5): estimated
 * blood loss, the final room-air SpO2, the referral, pregnancy and breastfeeding, the operative
 * checks. Each reads what was typed and returns the value to store or the error to show.
 */

/** A typed field after reading: value null means empty (the key is cleared). */
export interface CaseFieldValue<T> {
  readonly value: T | null;
  readonly error: string | null;
}

/**
 * [CF1] ebl and finalRoomAirSpO2 are positive integers (spec 001 §5, 'Must be a positive integer'):
 * blank is empty; anything else that is not a whole number above 0 is refused. The final room-air
 * SpO2 is also a SpO2 and keeps within 1–100 (VT1: 'max is 100').
 */
export function readPositiveIntegerField(text: string, field: 'ebl' | 'finalRoomAirSpO2'): CaseFieldValue<number> {
  const t = text.trim();
  if (t === '') return { value: null, error: null };
  if (!/^\d+$/.test(t) || Number(t) <= 0) return { value: null, error: CASE_DATA_MESSAGES.positiveInteger };
  const n = Number(t);
  if (field === 'finalRoomAirSpO2' && n > VITAL_LIMITS.spo2.max) {
    return { value: null, error: `max is ${VITAL_LIMITS.spo2.max}` };
  }
  return { value: n, error: null };
}

/** A referral as typed: the referring party's name, the member id, and when it was made. */
export interface ReferralDraft {
  readonly name: string;
  readonly memId: string;
  /** The referral date, YYYY-MM-DD (a date input's value), or ''. */
  readonly date: string;
}

/** A stored referral (spec 001 §3 rfr). */
export interface Referral {
  readonly name: string;
  readonly memId: string;
  /** ISO date-time, the referral date at 00:00 UTC. */
  readonly time: string;
}

/**
 * [CF2] A referral is valid only with name, member id and time (spec 001 §5): all three blank is
 * no referral (null, no error); some but not all is refused with 'Referral needs name, member id
 * and time'; a date that is not a real YYYY-MM-DD is refused the same way. Texts are trimmed.
 */
export function readReferral(draft: ReferralDraft): CaseFieldValue<Referral> {
  const name = draft.name.trim();
  const memId = draft.memId.trim();
  const date = draft.date.trim();
  if (name === '' && memId === '' && date === '') return { value: null, error: null };
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  const real = m != null && new Date(ms).toISOString().slice(0, 10) === date;
  if (name === '' || memId === '' || !real) return { value: null, error: CASE_DATA_MESSAGES.referral };
  return { value: { name, memId, time: new Date(ms).toISOString() }, error: null };
}

/** [CF2] The typed form of a stored referral (for editing it). */
export function referralDraft(stored: unknown): ReferralDraft {
  const r = (stored ?? {}) as { name?: unknown; memId?: unknown; time?: unknown };
  const t = typeof r.time === 'string' || typeof r.time === 'number' ? new Date(r.time) : null;
  return {
    name: typeof r.name === 'string' ? r.name : '',
    memId: typeof r.memId === 'string' ? r.memId : '',
    date: t && !Number.isNaN(t.getTime()) ? t.toISOString().slice(0, 10) : '',
  };
}

/** Pregnancy answers (stored codes; 'n' as presets store it, spec 002 §3) and their labels. */
export const PREGNANCY_ANSWERS = [
  { value: 'n', label: 'No' },
  { value: 'y', label: 'Yes' },
  { value: 'possible', label: 'Possibly' },
  { value: 'na', label: 'N/A' },
] as const;
/** Breastfeeding answers. */
export const BREASTFEEDING_ANSWERS = [
  { value: 'n', label: 'No' },
  { value: 'y', label: 'Yes' },
] as const;

/**
 * [CF3] An answer's label (spec 001 §3 pregnant / breastfeeding: text or boolean): the codes of
 * PREGNANCY_ANSWERS, true Yes, false No, other text as written; null when unanswered.
 */
export function answerLabel(value: unknown): string | null {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (typeof value !== 'string' || value.trim() === '') return null;
  return PREGNANCY_ANSWERS.find((a) => a.value === value)?.label ?? value.trim();
}

/** [CF3] Whether an answer is a yes (or possibly): the follow-up field is then asked. */
export function isYesAnswer(value: unknown): boolean {
  return value === true || value === 'y' || value === 'possible';
}

/** An operative check as stored (spec 001 §3 checklists: label, order, complete). */
export interface OperativeCheck {
  readonly label: string;
  readonly order: number;
  readonly complete: boolean;
}

/**
 * [CF4] Standard operative checks (Vigil's; the spec names none): what a sedation team confirms in
 * the operatory around the procedure, offered as a one-tap start.
 */
export const STANDARD_OPERATIVE_CHECKS = [
  'Patient, procedure and site confirmed',
  'Suction, oxygen and emergency kit checked',
  'Throat pack / oral partition placed',
  'Throat pack / oral partition removed',
  'Gauze and instrument count correct',
] as const;

/**
 * [CF4] The next operative check: the label trimmed, refused when blank ('Enter the check') or
 * already in the list, case ignored ('Already in the list'); its order one past the highest, so the
 * list keeps the order checks were added in.
 */
export function nextOperativeCheck(
  checks: readonly { label: string; order: number }[],
  label: string,
): { check: OperativeCheck | null; error: string | null } {
  const l = label.trim();
  if (l === '') return { check: null, error: 'Enter the check' };
  if (checks.some((c) => c.label.trim().toLowerCase() === l.toLowerCase())) {
    return { check: null, error: 'Already in the list' };
  }
  const order = checks.reduce((max, c) => Math.max(max, c.order), 0) + 1;
  return { check: { label: l, order, complete: false }, error: null };
}

/** [CF4] The checks in their order. */
export function sortedChecks<T extends { order?: number | null }>(checks: readonly T[]): T[] {
  return [...checks].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}
