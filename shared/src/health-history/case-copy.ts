import { bmi } from '../rules/bmi.js';
import {
  addMonthsUtc,
  healthAlertCount,
  healthHistoryStatus,
  systemsReviewState,
  type HealthHistoryStatus,
  type SummaryField,
} from '../rules/health-history.js';
import { HEALTH_HISTORY_STATUS_CUTOFF_MONTHS } from '../constants/widgets.js';
import { SYSTEMS_REVIEW_CATEGORIES } from '../enums.js';
import { PATIENT_HISTORY_FIELDS, type PatientHistoryField } from './schema.js';

/**
 * A health history used by a case (spec 001 §3 "healthHistoryId", §4): which patient-history
 * field is saved where, what copying a history into a case writes, which history is current and
 * what the case says when there is none it can rely on.
 */

/**
 * Where a patient-history field is saved (spec 001 §4 "local, elsewhere or both"):
 * - `elsewhere`: kept in the health history. The case holds a copy as the history has it, shown
 *   read-only on the case and replaced by every copy; a change is made in the history.
 * - `both`: copied into the case when the case has none, then re-checked on the day and changed
 *   on the case; a change is saved in the case only (a signed history stays as it was signed).
 * - `local`: the case's own, charted on the day of the procedure and never copied from a history
 *   (a months-old answer must not stand for today's).
 */
export type HistoryFieldPlace = 'local' | 'elsewhere' | 'both';

/**
 * [HX1] Where each patient-history field is saved (spec 001 §4; docs/decisions.md, session 16):
 * measurements, ASA and the airway examination are both (weight is weighed again and the airway
 * examined again on the day, and doses follow today's weight); allergies are both too (an allergy
 * reported on the day is charted on the case and never overwritten by the history); the histories,
 * medications, consult and systems review are elsewhere (the signed assessment is their record);
 * pregnancy and breastfeeding are local (asked on the day of sedation).
 */
export const HISTORY_FIELD_PLACES: Readonly<Record<PatientHistoryField, HistoryFieldPlace>> = {
  height: 'both',
  weight: 'both',
  height_raw: 'both',
  weight_raw: 'both',
  asaClassification: 'both',
  mallampati: 'both',
  brodsky: 'both',
  ulbt: 'both',
  tmd: 'both',
  iid: 'both',
  lungAuscultation: 'both',
  heartAuscultation: 'both',
  allergiesSummary: 'both',
  hospitalizationSummary: 'elsewhere',
  surgicalHistorySummary: 'elsewhere',
  anesthesiaHistorySummary: 'elsewhere',
  familyAnesthesiaHistorySummary: 'elsewhere',
  healthHistorySummary: 'elsewhere',
  healthHistoryNotes: 'elsewhere',
  medications: 'elsewhere',
  medicationsText: 'elsewhere',
  medicalConsult: 'elsewhere',
  medicalConsultNotes: 'elsewhere',
  systemsReview: 'elsewhere',
  systemsReviewSkipped: 'elsewhere',
  pregnant: 'local',
  pregnancyDetail: 'local',
  breastfeeding: 'local',
  breastfeedingInstructionsGiven: 'local',
};

/** [HX1] The patient-history fields saved at a place, in PATIENT_HISTORY_FIELDS order. */
export function historyFieldsAt(place: HistoryFieldPlace): PatientHistoryField[] {
  return PATIENT_HISTORY_FIELDS.filter((f) => HISTORY_FIELD_PLACES[f] === place);
}

/** A raw text goes with its measurement: it is copied or kept with it, never alone. */
const RAW_OF: Partial<Record<PatientHistoryField, PatientHistoryField>> = {
  height: 'height_raw',
  weight: 'weight_raw',
};
const PAIRED_RAW = new Set<PatientHistoryField>(['height_raw', 'weight_raw']);

