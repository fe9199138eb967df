import { mergedInto, readPatientAnswers, type Composition, type PatientAnswers } from '@vigil/shared';
import type { HealthHistoryCard } from './healthHistories.js';

/** A patient-answers health history as the staff review it. */
export interface PatientAnswersItem {
  id: string;
  answers: PatientAnswers;
  /** The health histories it was merged into (Composition ids). */
  mergedInto: string[];
}

/** [FC20] The patient's answers (HM1 Compositions of this patient), newest first; unreadable ones are left out. */
export function patientAnswersItems(all: readonly Composition[], patientId: string): PatientAnswersItem[] {
  return all
    .filter((c) => c.subject?.reference === `Patient/${patientId}` && c.status !== 'entered-in-error')
    .flatMap((c) => {
      const answers = readPatientAnswers(c);
      return answers && c.id ? [{ id: c.id, answers, mergedInto: mergedInto(c) }] : [];
    })
    .sort((a, b) => b.answers.submittedAt.localeCompare(a.answers.submittedAt));
}

/** Where a merge goes: the history in progress, a new copy of the current finished one, or a new history. */
export type MergeTarget =
  | { kind: 'inProgress'; card: HealthHistoryCard }
  | { kind: 'copyOfCurrent'; card: HealthHistoryCard }
  | { kind: 'new' };

/**
 * [FC22] The merge's target among the patient's histories (HX3 order): the one in progress (not
 * signed nor marked complete), else the current one (merged into its copy, as Update Health
 * History does), else a new health history.
 */
export function mergeTarget(cards: readonly HealthHistoryCard[]): MergeTarget {
  const inProgress = cards.find((c) => c.preliminary && c.signer === null);
  if (inProgress) return { kind: 'inProgress', card: inProgress };
  const current = cards.find((c) => c.isCurrent) ?? cards[0];
  return current ? { kind: 'copyOfCurrent', card: current } : { kind: 'new' };
}

/** What the merge button says for its target. */
export const MERGE_TARGET_TEXTS: Readonly<Record<MergeTarget['kind'], string>> = {
  inProgress: 'Merge into the health history in progress',
  copyOfCurrent: 'Update the current health history with these answers',
  new: 'Start a health history from these answers',
};
