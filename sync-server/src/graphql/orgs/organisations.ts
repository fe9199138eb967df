import type { CreatedOrgView, OrgIdAvailability, OrgView, PlanView, SessionOrgGroupsView } from '@vigil/shared';
import { sessionView } from '../accounts.js';
import type { GraphqlContext } from '../context.js';
import { pageOf, pageRequest } from '../pagination.js';
import { callerOf, orgsOf, requestOf, type Resolver } from './caller.js';

/** createOrg and createOnboardingOrg answer the new organisation's ID and the session with a new token (spec 000 §7). */
async function withNewSessionToken(
  ctx: GraphqlContext,
  create: (request: Awaited<ReturnType<typeof requestOf>>) => Promise<string>,
): Promise<CreatedOrgView<never>> {
  const request = await requestOf(ctx);
  const orgId = await create(request);
  // The service refused any caller without a session before creating anything.
  const current = request.current!;
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
    org: (async (_, args, ctx) => orgsOf(ctx).organisations.get((await callerOf(ctx)).caller, args.orgId)) as Resolver<
      Promise<OrgView>
    >,
    orgIdAvailability: (async (_, args, ctx) =>
      orgsOf(ctx).organisations.idAvailability((await callerOf(ctx)).caller, args.orgId)) as Resolver<
      Promise<OrgIdAvailability>
    >,
    childOrgs: (async (_, args, ctx) =>
      pageOf(
        await orgsOf(ctx).organisations.children((await callerOf(ctx)).caller, args.parentOrgId),
        pageRequest(args),
        (o) => o.id,
      )) as Resolver<Promise<OrgView[]>>,
    allOrgs: (async (_, args, ctx) =>
      pageOf(
        await orgsOf(ctx).organisations.all((await callerOf(ctx)).caller),
        pageRequest(args),
        (o) => o.id,
      )) as Resolver<Promise<OrgView[]>>,
    /** Plans are public (the pricing table is shown before an organisation exists). */
    availablePlans: ((_, __, ctx) => orgsOf(ctx).organisations.plans()) as Resolver<Promise<PlanView[]>>,
  },
  Mutation: {
    updateOrg: (async (_, args, ctx) =>
      orgsOf(ctx).organisations.update(await requestOf(ctx), args.orgId, args.properties)) as Resolver<
      Promise<OrgView>
    >,
    updateOrgBillingAddresses: (async (_, args, ctx) =>
      orgsOf(ctx).organisations.updateBillingAddresses(
        await requestOf(ctx),
        args.orgId,
        args.address,
        args.shipping,
      )) as Resolver<Promise<OrgView>>,
    createOrg: ((_, args, ctx) =>
      withNewSessionToken(ctx, (request) => orgsOf(ctx).organisations.create(request, args))) as Resolver<
      Promise<CreatedOrgView<never>>
    >,
    createOnboardingOrg: ((_, args, ctx) =>
      withNewSessionToken(ctx, (request) => orgsOf(ctx).organisations.createOnboarding(request, args))) as Resolver<
      Promise<CreatedOrgView<never>>
    >,
  },
};
