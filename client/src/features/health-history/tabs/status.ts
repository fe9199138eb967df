import {
  hasRecentPreOpVitals,
  missingRequiredHhxFields,
  REQUIRED_HHX_FIELDS,
  REQUIRED_HHX_FIELDS_IN_APP,
  sectionStatus,
  SYSTEMS_REVIEW_CATEGORY_ORDER,
  systemsReviewState,
  type HealthHistoryData,
  type HealthHistoryTab,
  type SectionStatus,
} from '@vigil/shared';

/**
 * The fields each content tab edits (spec 002 §2, §3, §5). Which of them are required comes from
 * the shared rule HH5 (missingRequiredHhxFields) for the mode; the others are the tab's optional
 * fields, so a tab with its required fields done and an optional one empty is partial (HH9).
 */
export const TAB_FIELDS: Readonly<Partial<Record<HealthHistoryTab, readonly string[]>>> = {
  'Required Info': ['height', 'weight', 'asaClassification', 'allergiesSummary', 'healthHistorySummary'],
  Physical: ['height', 'weight', 'asaClassification'],
  Allergies: ['allergiesSummary'],
  Medications: ['medications'],
  Surgical: [
    'hospitalizationSummary',
    'surgicalHistorySummary',
    'anesthesiaHistorySummary',
    'familyAnesthesiaHistorySummary',
  ],
  'Airway Assessment': ['mallampati', 'brodsky', 'ulbt', 'tmd', 'iid', 'lungAuscultation', 'heartAuscultation'],
  Consult: ['medicalConsult', 'medicalConsultNotes'],
  'Other Notes': ['healthHistoryNotes'],
};

/** A field's value as sectionStatus reads it (medications: the list, or the text none). */
function fieldValue(data: HealthHistoryData, field: string): unknown {
  if (field === 'medications') {
    const list = data.medications ?? [];
    return list.length > 0 ? list : (data.medicationsText ?? null);
  }
  return (data as Record<string, unknown>)[field];
}

/** Epoch ms of a manual vitals entry's time, or null when it has none. */
export function vitalTimeMs(time: string | number | null | undefined): number | null {
  if (time == null) return null;
  const ms = typeof time === 'number' ? time : Date.parse(time);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * A content tab's status for the editor's badges and 'Go to next incomplete' (spec 002 §4):
 * complete, partial (required done, optional empty), incomplete, or skipped (an incomplete tab
 * the user skipped). The Systems tab is complete once every category is answered (HH8), the
 * Pre-Op Vitals tab once vitals were recorded in the last 30 days (HH6). Review & Complete is
 * complete once the history is signed or marked complete.
 */
export function tabStatus(
  tab: HealthHistoryTab,
  data: HealthHistoryData,
  enteredElsewhere: boolean,
  now: number,
): SectionStatus {
  const skipped = (data.skippedSections ?? []).includes(tab);
  switch (tab) {
    case 'Systems': {
      const { status } = systemsReviewState(data.systemsReview ?? null, false, SYSTEMS_REVIEW_CATEGORY_ORDER);
      const editing = Object.values(data.systemsReview ?? {}).some((c) =>
        (c?.entries ?? []).some((e) => (e as { editing?: boolean } | null)?.editing === true),
      );
      return sectionStatus({
        required: [status === 'unanswered' ? null : true, editing ? null : true],
        optional: [],
        skipped,
      });
    }
    case 'Pre-Op Vitals': {
      const times = (data.manualVitals ?? []).map((v) => vitalTimeMs(v.time)).filter((t): t is number => t != null);
      return sectionStatus({ required: [hasRecentPreOpVitals(times, now) ? true : null], optional: [], skipped });
    }
    case 'Review & Complete':
      return data.finalReportSignatureTime != null || data.markedCompleteTime != null ? 'complete' : 'incomplete';
    default: {
      const fields = TAB_FIELDS[tab] ?? [];
      const missing = new Set(missingRequiredHhxFields(data, enteredElsewhere));
      const all = new Set<string>([...REQUIRED_HHX_FIELDS, ...(enteredElsewhere ? [] : REQUIRED_HHX_FIELDS_IN_APP)]);
      const required = fields.filter((f) => all.has(f));
      // Consult notes are expected only when a consult was asked for.
      const optional = fields.filter(
        (f) => !all.has(f) && !(f === 'medicalConsultNotes' && data.medicalConsult !== true),
      );
      return sectionStatus({
        required: required.map((f) => (missing.has(f) ? null : true)),
        optional: optional.map((f) => fieldValue(data, f)),
        skipped,
      });
    }
  }
}
