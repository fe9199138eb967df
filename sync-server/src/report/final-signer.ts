/**
 * Who the signed PDF names, split from report/service.ts (issue 36 item 7): the final-signer
 * rules (FS1–FS4, issue 25) over the case, its primary provider, the organisation's flag and
 * the signer's own membership; a refusal is the rule's code and message.
 */
import {
  decideFinalSigner,
  FINAL_SIGNER_CODES,
  practitionerDisplayName,
  practitionerUserId,
  type Practitioner,
} from '@vigil/shared';
import type { SignedIn } from '../access/caller.js';
import { refusalOf } from '../access/index.js';
import { AppError } from '../errors.js';
import type { ReportServiceDeps } from './service.js';

/** What the rules read: access, memberships, the organisation's flag and the signer's name. */
export type FinalSignerDeps = Pick<ReportServiceDeps, 'access' | 'orgs' | 'entitlements' | 'accounts'>;

/** Whether a user holds a role in the organisation (their own membership, not a parent's). */
async function memberHasRole(deps: FinalSignerDeps, orgId: string, userId: string, role: string): Promise<boolean> {
  const member = await deps.orgs.memberByUser(orgId, userId);
  return member ? (member.roles as readonly string[]).includes(role) : false;
}

/**
 * The name the signed PDF prints, by the final-signer rules (FS1–FS4, issue 25): the case must
 * have started, the signer must be a provider, the organisation's primary-provider flag may
 * name the only signer, and the PDF names the person who signs. Refusals carry the rule's code
 * and message.
 */
export async function finalSignerOf(
  deps: FinalSignerDeps,
  signer: SignedIn,
  orgId: string,
  caseData: Record<string, unknown>,
  primary: Practitioner | null,
): Promise<string> {
  const signerIsProvider = (await refusalOf(deps.access.authorize(signer, orgId, 'provider'))) === null;
  const primaryUserId = primary ? practitionerUserId(primary) : null;
  const decision = decideFinalSigner({
    caseData,
    primaryProvider: primary
      ? {
          name: practitionerDisplayName(primary) || null,
          userId: primaryUserId,
          isProvider: primaryUserId !== null && (await memberHasRole(deps, orgId, primaryUserId, 'provider')),
        }
      : null,
    primaryProviderMustBeFinalSigner: await deps.entitlements.has(orgId, 'primaryProviderMustBeFinalSignerName'),
    signer: {
      userId: signer.user.id,
      name: (await deps.accounts.userById(signer.user.id))?.name.trim() || 'Unknown signer',
      isProvider: signerIsProvider,
    },
  });
  if (decision.ok) return decision.signerName;
  const status =
    decision.issue.code === FINAL_SIGNER_CODES.caseNotStarted ||
    decision.issue.code === FINAL_SIGNER_CODES.noPrimaryProvider ||
    decision.issue.code === FINAL_SIGNER_CODES.primaryProviderNotProvider
      ? 409
      : 403;
  throw new AppError(status, decision.issue.code, decision.issue.message, [decision.issue]);
}
