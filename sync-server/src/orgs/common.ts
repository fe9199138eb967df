import type { PermissionSubject } from '@vigil/shared';
import { z } from 'zod';
import type { RequestMeta } from '../auth/audit.js';
import { AppError, type AppErrorStatus } from '../errors.js';
import type { AuditOrigin, OrgAuditEvent, OrgStore } from '../store/orgs/types.js';

/** The HTTP status of each refusal the organisation calls make (400 for the input errors not listed). */
const STATUS: Record<string, AppErrorStatus> = {
  NO_AUTHENTICATION: 401,
  MFA_REQUIRED: 401,
  NOT_AUTHORIZED: 403,
  SUDO_REQUIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  TOO_MANY_REQUESTS: 403,
  NOT_FOUND: 404,
  ORG_ID_TAKEN: 409,
  ALREADY_MEMBER: 409,
  ALREADY_SIGNED: 409,
  USED: 409,
  LAST_ADMIN: 409,
  NOT_SIGNED: 409,
  CONTRACT_VERSION_CHANGED: 409,
};

/**
 * Refuses a call with one of the spec's codes (spec 000 §8) as the server's one error type; the
 * GraphQL boundary answers it as an error whose message and code are the code, which the client
 * maps to the spec's text.
 */
export function refuse(code: string): never {
  throw new AppError(STATUS[code] ?? 400, code);
}

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
export function parse<T extends z.ZodType>(schema: T, args: unknown): z.infer<T> {
  const result = schema.safeParse(args);
  if (!result.success) {
    const message = result.error.issues[0]?.message;
    refuse(message && /^[A-Z_]+$/.test(message) ? message : 'INVALID_INPUT');
  }
  return result.data;
}

export const text = (max: number): z.ZodOptional<z.ZodNullable<z.ZodString>> => z.string().trim().max(max).nullish();
