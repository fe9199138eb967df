import { DAY } from '../constants/time.js';
import { APPOINTMENT_EXTENSIONS, appointmentTasks, type Appointment } from '../fhir/appointment.js';
import type { Extension } from '../fhir/common.js';
import { defaultCaseHistory, rankHealthHistories, type CaseHistoryItem } from '../health-history/case-copy.js';

/*
 * The front desk's pre-op list (issue 40, `/org/{orgId}/preop-list`): for each coming sedation
 * appointment, what the patient still owes before the visit. Pure: the server gathers the facts
 * (histories, form tasks, weights, allergies, the NPO mark) in one paginated query and answers
 * each row with these rules' verdict.
 */

/** [PRE1] Health history: none on file, in progress (unsigned), outdated at the visit, or signed. */
export const PREOP_HISTORY_STATES = ['none', 'inProgress', 'outdated', 'signed'] as const;
export type PreopHistoryState = (typeof PREOP_HISTORY_STATES)[number];
/** [PRE2] A form of the appointment: not sent yet (or its sending failed), sent, opened by the patient, or signed. */
export const PREOP_FORM_STATES = ['notSent', 'sent', 'opened', 'signed'] as const;
export type PreopFormState = (typeof PREOP_FORM_STATES)[number];
/** The things a pre-op row can still need, in the list's column order. */
export const PREOP_ITEMS = ['healthHistory', 'forms', 'weight', 'allergies', 'npo'] as const;
export type PreopItem = (typeof PREOP_ITEMS)[number];

/** The desk's words for each missing item (Vigil's; the spec gives none). */
export const PREOP_ITEM_LABELS: Readonly<Record<PreopItem, string>> = {
  healthHistory: 'Health history',
  forms: 'Forms and consent',
  weight: 'Weight',
  allergies: 'Allergies reviewed',
  npo: 'NPO instructions',
};

/** [PRE3] The office's period for a recent weight and allergy review: 30 days unless it sets another, 1 to 365. */
export const PREOP_REVIEW_DAYS = { default: 30, min: 1, max: 365 } as const;

/** The task status a patient's first look at a sent form leaves (forms/tasks.ts, PRE2). */
export const TASK_OPENED_STATUS = 'opened';

/** The NPO instructions mark the desk ticks (PRE5): who gave them and when. */
export interface PreopNpoMark {
  byId: string;
  byName: string;
  /** ISO instant. */
  at: string;
}

/** What PRE1–PRE6 read of one appointment. Times are epoch milliseconds. */
export interface PreopFacts {
  appointment: Appointment;
  /** The patient's health histories (HX3 items). */
  histories: readonly CaseHistoryItem[];
  /** When each of the patient's weights was measured. */
  weightTimes: readonly number[];
  /** When each of the patient's allergy answers (AllergyIntolerance, NKDA included) was recorded; null when undated. */
  allergyTimes: readonly (number | null)[];
  /** The office's review period in days (PRE3). */
  reviewDays: number;
}

export interface PreopForm {
  taskId: string;
  title: string;
  state: PreopFormState;
}

/** One row's verdict. */
export interface PreopVerdict {
  healthHistory: PreopHistoryState;
  forms: PreopForm[];
  weightRecorded: boolean;
  allergiesReviewed: boolean;
  npo: PreopNpoMark | null;
  /** What is still missing, in PREOP_ITEMS order; empty when the patient is ready. */
  missing: PreopItem[];
}

const startOf = (a: Appointment): number => (a.start ? Date.parse(a.start) : Number.NaN);

/**
 * [PRE1] The health history the visit would use (HX3: the current one, else the newest), as of
 * the appointment's start: none; inProgress when unsigned; outdated when signed more than 6
 * months before the visit (HH3); otherwise signed.
 */
export function preopHistoryState(histories: readonly CaseHistoryItem[], at: number): PreopHistoryState {
  const chosen = defaultCaseHistory(rankHealthHistories(histories, at));
  if (!chosen) return 'none';
  if (chosen.pill === 'inProgress') return 'inProgress';
  if (chosen.pill === 'outdated') return 'outdated';
  return 'signed';
}

