import type { ChildOrgMemberView, OrgMemberView, TeamUserView } from '@vigil/shared';
import { pageOf, pageRequest } from '../pagination.js';
import { orgsOf, type Resolver } from './caller.js';

export const memberResolvers = {
  Query: {
    orgMembers: (async (_, args, ctx) =>
      pageOf(
        await orgsOf(ctx).members.list(await ctx.caller(), args.orgId),
        pageRequest(args),
        (m) => m.id,
      )) as Resolver<Promise<OrgMemberView[]>>,
    childOrgMembers: (async (_, args, ctx) =>
      pageOf(
        await orgsOf(ctx).members.ofChildOrgs(await ctx.caller(), args.parentOrgId),
        pageRequest(args),
        (m) => m.id,
      )) as Resolver<Promise<ChildOrgMemberView[]>>,
    teamUsers: (async (_, args, ctx) =>
      pageOf(
        await orgsOf(ctx).members.teamUsers(await ctx.caller(), args.search),
        pageRequest(args),
        (u) => u.id,
      )) as Resolver<Promise<TeamUserView[]>>,
  },
  Mutation: {
    updateMemberRoles: (async (_, args, ctx) =>
      orgsOf(ctx).members.updateRoles(await ctx.caller(), args.orgId, args.memberId, args.roles)) as Resolver<
      Promise<OrgMemberView>
    >,
    removeMember: (async (_, args, ctx) =>
      orgsOf(ctx).members.remove(await ctx.caller(), args.orgId, args.memberId)) as Resolver<Promise<boolean>>,
  },
};
