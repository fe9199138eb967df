import {
  HEALTH_ALERT_BMI,
  NEGATIVE_ANSWERS,
  NEGATIVE_ANSWERS_ANESTHESIA_HISTORY,
  NEGATIVE_ANSWERS_HEART,
  NEGATIVE_ANSWERS_LUNGS,
} from '../constants/case.js';
import {
  HEALTH_HISTORY_STATUS_CUTOFF_MONTHS,
  MANUAL_VITALS_AGE_BADGE,
  PRE_OP_VITALS_LOOKBACK_DAYS,
} from '../constants/widgets.js';
import { DAY } from '../constants/time.js';

/** Summary fields whose negative answers are counted as none (spec 001 §9, spec 002 §5). */
export type SummaryField =
  | 'allergiesSummary'
  | 'hospitalizationSummary'
  | 'surgicalHistorySummary'
  | 'anesthesiaHistorySummary'
  | 'familyAnesthesiaHistorySummary'
  | 'healthHistorySummary'
  | 'lungAuscultation'
  | 'heartAuscultation';

/**
 * [HH1] A summary answer counts as none when it is empty or one of n, no, non, none, nkda,
 * no known, n/a, nka (case and surrounding spaces ignored, a trailing full stop ignored);
 * lungs also CTAB; heart also RRR or RRR w/o murmur; anesthesia history also 'No known
 * anesthesia complications' (spec 001 §9, spec 002 §5).
 */
export function isNegativeAnswer(text: string | null | undefined, field?: SummaryField): boolean {
  if (text == null) return true;
  const t = text.trim().toLowerCase().replace(/\.$/, '').trim();
  if (t === '') return true;
  const lists: readonly (readonly string[])[] = [
    NEGATIVE_ANSWERS,
    field === 'lungAuscultation' ? NEGATIVE_ANSWERS_LUNGS : [],
    field === 'heartAuscultation' ? NEGATIVE_ANSWERS_HEART : [],
    field === 'anesthesiaHistorySummary' ? NEGATIVE_ANSWERS_ANESTHESIA_HISTORY : [],
  ];
  return lists.some((list) => list.includes(t));
}

/** What the health alert count reads (spec 001 §9). */
export interface HealthAlertInput {
  readonly bmi: number | null;
  readonly allergies: readonly unknown[];
  readonly medications: readonly unknown[];
  readonly summaries: Partial<Record<SummaryField, string | null>>;
  readonly systemsReviewEntryCount: number;
}

/**
 * [HH2] Health alert count: a BMI of at most 18 or above 24 adds one; each allergy, medication,
 * non-empty (not negative) history summary and systems-review entry adds one (spec 001 §9).
 */
export function healthAlertCount(input: HealthAlertInput): number {
  let count = 0;
  if (input.bmi != null && (input.bmi <= HEALTH_ALERT_BMI.lowAtMost || input.bmi > HEALTH_ALERT_BMI.highAbove)) {
    count += 1;
  }
  count += input.allergies.length + input.medications.length;
  for (const [field, text] of Object.entries(input.summaries) as [SummaryField, string | null | undefined][]) {
    if (!isNegativeAnswer(text, field)) count += 1;
  }
  return count + Math.max(0, input.systemsReviewEntryCount);
}

/** An airway note: advisory, shown beside the field; it never blocks charting (spec 002 §5). */
export interface AirwayNote {
  readonly level: 'error' | 'warning';
  readonly code: 'ULBT_CLASS_3' | 'TMD_UNDER_6' | 'TMD_6_TO_6_5';
  readonly message: string;
}

/** Airway warning texts, exactly as spec 002 §5. */
export const AIRWAY_TEXTS = {
  ulbtClass3: 'Inability to bite upper lip is a strong indicator of difficult intubation',
  tmdUnder6: '< 6cm is associated with very high difficulty of intubation',
  tmd6To6_5: 'greater difficulty of intubation',
} as const;

/** [AW1] Upper lip bite test Class 3 gives an error note (spec 002 §5). */
export function upperLipBiteNote(ulbt: string | null | undefined): AirwayNote | null {
  if (ulbt == null) return null;
  const normalized = ulbt.trim().toLowerCase();
  return normalized === 'class 3' || normalized === '3'
    ? { level: 'error', code: 'ULBT_CLASS_3', message: AIRWAY_TEXTS.ulbtClass3 }
    : null;
}

