import type { ChecklistItemEntry as ChecklistItem } from '@vigil/shared';
import {
  caseRoleNames,
  isSedationLevelAllowed,
  SEDATION_LEVEL_LABELS,
  SEDATION_LEVELS,
  type CaseRoleNames,
  type UserRole,
} from '@vigil/shared';

/** The user roles of a case with the labels of spec 002 §6 (preset user roles; other is "both"). */
export const USER_ROLE_OPTIONS: readonly { value: UserRole; label: string }[] = [
  { value: 'surgeon', label: 'Surgeon' },
  { value: 'sedationProvider', label: 'Anesthesia Provider' },
  { value: 'other', label: 'Surgeon/Anesthesia Provider' },
];

/** ASA classification choices (spec 002 §3: 1-4 plus other). */
export const ASA_OPTIONS: readonly { value: string; label: string }[] = [
  { value: '1', label: '1' },
  { value: '2', label: '2' },
  { value: '3', label: '3' },
  { value: '4', label: '4' },
  { value: 'other', label: 'Other' },
];

/**
 * The sedation level choices (spec 002 §3 labels) with those above the organisation's
 * sedationLevelLimit disabled by the level check of spec 002 §5 (SL2).
 */
export function sedationLevelOptions(limit: string): { value: string; label: string; disabled: boolean }[] {
  return SEDATION_LEVELS.map((level) => ({
    value: level,
    label: SEDATION_LEVEL_LABELS[level],
    disabled: !isSedationLevelAllowed(level, limit),
  }));
}

/** The text shown when the case's level is above the organisation's limit (not shown by the spec). */
export function sedationLevelNotAllowedText(level: string, limit: string): string {
  const label = (l: string): string => SEDATION_LEVEL_LABELS[l as keyof typeof SEDATION_LEVEL_LABELS] ?? l;
  return `Sedation level "${label(level)}" is not allowed by your organization's subscription (up to ${label(limit)}).`;
}

/**
 * Who is who in the case (spec 001 §6, rule CR1): which names are computed from the primary
 * provider and which are entered. Without a role yet, both names are entered and nobody signs.
 */
export function caseRoles(q: {
  userRole: UserRole | null;
  primaryProviderName: string | null;
  surgeonName: string | null;
  sedationProviderName: string | null;
  primaryProviderMustBeFinalSigner: boolean;
}): CaseRoleNames & { surgeonEntered: boolean; sedationProviderEntered: boolean } {
  if (q.userRole == null) {
    return {
      surgeonName: q.surgeonName,
      sedationProviderName: q.sedationProviderName,
      finalSignerName: null,
      surgeonEntered: true,
      sedationProviderEntered: true,
    };
  }
  const names = caseRoleNames({
    userRole: q.userRole,
    primaryProviderName: q.primaryProviderName,
    surgeonName: q.surgeonName,
    sedationProviderName: q.sedationProviderName,
    allowDifferentFinalSigner: !q.primaryProviderMustBeFinalSigner,
  });
  return {
    ...names,
    surgeonEntered: q.userRole === 'sedationProvider',
    sedationProviderEntered: q.userRole === 'surgeon',
  };
}

/** A standard pre-op checklist a provider can start from (not shown by the spec: docs/decisions.md). */
export const STANDARD_PRE_OP_CHECKLIST = [
  'Consent signed',
  'NPO status confirmed',
  'Escort present',
  'Emergency equipment and drugs checked',
  'Suction and oxygen ready',
  'Monitors applied',
] as const;

/** A pre-op checklist item as kept in the case: shared's checklistItemSchema. */
export type { ChecklistItem };