/** Whether a stored value says something: not null, not blank text, not an empty list. */
export function hasHistoryValue(v: unknown): boolean {
  if (v == null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** What copying a history into a case writes. */
export interface HistoryCopy {
  /** Keys to set on the case (the history's values, and healthHistoryId). */
  readonly set: Readonly<Record<string, unknown>>;
  /** Keys to delete from the case (elsewhere fields the history leaves empty). */
  readonly remove: readonly PatientHistoryField[];
  /** Both fields the case keeps although the history differs (charted on the day). */
  readonly kept: readonly PatientHistoryField[];
}

/**
 * [HX2] Copies a health history into a case by HX1 (spec 001 §4): every elsewhere field takes the
 * history's value (deleted when the history has none); a both field takes the history's value only
 * where the case has none, and is listed in `kept` where the case's differs; a raw height or
 * weight text goes with its measurement; local fields are never written. The case records the
 * history it used (`healthHistoryId`, spec 001 §3).
 */
export function copyHistoryIntoCase(
  historyId: string,
  history: Readonly<Record<string, unknown>>,
  caseData: Readonly<Record<string, unknown>>,
): HistoryCopy {
  const set: Record<string, unknown> = {};
  const remove: PatientHistoryField[] = [];
  const kept: PatientHistoryField[] = [];
  for (const field of PATIENT_HISTORY_FIELDS) {
    const place = HISTORY_FIELD_PLACES[field];
    const theirs = history[field];
    if (place === 'local' || PAIRED_RAW.has(field)) continue;
    const raw = RAW_OF[field];
    if (place === 'elsewhere') {
      if (hasHistoryValue(theirs)) {
        if (!sameValue(theirs, caseData[field])) set[field] = theirs;
      } else if (caseData[field] !== undefined) remove.push(field);
      continue;
    }
    if (!hasHistoryValue(theirs)) continue;
    if (!hasHistoryValue(caseData[field])) {
      set[field] = theirs;
      if (raw && hasHistoryValue(history[raw])) set[raw] = history[raw];
    } else if (!sameValue(theirs, caseData[field])) kept.push(field);
  }
  if (caseData.healthHistoryId !== historyId) set.healthHistoryId = historyId;
  return { set, remove, kept };
}

/** A health history as the case lists it: its Composition's facts and its content. */
export interface CaseHistoryItem {
  readonly id: string;
  /** The Composition status (spec 001 §4): a preliminary history sorts first and is never current. */
  readonly status: string;
  /** When the history was created (the Composition's date), epoch ms; 0 when unknown. */
  readonly createdAt?: number;
  /** When the history was last changed (meta.lastUpdated, else the Composition's date), epoch ms. */
  readonly updatedAt: number;
  readonly data: Readonly<Record<string, unknown>>;
}

/** What the order of a patient's histories reads (HX3). */
export interface HistoryOrderKey {
  readonly id: string;
  readonly status: string;
  readonly createdAt?: number;
  readonly updatedAt: number;
}

/**
 * [HX3] The one order of a patient's health histories, for the patient's summary cards and the
 * case alike: preliminary ones first, then the newest created first (an older history signed
 * today stays below the newer one), then the latest changed, then by id so the order is stable.
 */
export function compareHealthHistories(a: HistoryOrderKey, b: HistoryOrderKey): number {
  const pa = a.status === 'preliminary' ? 0 : 1;
  const pb = b.status === 'preliminary' ? 0 : 1;
  return pa - pb || (b.createdAt ?? 0) - (a.createdAt ?? 0) || b.updatedAt - a.updatedAt || b.id.localeCompare(a.id);
}

/** [HX3] The current history of a list in HX3 order: the first one that is not preliminary. */
export function currentHealthHistoryId(ordered: readonly HistoryOrderKey[]): string | null {
  return ordered.find((h) => h.status !== 'preliminary')?.id ?? null;
}

/** A listed history with its status pill (HH3) and whether it is current. */
export interface RankedHistory extends CaseHistoryItem {
  readonly isCurrent: boolean;
  readonly pill: HealthHistoryStatus;
}

/**
 * [HX3] The patient's histories in list order with their status (spec 001 §4, spec 002 §4):
 * in compareHealthHistories order; the newest non-preliminary one is current; each has
 * its HH3 status from its final signature time.
 */
export function rankHealthHistories(items: readonly CaseHistoryItem[], now: number): RankedHistory[] {
  const sorted = [...items].sort(compareHealthHistories);
  const currentId = currentHealthHistoryId(sorted);
  return sorted.map((h) => {
    const isCurrent = h.id === currentId;
    const signed = h.data.finalReportSignatureTime as string | number | null | undefined;
    return { ...h, isCurrent, pill: healthHistoryStatus({ finalReportSignatureTime: signed, isCurrent, now }) };
  });
}

/** [HX3] The history a case uses by default: the current one, else the newest listed. */
export function defaultCaseHistory(ranked: readonly RankedHistory[]): RankedHistory | null {
  return ranked.find((h) => h.isCurrent) ?? ranked[0] ?? null;
}

export type CaseHistoryNoticeKind = 'missing' | 'inProgress' | 'outdated';

/** The case header's notice texts (Vigil's; the spec gives none). */
export const CASE_HISTORY_NOTICE_TEXTS = {
  missing: 'No health history: this patient has no pre-sedation assessment on file.',
  inProgress: 'Health history in progress: the pre-sedation assessment is not signed yet.',
  outdated: (signedOn: string): string =>
    `Health history outdated: last signed ${signedOn}, over ${HEALTH_HISTORY_STATUS_CUTOFF_MONTHS} months ago.`,
} as const;

function signedAt(h: RankedHistory): number | null {
  const t = h.data.finalReportSignatureTime;
  if (typeof t === 'number') return t;
  if (typeof t === 'string' && t !== '') {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

/**
 * [HX4] What the case says at its top about the patient's health history (spec 002 §4 statuses):
 * nothing while some history was signed within 6 months (Most Recent or Previous); otherwise
 * 'inProgress' when one is being filled in, else 'outdated' (with the newest signature's date),
 * else 'missing'.
 */
export function caseHistoryNotice(
  ranked: readonly RankedHistory[],
): { kind: CaseHistoryNoticeKind; signedAt: number | null } | null {
  if (ranked.some((h) => h.pill === 'mostRecent' || h.pill === 'previous')) return null;
  if (ranked.some((h) => h.pill === 'inProgress')) return { kind: 'inProgress', signedAt: null };
  const signed = ranked.map(signedAt).filter((t): t is number => t != null);
  if (signed.length > 0) return { kind: 'outdated', signedAt: Math.max(...signed) };
  return { kind: 'missing', signedAt: null };
}

/** [HX4] Whether a signature time is older than the 6-month cutoff at `now` (HH3's outdated). */
export function isSignatureOutdated(signed: number, now: number): boolean {
  return addMonthsUtc(signed, HEALTH_HISTORY_STATUS_CUTOFF_MONTHS) < now;
}

const ALERT_SUMMARIES: readonly SummaryField[] = [
  'hospitalizationSummary',
  'surgicalHistorySummary',
  'anesthesiaHistorySummary',
  'familyAnesthesiaHistorySummary',
  'healthHistorySummary',
];

function measurementValue(v: unknown): number | null {
  const value = (v as { value?: unknown } | null | undefined)?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * [HX5] A history's medical alert count by HH2 (spec 001 §9), read from its content: the BMI of its
 * height and weight; each structured allergy, or the allergies summary as one when there is no
 * structured list and it is not a negative answer (NKDA); each named medication; each history
 * summary that is not a negative answer; each systems-review entry (none when skipped).
 */
export function historyAlertCount(data: Readonly<Record<string, unknown>>): number {
  const allergies = Array.isArray(data.allergies) ? (data.allergies as unknown[]) : [];
  const medications = (Array.isArray(data.medications) ? (data.medications as { name?: unknown }[]) : []).filter(
    (m) => typeof m?.name === 'string' && m.name.trim() !== '',
  );
  const summaries: Partial<Record<SummaryField, string | null>> = {};
  for (const f of ALERT_SUMMARIES) summaries[f] = typeof data[f] === 'string' ? data[f] : null;
  if (allergies.length === 0)
    summaries.allergiesSummary = typeof data.allergiesSummary === 'string' ? data.allergiesSummary : null;
  const review = systemsReviewState(
    (data.systemsReview ?? null) as Parameters<typeof systemsReviewState>[0],
    data.systemsReviewSkipped === true,
    SYSTEMS_REVIEW_CATEGORIES,
  );
  return healthAlertCount({
    bmi: bmi(measurementValue(data.weight), measurementValue(data.height)),
    allergies,
    medications,
    summaries,
    systemsReviewEntryCount: review.entryCount,
  });
}
