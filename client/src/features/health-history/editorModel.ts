import {
  healthHistoryTabs,
  isHealthHistoryEditorComplete,
  nextIncompleteTab,
  type HealthHistoryData,
  type HealthHistoryTab,
  type SectionStatus,
} from '@vigil/shared';
import type { SyncState } from '../../sync/SyncProvider.js';
import { tabStatus } from './tabs/status.js';

/** The health history texts of spec 002 §8, exactly. */
export const HHX_TEXTS = {
  fetchError: (message: string): string => `Error fetching health history: ${message}`,
  notFound: 'Health History not found',
  finalizeFailed: 'Something went wrong. Please refresh and try again.',
  fetching: 'Fetching health history',
  waitingForSave: 'Waiting for saving to complete...',
  signing: 'Signing and completing...',
  completing: 'Completing...',
  signed: 'Signed and completed!',
  markedComplete: 'Marked complete!',
  saving: 'Saving...',
  saved: 'Saved!',
} as const;

/** Health history completion closes the editor after 1500 ms (spec 002 §9). */
export const COMPLETION_CLOSE_MS = 1500;

/** Editor modes (spec 002 §4): start, signing, finalizing, finalized (closes after 1.5 s), failed. */
export type EditorMode = 'start' | 'signing' | 'finalizing' | 'finalized' | 'failed';

/** The progress text of a mode, by whether the user signs or marks complete (spec 002 §8). */
export function modeText(mode: EditorMode, withSignature: boolean): string | null {
  switch (mode) {
    case 'finalizing':
      return withSignature ? HHX_TEXTS.signing : HHX_TEXTS.completing;
    case 'finalized':
      return withSignature ? HHX_TEXTS.signed : HHX_TEXTS.markedComplete;
    case 'failed':
      return HHX_TEXTS.finalizeFailed;
    case 'start':
    case 'signing':
      return null;
  }
}

/** 'Saving...' while edits are not on the server yet, 'Saved!' once they are (spec 002 §8); null while loading. */
export function saveText(sync: Pick<SyncState, 'status'>): string | null {
  switch (sync.status) {
    case 'synced':
      return HHX_TEXTS.saved;
    case 'saving':
    case 'outOfSync':
    case 'resyncing':
    case 'waitingToRetry':
      return HHX_TEXTS.saving;
    case 'loading':
    case 'loadFailed':
    case 'unknown':
      return null;
  }
}

/**
 * Whether closing must wait for saving (spec 002 §4 "closing (waiting for saving)"): edits are on
 * their way to a connected server. Offline, the edits stay on this device and go later: closing
 * does not wait for a server it cannot reach (docs/decisions.md).
 */
export function mustWaitToClose(sync: Pick<SyncState, 'status' | 'connection' | 'refused'>): boolean {
  if (sync.refused || sync.connection !== 'connected') return false;
  return sync.status === 'saving' || sync.status === 'outOfSync' || sync.status === 'resyncing';
}

/** Whether a history is entered elsewhere (systemsReviewSkipped, spec 002 §3). */
export const enteredElsewhereOf = (data: HealthHistoryData): boolean => data.systemsReviewSkipped === true;

/** Every tab shown and its status (spec 002 §2, §4), in order. */
export function tabStatuses(
  data: HealthHistoryData,
  now: number,
): { tabs: HealthHistoryTab[]; statuses: Partial<Record<HealthHistoryTab, SectionStatus>> } {
  const elsewhere = enteredElsewhereOf(data);
  const tabs = healthHistoryTabs(elsewhere);
  const statuses: Partial<Record<HealthHistoryTab, SectionStatus>> = {};
  for (const t of tabs) statuses[t] = tabStatus(t, data, elsewhere, now);
  return { tabs, statuses };
}

/** The content tabs (all but Review & Complete) with their status, for the review summary and completeness. */
export function contentSections(
  tabs: readonly HealthHistoryTab[],
  statuses: Partial<Record<HealthHistoryTab, SectionStatus>>,
): { tab: HealthHistoryTab; status: SectionStatus }[] {
  return tabs.filter((t) => t !== 'Review & Complete').map((t) => ({ tab: t, status: statuses[t] ?? 'incomplete' }));
}

/** [HH9] Whether every section is complete (or partial): signing otherwise warns (spec 002 §5). */
export function isEditorComplete(
  tabs: readonly HealthHistoryTab[],
  statuses: Partial<Record<HealthHistoryTab, SectionStatus>>,
): boolean {
  return isHealthHistoryEditorComplete(contentSections(tabs, statuses).map((s) => ({ ...s, required: true })));
}

/** [HH10] 'Go to next incomplete': the first incomplete tab, or review when none. */
export function goToNextIncomplete(
  tabs: readonly HealthHistoryTab[],
  statuses: Partial<Record<HealthHistoryTab, SectionStatus>>,
): HealthHistoryTab {
  return nextIncompleteTab(tabs, statuses);
}

/** Which section can be skipped or unskipped (spec 002 §4: incomplete ones, and skipped ones back). */
export function skipAction(status: SectionStatus | undefined): 'skip' | 'unskip' | null {
  if (status === 'incomplete') return 'skip';
  if (status === 'skipped') return 'unskip';
  return null;
}

/** The skippedSections after skipping or unskipping a tab. */
export function toggledSkip(data: HealthHistoryData, tab: HealthHistoryTab, skip: boolean): string[] {
  const now = new Set(data.skippedSections ?? []);
  if (skip) now.add(tab);
  else now.delete(tab);
  return [...now];
}

/**
 * Fields kept only by the in-app layout (spec 002 §5): switching to Elsewhere leaves out the
 * Systems review and Pre-op vitals tabs, so their data would be wiped.
 */
export function dataLostByElsewhere(data: HealthHistoryData): string[] {
  const lost: string[] = [];
  const review = data.systemsReview as Record<string, { hasEntries?: boolean | null } | undefined> | null | undefined;
  if (review && Object.values(review).some((c) => c?.hasEntries != null)) lost.push('Systems review');
  if ((data.manualVitals ?? []).length > 0) lost.push('Pre-op vitals');
  return lost;
}

/**
 * Fields kept only by the elsewhere layout: the EMR summary (healthHistorySummary) is that
 * layout's Required Info field; the in-app layout has no tab for it.
 */
export function dataLostByVigil(data: HealthHistoryData): string[] {
  return typeof data.healthHistorySummary === 'string' && data.healthHistorySummary.trim() !== ''
    ? ['EMR summary']
    : [];
}

/** The patch that switches the layout, wiping what the other layout does not keep (spec 002 §4). */
export function switchLayoutPatch(elsewhere: boolean): Partial<HealthHistoryData> {
  return elsewhere
    ? { systemsReviewSkipped: true, systemsReview: null, manualVitals: null }
    : { systemsReviewSkipped: false, healthHistorySummary: null };
}