/**
 * [AW2] Thyromental distance in cm: below 6 gives an error note; 6 to 6.5 inclusive gives a
 * warning; above 6.5 nothing (spec 002 §5).
 */
export function thyromentalDistanceNote(tmdCm: number | null | undefined): AirwayNote | null {
  if (tmdCm == null || !Number.isFinite(tmdCm)) return null;
  if (tmdCm < 6) return { level: 'error', code: 'TMD_UNDER_6', message: AIRWAY_TEXTS.tmdUnder6 };
  if (tmdCm <= 6.5) return { level: 'warning', code: 'TMD_6_TO_6_5', message: AIRWAY_TEXTS.tmd6To6_5 };
  return null;
}

/**
 * [AW3] Thyromental and inter-incisor distances are decimals with at most 2 digits before and
 * after the point (spec 002 §3).
 */
export function isValidAirwayDistance(text: string): boolean {
  return /^(\d{1,2}(\.\d{0,2})?|\.\d{1,2})$/.test(text.trim());
}

export type HealthHistoryStatus = 'inProgress' | 'mostRecent' | 'previous' | 'outdated';

/** Status pills (spec 002 §4). */
export const HEALTH_HISTORY_STATUS_PILLS: Readonly<Record<HealthHistoryStatus, string>> = {
  inProgress: 'In-Progress',
  outdated: 'Outdated',
  mostRecent: 'Most Recent',
  previous: 'Previous',
};

/** Adds calendar months in UTC, clamping the day (31 Aug + 6 months → 28/29 Feb). */
export function addMonthsUtc(ms: number, months: number): number {
  const d = new Date(ms);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  target.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  return target.getTime();
}

/**
 * [HH3] Health history status: inProgress without a final signature time; outdated when signed
 * over 6 calendar months before now; otherwise mostRecent if it is the current history, else
 * previous (spec 002 §4, §9).
 */
export function healthHistoryStatus(h: {
  finalReportSignatureTime: string | number | null | undefined;
  isCurrent: boolean;
  now: number;
}): HealthHistoryStatus {
  if (h.finalReportSignatureTime == null || h.finalReportSignatureTime === '') return 'inProgress';
  const signed =
    typeof h.finalReportSignatureTime === 'number'
      ? h.finalReportSignatureTime
      : Date.parse(h.finalReportSignatureTime);
  if (Number.isNaN(signed)) return 'inProgress';
  if (addMonthsUtc(signed, HEALTH_HISTORY_STATUS_CUTOFF_MONTHS) < h.now) return 'outdated';
  return h.isCurrent ? 'mostRecent' : 'previous';
}

/**
 * [HH4] Make-changes button: shown only for the newest history and never when its status is
 * previous; 'Continue Health History' when in progress, else 'Update Health History' (spec 002 §4).
 * Null when hidden.
 */
export function makeChangesLabel(status: HealthHistoryStatus, isNewest: boolean): string | null {
  if (!isNewest || status === 'previous') return null;
  return status === 'inProgress' ? 'Continue Health History' : 'Update Health History';
}

/** Required health history fields (spec 002 §5). */
export const REQUIRED_HHX_FIELDS = ['height', 'weight', 'asaClassification', 'allergiesSummary'] as const;
/** Also required when the history is not entered elsewhere (spec 002 §5). */
export const REQUIRED_HHX_FIELDS_IN_APP = [
  'mallampati',
  'medications',
  'hospitalizationSummary',
  'surgicalHistorySummary',
  'anesthesiaHistorySummary',
  'familyAnesthesiaHistorySummary',
  'medicalConsult',
] as const;

