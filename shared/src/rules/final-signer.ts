import type { Issue } from '../case-data/issue.js';
import { EVENT_IDS, USER_ROLES, type UserRole } from '../enums.js';
import { record, records, text, timeOf, type CaseRecord } from '../case-data/read.js';
import { caseRoleNames } from './case-roles.js';
import { derivedCaseStart } from './event-times.js';

/** The refusals of finalize's signer rules: stable codes the client shows its own text for. */
export const FINAL_SIGNER_CODES = {
  /** [FS1] The case has no caseStart (nor a derived one): nothing was charted to sign. */
  caseNotStarted: 'CASE_NOT_STARTED',
  /** [FS2] The person signing does not hold the provider role. */
  signerNotProvider: 'FINAL_SIGNER_NOT_PROVIDER',
  /** [FS3] The organisation requires the primary provider to sign, and the case has none. */
  noPrimaryProvider: 'NO_PRIMARY_PROVIDER',
  /** [FS3] The organisation requires the primary provider to sign, and they do not hold the provider role. */
  primaryProviderNotProvider: 'PRIMARY_PROVIDER_NOT_PROVIDER',
  /** [FS3] The organisation requires the primary provider to sign, and someone else is signing. */
  signerNotPrimaryProvider: 'FINAL_SIGNER_NOT_PRIMARY_PROVIDER',
} as const;
export type FinalSignerCode = (typeof FINAL_SIGNER_CODES)[keyof typeof FINAL_SIGNER_CODES];

/** The person signing: the signed-in user who draws the signature. */
export interface FinalSignerPerson {
  readonly userId: string;
  /** Their name as the organisation knows them (never empty: the caller falls back to the account name). */
  readonly name: string;
  /** Whether they hold the provider role in the case's organisation. */
  readonly isProvider: boolean;
}

/** The appointment's practitioner (the case's primary provider). */
export interface PrimaryProvider {
  /** Display name, or null when the practitioner has none. */
  readonly name: string | null;
  /** The Vigil user the practitioner stands for, or null when it is a name only. */
  readonly userId: string | null;
  /** Whether that user holds the provider role in the organisation (false when there is no user). */
  readonly isProvider: boolean;
}

export interface FinalSignerInput {
  readonly caseData: CaseRecord;
  /** Null when the appointment names no practitioner. */
  readonly primaryProvider: PrimaryProvider | null;
  /** The organisation's primaryProviderMustBeFinalSignerName flag (spec 000 §3). */
  readonly primaryProviderMustBeFinalSigner: boolean;
  readonly signer: FinalSignerPerson;
}

export type FinalSignerDecision =
  | { readonly ok: true; readonly signerName: string; readonly roleName: string | null }
  | { readonly ok: false; readonly issue: Issue };

const refuse = (code: FinalSignerCode, message: string): FinalSignerDecision => ({
  ok: false,
  issue: { severity: 'error', code, path: [], message },
});

const sameName = (a: string, b: string): boolean =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * [FS1] When the case started (spec 001 §4): its caseStart time, or — with vitals tracking off —
 * the derived caseStart (ET3: the earliest other event, position, dose or vitals time). Null
 * when the case was never started.
 */
export function caseStartOf(caseData: CaseRecord): number | null {
  const events = record(caseData.events) ?? {};
  const explicit = timeOf(events.caseStart);
  if (explicit !== null) return explicit;
  if (caseData.vitalsTrackingEnabled !== false) return null;
  const times: Record<string, number | null> = {};
  for (const id of EVENT_IDS) times[id] = timeOf(events[id]);
  const activity: number[] = [];
  for (const drug of records(caseData.drugsAdministered)) {
    for (const dose of records(drug.doses)) {
      const t = timeOf(dose.time);
      if (t !== null) activity.push(t);
    }
  }
  for (const v of records(caseData.manualVitals)) {
    const t = timeOf(v.time);
    if (t !== null) activity.push(t);
  }
  return derivedCaseStart({
    times,
    vitalsTrackingEnabled: false,
    anesthesiaTracked: false,
    positions: records(caseData.positions).map((p, i) => ({ id: `position${i + 1}`, time: timeOf(p.time) })),
    activityTimes: activity,
  });
}

/**
 * Who signs a case's final report, and the name the PDF prints (issue 25; spec 001 §6, spec 000 §3):
 * - [FS1] a case that was never started (no caseStart, FS1's caseStartOf) cannot be signed;
 * - [FS2] the person signing must hold the provider role;
 * - [FS3] with primaryProviderMustBeFinalSignerName on, the final signer of spec 001 §6 is the
 *   primary provider for every user role (CR1 with a different signer not allowed), and only
 *   they may sign: the appointment's practitioner must be the signing user (or, for a
 *   practitioner who is a name only, carry the signer's name) and hold the provider role;
 * - [FS4] the name printed is always the person who signs: the primary provider's name when
 *   they are the signer, else the signer's own name. With the flag off, the provider who signs
 *   is the final signer (a colleague may sign for an absent provider; the PDF names who did).
 * `roleName` is the final signer spec 001 §6 names (CR1), for display beside the decision.
 */
export function decideFinalSigner(input: FinalSignerInput): FinalSignerDecision {
  const { caseData, primaryProvider, signer } = input;
  if (caseStartOf(caseData) === null) {
    return refuse(
      FINAL_SIGNER_CODES.caseNotStarted,
      'This case was never started. Record the case start before signing.',
    );
  }
  if (!signer.isProvider) {
    return refuse(FINAL_SIGNER_CODES.signerNotProvider, 'Only a provider can sign and finalize a case.');
  }
  const role: UserRole = (USER_ROLES as readonly unknown[]).includes(caseData.userRole)
    ? (caseData.userRole as UserRole)
    : 'other';
  const roleName = caseRoleNames({
    userRole: role,
    primaryProviderName: primaryProvider?.name ?? null,
    surgeonName: text(caseData.surgeonName),
    sedationProviderName: text(caseData.sedationProviderName),
    allowDifferentFinalSigner: !input.primaryProviderMustBeFinalSigner,
  }).finalSignerName;
  const signerIsPrimary =
    primaryProvider !== null &&
    (primaryProvider.userId !== null
      ? primaryProvider.userId === signer.userId
      : primaryProvider.name !== null && sameName(primaryProvider.name, signer.name));
  if (input.primaryProviderMustBeFinalSigner) {
    if (primaryProvider === null) {
      return refuse(
        FINAL_SIGNER_CODES.noPrimaryProvider,
        'This organization requires the primary provider to sign, and the case has none. Choose a provider for the appointment.',
      );
    }
    const who = primaryProvider.name ?? 'The primary provider';
    if (primaryProvider.userId !== null && !primaryProvider.isProvider) {
      return refuse(
        FINAL_SIGNER_CODES.primaryProviderNotProvider,
        `${who}, the primary provider, does not hold the provider role and cannot sign. Choose a provider for the appointment.`,
      );
    }
    if (!signerIsPrimary) {
      return refuse(
        FINAL_SIGNER_CODES.signerNotPrimaryProvider,
        `This organization requires the primary provider to sign: only ${who} can sign this case.`,
      );
    }
  }
  const signerName = signerIsPrimary && primaryProvider?.name ? primaryProvider.name : signer.name;
  return { ok: true, signerName, roleName };
}