/** The time the history the visit uses was signed, or null (PRE4 counts a recent signed history as a review). */
function historySignedAt(histories: readonly CaseHistoryItem[], at: number): number | null {
  const chosen = defaultCaseHistory(rankHealthHistories(histories, at));
  const t = chosen?.data.finalReportSignatureTime;
  const ms = typeof t === 'number' ? t : typeof t === 'string' ? Date.parse(t) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

/**
 * [PRE2] The appointment's patient forms: requested or failed is not sent, sent, opened (the
 * patient opened the link), completed is signed. The forms item is missing while any is not signed;
 * an appointment without forms owes none.
 */
export function preopForms(appointment: Appointment): PreopForm[] {
  return appointmentTasks(appointment)
    .filter((t) => t.type === 'patientForm')
    .map((t) => ({
      taskId: t.id,
      title: t.title ?? 'Form',
      state:
        t.status === 'completed'
          ? 'signed'
          : t.status === TASK_OPENED_STATUS
            ? 'opened'
            : t.status === 'sent'
              ? 'sent'
              : 'notSent',
    }));
}

/** [PRE3] Whether a time falls in the review period before the visit: at most `days` days before its start, not after it. */
export function withinReviewPeriod(time: number, start: number, days: number): boolean {
  return time <= start && time >= start - days * DAY;
}

/** [PRE3] The office's review period in days: a whole number 1 to 365, else the default 30. */
export function reviewDaysOf(value: number | null | undefined): number {
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= PREOP_REVIEW_DAYS.min &&
    value <= PREOP_REVIEW_DAYS.max
    ? value
    : PREOP_REVIEW_DAYS.default;
}

/** [PRE5] The NPO mark on an appointment (a complex extension: byId, byName, at), or null. */
export function appointmentNpo(appointment: Appointment): PreopNpoMark | null {
  const ext = (appointment.extension ?? []).find((e) => e.url === APPOINTMENT_EXTENSIONS.npo);
  const field = (url: string): string | undefined => {
    const value: unknown = ext?.extension?.find((x) => x.url === url)?.valueString;
    return typeof value === 'string' ? value : undefined;
  };
  const byId = field('byId');
  const byName = field('byName');
  const at = field('at');
  return byId && byName && at ? { byId, byName, at } : null;
}

/** [PRE5] The appointment with its NPO mark set, or removed (null). */
export function withAppointmentNpo(appointment: Appointment, mark: PreopNpoMark | null): Appointment {
  const others = (appointment.extension ?? []).filter((e) => e.url !== APPOINTMENT_EXTENSIONS.npo);
  const ext: Extension[] = mark
    ? [
        {
          url: APPOINTMENT_EXTENSIONS.npo,
          extension: [
            { url: 'byId', valueString: mark.byId },
            { url: 'byName', valueString: mark.byName },
            { url: 'at', valueString: mark.at },
          ],
        },
      ]
    : [];
  return { ...appointment, extension: [...others, ...ext] };
}

/**
 * [PRE6] What one appointment still needs: a signed health history not outdated at the visit
 * (PRE1), every form signed (PRE2), a weight measured in the review period before the visit
 * (PRE3), allergies reviewed in that period — an allergy answer recorded then, NKDA included, or
 * the health history signed then (PRE4) — and the NPO instructions given (PRE5). Missing items
 * in PREOP_ITEMS order; none missing is a ready patient.
 */
export function preopVerdict(facts: PreopFacts): PreopVerdict {
  const start = startOf(facts.appointment);
  const days = reviewDaysOf(facts.reviewDays);
  const healthHistory = Number.isFinite(start) ? preopHistoryState(facts.histories, start) : 'none';
  const forms = preopForms(facts.appointment);
  const inPeriod = (t: number | null): boolean =>
    t !== null && Number.isFinite(start) && withinReviewPeriod(t, start, days);
  const weightRecorded = facts.weightTimes.some(inPeriod);
  const allergiesReviewed =
    facts.allergyTimes.some(inPeriod) || (Number.isFinite(start) && inPeriod(historySignedAt(facts.histories, start)));
  const npo = appointmentNpo(facts.appointment);
  const done: Record<PreopItem, boolean> = {
    healthHistory: healthHistory === 'signed',
    forms: forms.every((f) => f.state === 'signed'),
    weight: weightRecorded,
    allergies: allergiesReviewed,
    npo: npo !== null,
  };
  return {
    healthHistory,
    forms,
    weightRecorded,
    allergiesReviewed,
    npo,
    missing: PREOP_ITEMS.filter((item) => !done[item]),
  };
}