function hasValue(v: unknown): boolean {
  if (v == null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (typeof v === 'number') return Number.isFinite(v);
  return true;
}

/**
 * [HH5] Missing required health history fields: height, weight, ASA classification and
 * allergies always; when not entered elsewhere also Mallampati, medications (the text none with
 * an empty list counts), hospitalization, surgical, anesthesia and family anesthesia histories,
 * and the medical consult yes/no (spec 002 §5).
 */
export function missingRequiredHhxFields(data: Readonly<Record<string, unknown>>, enteredElsewhere: boolean): string[] {
  const fields: readonly string[] = enteredElsewhere
    ? REQUIRED_HHX_FIELDS
    : [...REQUIRED_HHX_FIELDS, ...REQUIRED_HHX_FIELDS_IN_APP];
  return fields.filter((f) => {
    if (f === 'medications') {
      const list = data['medications'];
      return !(Array.isArray(list) && list.length > 0) && !hasValue(data['medicationsText']);
    }
    if (f === 'medicalConsult') return typeof data['medicalConsult'] !== 'boolean';
    return !hasValue(data[f]);
  });
}

/** The warning shown when signing an incomplete history, typo included (spec 002 §5). */
export const SIGNING_INCOMPLETE_WARNING = "You're signing an an incomplete health history.";
/** Pre-op vitals incomplete text (spec 002 §5). */
export const NO_RECENT_VITALS_TEXT = 'No vitals recorded in the last 30 days.';

/**
 * [HH6] Pre-op vitals are complete only if some vitals were recorded within the last 30 days,
 * inclusive (spec 002 §5, §9). Times are epoch ms.
 */
export function hasRecentPreOpVitals(recordedAt: readonly number[], now: number): boolean {
  return recordedAt.some((t) => t <= now && now - t <= PRE_OP_VITALS_LOOKBACK_DAYS * DAY);
}

/** The manual vitals age badge (spec 002 §9). */
export interface AgeBadge {
  readonly colour: 'green' | 'orange' | 'red';
  readonly amount: number;
  readonly unit: 'days' | 'months' | 'years';
}

/**
 * [HH7] Manual vitals age badge: green up to 30 days, orange above 30, red above 60; shown as
 * whole days, as months (30-day months) after 90 days, as years (365 days) after 365 (spec 002 §9).
 */
export function manualVitalsAgeBadge(recordedAt: number, now: number): AgeBadge {
  const days = Math.max(0, Math.floor((now - recordedAt) / DAY));
  const b = MANUAL_VITALS_AGE_BADGE;
  const colour = days > b.redAboveDays ? 'red' : days > b.greenUpToDays ? 'orange' : 'green';
  if (days > b.yearsAfterDays) return { colour, amount: Math.floor(days / 365), unit: 'years' };
  if (days > b.monthsAfterDays) return { colour, amount: Math.floor(days / 30), unit: 'months' };
  return { colour, amount: days, unit: 'days' };
}

export type SystemsReviewStatus = 'skipped' | 'healthy' | 'hasEntries' | 'unanswered';

/**
 * [HH8] Systems review state (spec 001 §3–§4): skipped when systemsReviewSkipped; healthy when
 * all 15 categories have hasEntries false; hasEntries when any category has entries (with the
 * count of entries, each a health alert, HH2); otherwise unanswered.
 */
export function systemsReviewState(
  review: Readonly<
    Record<string, { hasEntries?: boolean | null; entries?: readonly unknown[] | null } | undefined>
  > | null,
  skipped: boolean,
  categories: readonly string[],
): { status: SystemsReviewStatus; entryCount: number } {
  if (skipped) return { status: 'skipped', entryCount: 0 };
  const cats = categories.map((c) => review?.[c]);
  const entryCount = cats.reduce((n, c) => n + (c?.hasEntries === true ? (c.entries?.length ?? 0) : 0), 0);
  if (cats.some((c) => c?.hasEntries === true)) return { status: 'hasEntries', entryCount };
  if (cats.every((c) => c?.hasEntries === false)) return { status: 'healthy', entryCount: 0 };
  return { status: 'unanswered', entryCount: 0 };
}

export type SectionStatus = 'complete' | 'partial' | 'incomplete' | 'skipped';

/**
 * [HH9] Health history editor section status (spec 002 §4): complete when every field has a
 * value; partial when the required ones do and some optional one is empty; otherwise incomplete,
 * or skipped when the user skipped it (only incomplete sections can be skipped).
 */
export function sectionStatus(s: {
  required: readonly unknown[];
  optional: readonly unknown[];
  skipped: boolean;
}): SectionStatus {
  if (!s.required.every(hasValue)) return s.skipped ? 'skipped' : 'incomplete';
  return s.optional.every(hasValue) ? 'complete' : 'partial';
}

/**
 * [HH9] The editor is complete when every section is complete or not required (spec 002 §4). A
 * partial section is "required done, optional empty" (§4), and a field "is complete when it has a
 * value, or when it is optional and empty" (§5): every field of a partial section is complete, so
 * the section counts as complete. A section missing any required field (incomplete, or skipped)
 * never does, however many optional fields are filled (docs/decisions.md).
 */
export function isHealthHistoryEditorComplete(
  sections: readonly { status: SectionStatus; required: boolean }[],
): boolean {
  return sections.every((s) => !s.required || s.status === 'complete' || s.status === 'partial');
}

/** Health history editor tabs in order (spec 002 §2). */
export const HEALTH_HISTORY_TABS = [
  'Required Info',
  'Physical',
  'Allergies',
  'Medications',
  'Surgical',
  'Systems',
  'Airway Assessment',
  'Consult',
  'Pre-Op Vitals',
  'Other Notes',
  'Review & Complete',
] as const;
export type HealthHistoryTab = (typeof HEALTH_HISTORY_TABS)[number];

/**
 * [HH10] Tabs shown (spec 002 §2, §5): Required Info only when the history is entered elsewhere;
 * in the elsewhere mode the Systems review and Pre-op vitals tabs are left out.
 */
export function healthHistoryTabs(enteredElsewhere: boolean): HealthHistoryTab[] {
  return HEALTH_HISTORY_TABS.filter((t) =>
    enteredElsewhere ? t !== 'Systems' && t !== 'Pre-Op Vitals' : t !== 'Required Info',
  );
}

/** [HH10] Go to next incomplete: the first incomplete tab in order, or review if none (spec 002 §4). */
export function nextIncompleteTab(
  tabs: readonly HealthHistoryTab[],
  statuses: Partial<Record<HealthHistoryTab, SectionStatus>>,
): HealthHistoryTab {
  return tabs.find((t) => t !== 'Review & Complete' && statuses[t] === 'incomplete') ?? 'Review & Complete';
}

/** Birth date texts (spec 002 §5). */
export const BIRTH_DATE_TEXTS = {
  unparseable: 'Could not interpret birth date yet.',
  interpreted: (date: string, age: number): string => `Interpreted as: ${date} (age: ${age})`,
} as const;

function validYmd(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * [HH11] Birth date as free text (spec 002 §5): YYYY-MM-DD, YYYY/MM/DD, MM/DD/YYYY, MM-DD-YYYY
 * or M/D/YY (a 2-digit year is this century unless that is in the future). Returns the stored
 * YYYY-MM-DD, or null ('Could not interpret birth date yet.') when unreadable, not a real date,
 * or in the future.
 */
export function parseBirthDate(text: string, now: number): string | null {
  const t = text.trim();
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  const us = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(t);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) {
    [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
    if ((us[3] as string).length === 2) {
      const nowYear = new Date(now).getUTCFullYear();
      y += 2000;
      if (y > nowYear) y -= 100;
    }
  } else return null;
  if (!validYmd(y, m, d)) return null;
  const stored = `${y}-${pad2(m)}-${pad2(d)}`;
  return Date.parse(`${stored}T00:00:00Z`) > now ? null : stored;
}

/** [HH11] Age in whole years on `now` for a YYYY-MM-DD birth date (UTC). */
export function ageInYears(birthDate: string, now: number): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const n = new Date(now);
  const had = n.getUTCMonth() + 1 > m || (n.getUTCMonth() + 1 === m && n.getUTCDate() >= d);
  return n.getUTCFullYear() - y - (had ? 0 : 1);
}

/**
 * [HH12] A patient birth date must be a valid date as year, year-month or full date (spec 001 §5):
 * YYYY, YYYY-MM or YYYY-MM-DD.
 */
export function isValidFhirBirthDate(value: string): boolean {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  if (!m) return false;
  const month = m[2] == null ? 1 : Number(m[2]);
  const day = m[3] == null ? 1 : Number(m[3]);
  return validYmd(Number(m[1]), month, day);
}
