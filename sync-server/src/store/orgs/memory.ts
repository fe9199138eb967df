import { MemoryAccountStore } from '../accounts/memory.js';
import type { UserRow } from '../accounts/types.js';
import { MemoryAuditStore } from '../audit/memory.js';
import type { AuditStore } from '../audit/types.js';
import { MemoryDatabase } from '../memory/database.js';
import type { SessionMembership } from '../sessions/types.js';
import { memoryOrgFeatures } from './features.memory.js';
import { memoryInvitations } from './invitations.memory.js';
import { memoryMemberships } from './memberships.memory.js';
import { internalOrg, type CataloguePlan, type MemoryOrgContext, type OrgTables } from './memory-common.js';
import { memoryOrganisations } from './organisations.memory.js';
import type { OrgStore } from './types.js';

/** What the memory organisations' repository reads and writes besides its own tables. */
export interface MemoryOrgDeps {
  /** The users its joins read: the rows of the memory accounts store on the same database. */
  users?: () => readonly UserRow[];
  /** The audit trail its writes append to, on the same database. */
  audit?: Pick<AuditStore, 'append' | 'count'>;
  /** The payment provider's catalogue (the plans table); empty by default. */
  plans?: () => readonly CataloguePlan[];
  /** When the internal organisation was made (migration 10's `now`). */
  now?: number;
}

/** The memory organisations' repository, and what the memory session store reads from it. */
export type MemoryOrgStore = OrgStore & {
  /**
   * A user's memberships as SessionStore.memberships answers them (the memory session store's
   * `membershipsOf`): synchronous, for that store's serialized work on the same database.
   */
  sessionMemberships(userId: string): SessionMembership[];
};

/**
 * The organisations' repository in memory: the second implementation of the contract (issue 36),
 * its four aggregates over one MemoryDatabase as SqliteOrgStore's are over one connection. A
 * MemoryAccountStore's `users` and a MemoryAuditStore on the same database make one memory world:
 * an operation's audit events then commit or roll back with it.
 */
export const MemoryOrgStore = class {
  constructor(db = new MemoryDatabase(), deps: MemoryOrgDeps = {}) {
    const tables = db.table<OrgTables>({
      orgs: [internalOrg(deps.now ?? Date.now())],
      parents: [],
      members: [],
      invitations: [],
      features: [],
      plans: [],
    });
    const ctx: MemoryOrgContext = {
      db,
      tables,
      users: deps.users ?? new MemoryAccountStore(db).users,
      audit: deps.audit ?? new MemoryAuditStore(db),
      plans: deps.plans ?? (() => []),
    };
    const sessionMemberships = (userId: string): SessionMembership[] =>
      tables.value.members.flatMap((m) => {
        const org = m.userId === userId ? tables.value.orgs.find((o) => o.id === m.orgId) : undefined;
        return org ? [{ id: org.id, type: org.type, roles: [...m.roles] }] : [];
      });
    Object.assign(
      this,
      memoryOrganisations(ctx),
      memoryMemberships(ctx),
      memoryInvitations(ctx),
      memoryOrgFeatures(ctx),
      { sessionMemberships },
    );
  }
} as new (db?: MemoryDatabase, deps?: MemoryOrgDeps) => MemoryOrgStore;
