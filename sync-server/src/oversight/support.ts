import type {
  TeamClientLogView,
  TeamSupportHitView,
  TeamSupportOrgView,
  TeamSupportUserView,
  TeamSyncHealthView,
} from '@vigil/shared';
import { z } from 'zod';
import { recorded, type AuditTrail } from '../access/audited.js';
import { internalStaff, type Caller } from '../access/caller.js';
import { refuse } from '../errors.js';
import { parseInput } from '../input.js';
import type { PageRequest } from '../pages.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { SupportStore, SyncHealthRow } from '../store/oversight/support-types.js';

export interface TeamSupportDeps {
  store: SupportStore;
  orgs: Pick<OrgStore, 'userOrgs'>;
  trail: AuditTrail;
  now: () => number;
}

/** Users and organisations the search answers at most, each. */
export const SUPPORT_SEARCH_LIMIT = 20;

const id = z.string().min(1).max(64);
const searchSchema = z.object({ text: z.string().trim().min(2).max(200) });
const logsSchema = z
  .object({ userId: id.nullish(), orgId: id.nullish() })
  .refine((a) => (a.userId == null) !== (a.orgId == null), 'Exactly one of userId and orgId');

function syncView(row: SyncHealthRow, orgName: string): TeamSyncHealthView {
  return { ...row, orgName };
}

/**
 * `/vigil-team/customer-support` (issue 41; spec 000 §2 "find a user or organisation; its recent
 * errors, sync health"): for internal staff only, each read recorded on the account trail
 * (teamSupportRead, with what was asked). Sync health is what the server holds: each live session
 * (the browser and its last request) and each organisation's documents (how many, how many not
 * signed, the last update stored); what a tablet has not sent yet the server cannot see. Errors are
 * the log beacons (CL1: no message or stack text), newest first, 20 a page.
 */
export class TeamSupportService {
  constructor(private readonly deps: TeamSupportDeps) {}

  /** teamSupportSearch(text): users by id, email or name; organisations by id, name or email. */
  async search(caller: Caller, args: Record<string, unknown>): Promise<TeamSupportHitView[]> {
    internalStaff(caller);
    const { text } = parseInput(searchSchema, { text: args.text });
    return this.deps.trail.read(caller, async () =>
      recorded(await this.deps.store.search(text, SUPPORT_SEARCH_LIMIT), {
        trail: 'account',
        action: 'teamSupportRead',
        detail: { search: text },
      }),
    );
  }

  /** teamSupportUser(userId): the user, their organisations, devices and each organisation's sync. */
  async user(caller: Caller, args: Record<string, unknown>): Promise<TeamSupportUserView> {
    internalStaff(caller);
    const { userId } = parseInput(z.object({ userId: id }), { userId: args.userId });
    const user = await this.deps.store.user(userId);
    if (!user) refuse('USER_NOT_FOUND');
    const orgs = await this.deps.orgs.userOrgs(userId);
    const devices = await this.deps.store.devices(userId, this.deps.now());
    const sync = await Promise.all(orgs.map(async (o) => syncView(await this.deps.store.syncHealth(o.id), o.name)));
    return this.deps.trail.read(caller, () =>
      Promise.resolve(
        recorded(
          {
            ...user,
            memberships: orgs.map((o) => ({ orgId: o.id, orgName: o.name, orgType: o.type, roles: [...o.roles] })),
            devices,
            sync,
          },
          { trail: 'account', action: 'teamSupportRead', detail: { userId } },
        ),
      ),
    );
  }

  /** teamSupportOrg(orgId): the organisation, its parents, members and its documents' sync. */
  async org(caller: Caller, args: Record<string, unknown>): Promise<TeamSupportOrgView> {
    internalStaff(caller);
    const { orgId } = parseInput(z.object({ orgId: id }), { orgId: args.orgId });
    const org = await this.deps.store.org(orgId);
    if (!org) refuse('NOT_FOUND');
    const sync = syncView(await this.deps.store.syncHealth(orgId), org.name);
    return this.deps.trail.read(caller, () =>
      Promise.resolve(recorded({ ...org, sync }, { trail: 'account', action: 'teamSupportRead', detail: { orgId } })),
    );
  }

  /** teamClientLogs(userId | orgId, first, after): one page of the browsers' errors, newest first. */
  async clientLogs(caller: Caller, args: Record<string, unknown>, page: PageRequest): Promise<TeamClientLogView[]> {
    internalStaff(caller);
    const a = parseInput(logsSchema, { userId: args.userId, orgId: args.orgId });
    const filter = a.userId != null ? { userId: a.userId } : { orgId: a.orgId! };
    const rows = await this.deps.store.clientLogs(filter, page);
    return this.deps.trail.read(caller, () =>
      Promise.resolve(
        recorded(
          rows.map(({ id: n, ...r }) => ({ ...r, cursor: `${r.at}~${n}` })),
          { trail: 'account', action: 'teamSupportRead', detail: { ...filter, logs: rows.length } },
        ),
      ),
    );
  }
}
