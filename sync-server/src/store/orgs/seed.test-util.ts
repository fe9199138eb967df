import type { OrgRole, OrgType } from '@vigil/shared';
import { MemoryAccountStore } from '../accounts/memory.js';
import { SqliteAccountStore } from '../accounts/sqlite.js';
import type { AccountStore } from '../accounts/types.js';
import { PostgresAccountStore } from '../accounts/postgres.js';
import { MemoryDatabase } from '../memory/database.js';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import { MemorySessionStore } from '../sessions/memory.js';
import { PostgresSessionStore } from '../sessions/postgres.js';
import { SqliteSessionStore } from '../sessions/sqlite.js';
import type { SessionStore } from '../sessions/types.js';
import type { Db } from '../sqlite/database.js';
import { MemoryOrgStore } from './memory.js';
import { PostgresOrgStore } from './postgres.js';
import { SqliteOrgStore } from './sqlite.js';
import type { OrgStore } from './types.js';

/*
 * Organisations, members and users for the contract suites of the stores whose rows belong to an
 * organisation, made through the account and organisation stores' own methods, so every
 * implementation is seeded the same way (no SQL fixtures: issue 36).
 */

/** The account, session and organisation stores over one database. */
export interface OrgWorld {
  accounts: AccountStore;
  sessions: SessionStore;
  orgs: OrgStore;
}

export function sqliteOrgWorld(db: Db): OrgWorld {
  return { accounts: new SqliteAccountStore(db), sessions: new SqliteSessionStore(db), orgs: new SqliteOrgStore(db) };
}

/** The PostgreSQL stores of one database. */
export function postgresOrgWorld(db: PostgresDatabase): OrgWorld {
  return {
    accounts: new PostgresAccountStore(db),
    sessions: new PostgresSessionStore(db),
    orgs: new PostgresOrgStore(db),
  };
}

/** The memory stores of one MemoryDatabase, wired to each other as SQLite's tables join. */
export function memoryOrgWorld(db: MemoryDatabase = new MemoryDatabase()): OrgWorld {
  const sessions: MemorySessionStore = new MemorySessionStore(db, (userId) => orgs.sessionMemberships(userId));
  const accounts = new MemoryAccountStore(db, sessions);
  const orgs: MemoryOrgStore = new MemoryOrgStore(db, { users: accounts.users });
  return { accounts, sessions, orgs };
}

/** Signs a user up (email `<id>@example.com`); the sign-up session is ended at once. */
export async function signUp(world: OrgWorld, id: string, now = 0): Promise<void> {
  const user = { id, name: id, email: `${id}@example.com`, passwordHash: 'x', referredBy: null, now };
  const session = {
    id: `signup-${id}`,
    userId: id,
    tokenHash: `signup-${id}`,
    now,
    expiresAt: now + 1,
    ip: null,
    userAgent: null,
    singleOrg: null,
    multiFactorExp: null,
  };
  await world.accounts.createUserWithSession(user, session, null);
  await world.sessions.end(session.id, now);
}

export interface OrgSeed {
  id: string;
  fhirId: string;
  name: string;
  type: OrgType;
}

const ORIGIN = { at: 0, ip: null, userAgent: null };

/**
 * Gives `userId` the roles in the organisation, creating the organisation (with them as its
 * creator) when it does not exist yet.
 */
export async function addMembership(
  world: OrgWorld,
  org: OrgSeed,
  userId: string,
  roles: readonly OrgRole[],
): Promise<void> {
  const grant = { orgId: org.id, userId, roles, by: userId, via: 'seed', newMemberId: `${org.id}-${userId}` };
  if (await world.orgs.org(org.id)) {
    await world.orgs.grantRoles(grant, ORIGIN);
    return;
  }
  await world.orgs.createOrg(
    {
      ...org,
      email: null,
      subscriptionStatus: 'none',
      trialEnd: null,
      isOnboarding: false,
      planId: null,
      referredBy: null,
      referralType: null,
      createdBy: userId,
    },
    grant,
    ORIGIN,
    { action: 'orgCreated', userId, detail: {} },
  );
}

/** Organisations founded by one user, `usr-founder` (signed up first). */
export async function seedOrgs(world: OrgWorld, orgs: readonly OrgSeed[]): Promise<void> {
  await signUp(world, 'usr-founder');
  for (const org of orgs) await addMembership(world, org, 'usr-founder', ['admin']);
}
