import type { CreatedOrgView, OrgIdAvailability, OrgView, PlanView, SessionOrgGroupsView } from '@vigil/shared';
import { sessionView } from '../accounts.js';
import type { Caller } from '../../access/caller.js';
import type { GraphqlContext } from '../context.js';
import { pageOf, pageRequest } from '../pagination.js';
import { orgsOf, type Resolver } from './caller.js';

/** createOrg and createOnboardingOrg answer the new organisation's ID and the session with a new token (spec 000 §7). */
async function withNewSessionToken(
  ctx: GraphqlContext,
  create: (caller: Caller) => Promise<string>,
): Promise<CreatedOrgView<never>> {
  const orgId = await create(await ctx.caller());
  // The service refused any caller without a session before creating anything.
  const current = (await ctx.current())!;
  // spec 000 §7: createOrg answers a new session token (set in the HttpOnly cookie).
  const token = await ctx.accounts.sessions.rotateToken(current.session.id);
  ctx.setSessionCookies(token, current.user.id);
  return { orgId, session: sessionView(await ctx.accounts.sessionRow(current.session.id)) };
}

export const organisationResolvers = {
  Session: {
    /** The session's organisations grouped by type (spec 000 §3), from memberships. */
    orgs: (async (parent, _, ctx) => {
      const { userId, singleOrg } = parent as { userId: string; singleOrg: string | null };
      return orgsOf(ctx).organisations.sessionOrgs(userId, singleOrg);
    }) as Resolver<Promise<SessionOrgGroupsView>>,
  },
  Query: {
    org: (async (_, args, ctx) => orgsOf(ctx).organisations.get(await ctx.caller(), args.orgId)) as Resolver<
      Promise<OrgView>
    >,
    orgIdAvailability: (async (_, args, ctx) =>
      orgsOf(ctx).organisations.idAvailability(await ctx.caller(), args.orgId)) as Resolver<Promise<OrgIdAvailability>>,
    childOrgs: (async (_, args, ctx) =>
      pageOf(
        await orgsOf(ctx).organisations.children(await ctx.caller(), args.parentOrgId),
        pageRequest(args),
        (o) => o.id,
      )) as Resolver<Promise<OrgView[]>>,
    allOrgs: (async (_, args, ctx) =>
      pageOf(await orgsOf(ctx).organisations.all(await ctx.caller()), pageRequest(args), (o) => o.id)) as Resolver<
      Promise<OrgView[]>
    >,
    /** Plans are public (the pricing table is shown before an organisation exists). */
    availablePlans: ((_, __, ctx) => orgsOf(ctx).organisations.plans()) as Resolver<Promise<PlanView[]>>,
  },
  Mutation: {
    updateOrg: (async (_, args, ctx) =>
      orgsOf(ctx).organisations.update(await ctx.caller(), args.orgId, args.properties)) as Resolver<Promise<OrgView>>,
    updateOrgBillingAddresses: (async (_, args, ctx) =>
      orgsOf(ctx).organisations.updateBillingAddresses(
        await ctx.caller(),
        args.orgId,
        args.address,
        args.shipping,
      )) as Resolver<Promise<OrgView>>,
    createOrg: ((_, args, ctx) =>
      withNewSessionToken(ctx, (caller) => orgsOf(ctx).organisations.create(caller, args))) as Resolver<
      Promise<CreatedOrgView<never>>
    >,
    createOnboardingOrg: ((_, args, ctx) =>
      withNewSessionToken(ctx, (caller) => orgsOf(ctx).organisations.createOnboarding(caller, args))) as Resolver<
      Promise<CreatedOrgView<never>>
    >,
  },
};
