import {
  compareHealthHistories,
  currentHealthHistoryId,
  healthHistoryStatus,
  historyAlertCount,
  HEALTH_HISTORY_TYPE,
  isHealthHistory,
  makeChangesLabel,
  vigilExtension,
  type Composition,
  type HealthHistoryData,
  type HealthHistoryStatus,
} from '@vigil/shared';

/** The Composition extension holding a synced document's content (the server's projection, spec 001 §3 caseData). */
export const CASE_DATA_EXTENSION_URL = vigilExtension('composition-case-data');

/** The FHIR search that lists a patient's health histories (spec 001 §7). */
export function healthHistorySearch(patientId: string): Record<string, string> {
  return { subject: `Patient/${patientId}`, type: `${HEALTH_HISTORY_TYPE.system}|${HEALTH_HISTORY_TYPE.code}` };
}

/** Base64 of UTF-8 → text, in the browser and in Node. */
function decodeBase64Utf8(data: string): string {
  const binary = atob(data);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * A health history's content as the server projected it into its Composition (the caseData
 * attachment, canonical JSON in base64), or an empty history when it has none or it is unreadable.
 */
export function healthHistoryContent(composition: Pick<Composition, 'extension'>): HealthHistoryData {
  const ext = composition.extension?.find((e) => e.url === CASE_DATA_EXTENSION_URL);
  const data = (ext?.valueAttachment as { data?: unknown } | undefined)?.data;
  if (typeof data !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(decodeBase64Utf8(data));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as HealthHistoryData) : {};
  } catch {
    return {};
  }
}

/** Whether a Composition is one of this patient's health histories (a reference, or a preliminary one's draft identifier). */
export function isPatientHealthHistory(c: Composition, patientId: string): boolean {
  if (!isHealthHistory(c) || c.status === 'entered-in-error') return false;
  if (c.subject?.reference === `Patient/${patientId}`) return true;
  // A preliminary history stores its patient as a draft identifier (spec 001 §4).
  const ids = [c.subject?.identifier, c.identifier].filter(Boolean) as { value?: string }[];
  return ids.some((i) => i.value === patientId || i.value === `Patient/${patientId}`);
}

/** [HH2] The medical alert count of a history's content (spec 001 §9): the one rule the case screen uses too (HX5). */
export const alertCountOf = (data: HealthHistoryData): number => historyAlertCount(data);

/** One card of the Health History summary (spec 002 §2, §4). */
export interface HealthHistoryCard {
  id: string;
  composition: Composition;
  data: HealthHistoryData;
  preliminary: boolean;
  isCurrent: boolean;
  status: HealthHistoryStatus;
  alertCount: number;
  /** Epoch ms of the last change (meta.lastUpdated, else the Composition's date). */
  lastUpdated: number | null;
  /** Who signed it, or marked it complete (with how), or null. */
  signer: { name: string; how: 'signed' | 'markedComplete' } | null;
  /** The Make-changes button's label, or null when it is hidden (HH4). */
  makeChanges: string | null;
}

function timeOf(value: string | number | null | undefined): number | null {
  if (value == null || value === '') return null;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The patient's health histories as summary cards (spec 001 §4, spec 002 §4), in the order of
 * HX3 (compareHealthHistories, as the case lists them); the newest non-preliminary one is current; the status pill follows
 * HH3 (6-month cutoff) and the Make-changes button HH4 (only on the newest, never on previous).
 */
export function healthHistoryCards(compositions: readonly Composition[], now: number): HealthHistoryCard[] {
  const dated = compositions.map((c) => ({
    c,
    id: c.id ?? '',
    status: c.status,
    createdAt: timeOf(c.date) ?? 0,
    updatedAt: timeOf(c.meta?.lastUpdated) ?? timeOf(c.date) ?? 0,
  }));
  // [HX3] The one order the case screen uses too.
  dated.sort(compareHealthHistories);
  const currentId = currentHealthHistoryId(dated);
  return dated.map(({ c, updatedAt: at }, index) => {
    const data = healthHistoryContent(c);
    const isCurrent = c.id === currentId;
    const status = healthHistoryStatus({ finalReportSignatureTime: data.finalReportSignatureTime, isCurrent, now });
    const signer =
      data.finalReportSignatureTime != null && data.finalReportSignerName
        ? { name: data.finalReportSignerName, how: 'signed' as const }
        : data.markedCompleteTime != null
          ? { name: data.markedCompleteByName ?? 'Unknown', how: 'markedComplete' as const }
          : null;
    return {
      id: c.id ?? '',
      composition: c,
      data,
      preliminary: c.status === 'preliminary',
      isCurrent,
      status,
      alertCount: alertCountOf(data),
      lastUpdated: at || null,
      signer,
      makeChanges: makeChangesLabel(status, index === 0),
    };
  });
}

/** Whether a history is finished: signed, or marked complete (its document is read-only, spec 002 §4). */
export function isFinished(data: HealthHistoryData): boolean {
  return data.finalReportSignatureTime != null || data.markedCompleteTime != null;
}
