import type { PermissionSubject } from '@vigil/shared';
import { z } from 'zod';
import type { RequestMeta } from '../auth/audit.js';
import type { AuditOrigin, OrgAuditEvent, OrgStore } from '../store/orgs/types.js';

import { refuse } from '../errors.js';

/** The one refusal (errors.ts), for the organisation areas that import it from here. */
export { refuse };

/** Who calls, as the organisation rules need it: rebuilt from the database for every request. */
export interface OrgCaller {
  /** The signed-in user, or null. */
  user: { id: string; name: string; email: string; emailVerified: boolean } | null;
  /** An EMR launch's single organisation (spec 000 §4), else null. */
  singleOrg: string | null;
  subject: PermissionSubject;
  /** A fresh sudo confirmation, or sudo skipped as the accounts server allows (spec 000 §6). */
  freshSudo: boolean;
}

export type SignedInCaller = OrgCaller & { user: NonNullable<OrgCaller['user']> };

/** One organisation call: who asks, from where (audited), and the origin links in mail point at. */
export interface OrgRequest {
  caller: OrgCaller;
  ip: string | null;
  userAgent: string | null;
  origin: string;
}

export const auditOrigin = (request: OrgRequest, at: number): AuditOrigin => ({
  at,
  ip: request.ip,
  userAgent: request.userAgent,
});

/** An audit event by the calling user. */
export const byCaller = (
  caller: SignedInCaller,
  action: OrgAuditEvent['action'],
  detail: Record<string, unknown>,
): OrgAuditEvent => ({ action, userId: caller.user.id, email: caller.user.email, detail });

/**
 * Issue 36 item 2: a change to an organisation's configuration (its sign-off policies, its forms,
 * its drug inventories) joins the organisation's audit trail: who, what, when and from where.
 */
export function auditChange(
  store: Pick<OrgStore, 'audit'>,
  meta: RequestMeta,
  at: number,
  caller: SignedInCaller,
  action: OrgAuditEvent['action'],
  detail: Record<string, unknown>,
): Promise<void> {
  return store.audit({ at, ip: meta.ip, userAgent: meta.userAgent }, byCaller(caller, action, detail));
}

/** spec 000 §5 / §8: calls about an organisation need its ID ('orgId is required'). */
export function requireOrgId(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') refuse('orgId is required');
  return value.trim();
}

/** Signed in with valid multi-factor (the rights of spec 000 §6 all need it). */
export function requireFullCaller(caller: OrgCaller): SignedInCaller {
  if (!caller.user) refuse('NO_AUTHENTICATION');
  if (!caller.subject.multiFactorValid) refuse('MFA_REQUIRED');
  return caller as SignedInCaller;
}

/** Input validated at the edge: the first issue's code when it is one (INVALID_INPUT otherwise). */
/** Inputs are parsed in one place (input.ts); the organisation areas import it from here. */
export { parseInput as parse } from '../input.js';

export const text = (max: number): z.ZodOptional<z.ZodNullable<z.ZodString>> => z.string().trim().max(max).nullish();
