import { z } from 'zod';
import type { Caller, SignedIn } from '../access/caller.js';
import type { AuditOrigin, OrgAuditEvent } from '../store/orgs/types.js';

import { refuse } from '../errors.js';

/** The one refusal (errors.ts), for the organisation areas that import it from here. */
export { refuse };

/** Where an audited change came from: the caller's address and browser, at a time. */
export const auditOrigin = (caller: Caller, at: number): AuditOrigin => ({
  at,
  ip: caller.ip,
  userAgent: caller.userAgent,
});

/** An audit event by the calling user. */
export const byCaller = (
  caller: SignedIn,
  action: OrgAuditEvent['action'],
  detail: Record<string, unknown>,
): OrgAuditEvent => ({ action, userId: caller.user.id, email: caller.user.email, detail });

/** spec 000 §5 / §8: calls about an organisation need its ID ('orgId is required'). */
export function requireOrgId(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') refuse('orgId is required');
  return value.trim();
}

/** Input validated at the edge: the first issue's code when it is one (INVALID_INPUT otherwise). */
/** Inputs are parsed in one place (input.ts); the organisation areas import it from here. */
export { parseInput as parse } from '../input.js';

export const text = (max: number): z.ZodOptional<z.ZodNullable<z.ZodString>> => z.string().trim().max(max).nullish();
