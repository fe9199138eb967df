import type {
  AcceptedOrgInvitationView,
  OrgInvitationSentView,
  OrgInvitationView,
  OrgPendingInvitationView,
} from '@vigil/shared';
import { sessionView, userView } from '../accounts.js';
import { pageRequest } from '../pagination.js';
import { orgsOf, type Resolver } from './caller.js';

export const invitationResolvers = {
  Query: {
    /** Authentication optional (spec 000 §2 invitation page). */
    orgInvitation: (async (_, args, ctx) =>
      orgsOf(ctx).invitations.read(await ctx.caller(), args.invitationId)) as Resolver<Promise<OrgInvitationView>>,
    /** A page of the invitations not yet accepted (issue 35 item 15): whoever may administer the organisation. */
    pendingOrgInvitations: (async (_, args, ctx) =>
      orgsOf(ctx).invitations.pending(await ctx.caller(), args.orgId, pageRequest(args))) as Resolver<
      Promise<OrgPendingInvitationView[]>
    >,
  },
  Mutation: {
    createOrgInvitation: (async (_, args, ctx) =>
      orgsOf(ctx).invitations.create(await ctx.caller(), args.orgId, args.email, args.roles)) as Resolver<
      Promise<OrgInvitationSentView>
    >,
    /** spec 000 §7: answers the user and the session. */
    acceptOrgInvitation: (async (_, args, ctx) => {
      const accepted = await orgsOf(ctx).invitations.accept(await ctx.caller(), args.invitationId);
      // The service refused any caller without a session before accepting.
      const current = (await ctx.current())!;
      return {
        ...accepted,
        user: userView(current.user, await ctx.accounts.mfaOptions(current.user.id)),
        session: sessionView(await ctx.accounts.sessionRow(current.session.id)),
      };
    }) as Resolver<Promise<AcceptedOrgInvitationView<never>>>,
  },
};
