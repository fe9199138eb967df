import type { TeamUserDetailView } from '@vigil/shared';
import { z } from 'zod';
import { recorded, type AuditTrail } from '../access/audited.js';
import { internalStaff, type Caller } from '../access/caller.js';
import { refuse } from '../errors.js';
import { parseInput } from '../input.js';
import type { AccountStore } from '../store/accounts/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { SessionStore } from '../store/sessions/types.js';

export interface TeamUsersDeps {
  accounts: Pick<AccountStore, 'userById' | 'mfaOptions'>;
  sessions: Pick<SessionStore, 'activeForUser' | 'endForUser'>;
  orgs: Pick<OrgStore, 'userOrgs'>;
  trail: AuditTrail;
  now: () => number;
}

const argsSchema = z.object({ userId: z.string().min(1).max(64) });

/**
 * `/vigil-team/users/{userId}` (issue 41; spec 000 §2): a user's organisations, MFA channels and
 * live sessions, for internal staff; ending all of them needs a fresh sudo and is recorded on the
 * account trail (teamSessionsEnded). A team member ending their own keeps the session they ask from.
 */
export class TeamUsersService {
  constructor(private readonly deps: TeamUsersDeps) {}

  /** teamUser(userId). */
  async user(caller: Caller, args: Record<string, unknown>): Promise<TeamUserDetailView> {
    internalStaff(caller);
    const { userId } = parseInput(argsSchema, { userId: args.userId });
    const user = await this.deps.accounts.userById(userId);
    if (!user) refuse('USER_NOT_FOUND');
    const [orgs, mfa, sessions] = await Promise.all([
      this.deps.orgs.userOrgs(userId),
      this.deps.accounts.mfaOptions(userId),
      this.deps.sessions.activeForUser(userId, this.deps.now()),
    ]);
    const now = this.deps.now();
    return {
      ...{ id: user.id, name: user.name, email: user.email, emailVerified: user.email_verified === 1 },
      createdAt: user.created_at,
      memberships: orgs.map((o) => ({ orgId: o.id, orgName: o.name, orgType: o.type, roles: [...o.roles] })),
      mfaOptions: mfa.map((m) => ({ channel: m.channel, to: m.to_address, verified: m.verified === 1 })),
      sessions: sessions.map((s) => ({
        ...{ id: s.id, createdAt: s.created_at, renewedAt: s.renewed_at, expiresAt: s.expires_at },
        multiFactor: s.multi_factor_exp !== null && s.multi_factor_exp > now,
        sudo: s.sudo_expires_at !== null && s.sudo_expires_at > now,
        singleOrg: s.single_org,
      })),
    };
  }

  /** endTeamUserSessions(userId): ends every live session of the user (but the caller's own); how many. */
  async endSessions(caller: Caller, args: Record<string, unknown>): Promise<number> {
    const who = internalStaff(caller);
    if (!(await caller.freshSudo())) refuse('SUDO_REQUIRED');
    const { userId } = parseInput(argsSchema, { userId: args.userId });
    if (!(await this.deps.accounts.userById(userId))) refuse('USER_NOT_FOUND');
    const own = userId === who.user.id && caller.sessionId !== null ? caller.sessionId : undefined;
    return this.deps.trail.change(caller, async () => {
      const ended = await this.deps.sessions.endForUser(userId, this.deps.now(), own);
      return recorded(ended, { trail: 'account', action: 'teamSessionsEnded', detail: { userId, ended } });
    });
  }
}
