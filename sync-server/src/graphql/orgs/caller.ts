import type { Current } from '../../auth/accounts.js';
import type { OrgServices } from '../../orgs/index.js';
import type { OrgCaller, OrgRequest } from '../../orgs/index.js';
import type { GraphqlContext } from '../context.js';

export type { Resolver } from '../context.js';

/** The organisation services of the process (built once in services.ts). */
export const orgsOf = (ctx: GraphqlContext): OrgServices => ctx.services.orgs;

/**
 * Who calls: the request's session and user, their memberships read from the database for this
 * call (an EMR launch's only its organisation), whether multi-factor is valid and sudo fresh.
 */
export async function callerOf(ctx: GraphqlContext): Promise<{ caller: OrgCaller; current: Current | null }> {
  const current = await ctx.current();
  if (!current) {
    return {
      current: null,
      caller: {
        user: null,
        singleOrg: null,
        subject: { signedIn: false, multiFactorValid: false, orgs: [] },
        freshSudo: false,
      },
    };
  }
  const { accounts } = ctx;
  return {
    current,
    caller: {
      user: {
        id: current.user.id,
        name: current.user.name,
        email: current.user.email,
        emailVerified: current.user.email_verified === 1,
      },
      singleOrg: current.session.single_org,
      subject: {
        signedIn: true,
        multiFactorValid: accounts.isMultiFactorValid(current.session),
        orgs: await accounts.sessions.memberships(current.user.id, current.session.single_org),
      },
      freshSudo: await accounts.hasFreshSudo(current),
    },
  };
}

/** The caller with where the call came from (audited) and the origin mail links point at. */
export async function requestOf(ctx: GraphqlContext): Promise<OrgRequest & { current: Current | null }> {
  const { caller, current } = await callerOf(ctx);
  return { caller, current, ip: ctx.meta.ip, userAgent: ctx.meta.userAgent, origin: ctx.origin };
}
