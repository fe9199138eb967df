import { afterEach, describe, expect, it } from 'vitest';
import { MemoryAccountStore } from '../accounts/memory.js';
import { SqliteAccountStore } from '../accounts/sqlite.js';
import type { AccountStore } from '../accounts/types.js';
import { PostgresAccountStore } from '../accounts/postgres.js';
import { MemoryAuditStore } from '../audit/memory.js';
import { PostgresAuditStore } from '../audit/postgres.js';
import { SqliteAuditStore } from '../audit/sqlite.js';
import type { AuditStore } from '../audit/types.js';
import { MemoryDatabase } from '../memory/database.js';
import { freshPostgres, runnableImplementations } from '../postgres/test-database.test-util.js';
import { PostgresDatabase } from '../postgres/unit-of-work.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import type { CataloguePlan } from './memory-common.js';
import { MemoryOrgStore } from './memory.js';
import { PostgresOrgStore } from './postgres.js';
import { SqliteOrgStore } from './sqlite.js';
import type { AuditOrigin, NewOrg, OrgStore, RoleGrant } from './types.js';

/*
 * The contract every OrgStore implementation passes (issue 26): a PostgreSQL store is added by
 * implementing store/orgs/types.ts and adding its fixture to the table below.
 */

/** A store under test, with the users and plans its rows refer to and a view of its audit trail. */
interface Fixture {
  store: OrgStore;
  addUser(id: string, name: string, email: string, createdAt?: number): Promise<void>;
  addPlan(id: string, productName: string, amount: number, active: boolean): void | Promise<void>;
  /** The organisation audit events written, oldest first: action and detail. */
  auditTrail(): Promise<
    { action: string; userId: string | null; ip: string | null; detail: Record<string, unknown> }[]
  >;
}

/** Signs a user up through the account store (its first session is of no interest here). */
async function signUp(accounts: AccountStore, id: string, name: string, email: string, now: number): Promise<void> {
  const user = { id, name, email, passwordHash: 'x', referredBy: null, now };
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
  await accounts.createUserWithSession(user, session, null);
}

/** The organisation events of the account/organisation trail, read back through the audit store. */
async function orgEvents(
  audit: AuditStore,
): Promise<{ action: string; userId: string | null; ip: string | null; detail: Record<string, unknown> }[]> {
  const events = [];
  for (let row = 1; ; row += 1) {
    const content = await audit.content('audit_events', row);
    if (content === null) break;
    const [, , userId, , action, , ip, , detail] = JSON.parse(content) as [
      number,
      number,
      string | null,
      string | null,
      string,
      string,
      string | null,
      string | null,
      string,
    ];
    if (action.startsWith('org'))
      events.push({ action, userId, ip, detail: JSON.parse(detail) as Record<string, unknown> });
  }
  return events;
}

function sqlite(): Fixture {
  const db = openMemoryDatabase();
  const accounts = new SqliteAccountStore(db);
  const audit = new SqliteAuditStore(db);
  return {
    store: new SqliteOrgStore(db),
    addUser: (id, name, email, createdAt = 0) => signUp(accounts, id, name, email, createdAt),
    // The plans table is filled from the payment provider's catalogue, not through the store.
    addPlan: (id, productName, amount, active) =>
      void db
        .prepare(
          `INSERT INTO plans (id, amount, product_id, product_name, interval, lookup_key, active)
           VALUES (?, ?, 'prod', ?, 'month', ?, ?)`,
        )
        .run(id, amount, productName, `key-${id}`, active ? 1 : 0),
    auditTrail: () => orgEvents(audit),
  };
}

function memory(): Fixture {
  const db = new MemoryDatabase();
  const accounts = new MemoryAccountStore(db);
  const audit = new MemoryAuditStore(db);
  const plans: CataloguePlan[] = [];
  return {
    store: new MemoryOrgStore(db, { users: accounts.users, audit, plans: () => plans }),
    addUser: (id, name, email, createdAt = 0) => signUp(accounts, id, name, email, createdAt),
    addPlan: (id, productName, amount, active) =>
      void plans.push({
        id,
        amount,
        productId: 'prod',
        productName,
        nickname: null,
        interval: 'month',
        lookupKey: `key-${id}`,
        productFeaturesJson: '{}',
        active,
      }),
    auditTrail: () => orgEvents(audit),
  };
}

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

async function postgres(): Promise<Fixture> {
  const database = await freshPostgres();
  drops.push(database.drop);
  const db = new PostgresDatabase(database.open());
  const accounts = new PostgresAccountStore(db);
  const audit = new PostgresAuditStore(db);
  return {
    store: new PostgresOrgStore(db),
    addUser: (id, name, email, createdAt = 0) => signUp(accounts, id, name, email, createdAt),
    addPlan: async (id, productName, amount, active) =>
      void (await db.query(
        `INSERT INTO plans (id, amount, product_id, product_name, "interval", lookup_key, active)
         VALUES ($1, $2, 'prod', $3, 'month', $4, $5)`,
        [id, amount, productName, `key-${id}`, active ? 1 : 0],
      )),
    auditTrail: () => orgEvents(audit),
  };
}

/** Every OrgStore implementation. */
const implementations = await runnableImplementations<[string, () => Fixture | Promise<Fixture>]>('OrgStore contract', [
  ['memory', memory],
  ['sqlite', sqlite],
  ['postgres', postgres],
]);

const origin = (at: number): AuditOrigin => ({ at, ip: '203.0.113.7', userAgent: 'contract' });

const newOrg = (id: string, overrides: Partial<NewOrg> = {}): NewOrg => ({
  id,
  fhirId: `org-${id}`,
  name: id.toUpperCase(),
  type: 'regular',
  email: `${id}@example.com`,
  subscriptionStatus: 'trialing',
  trialEnd: 5000,
  isOnboarding: false,
  planId: null,
  referredBy: null,
  referralType: null,
  createdBy: 'u-ann',
  ...overrides,
});

const grant = (
  orgId: string,
  userId: string,
  roles: RoleGrant['roles'],
  memberId = `m-${orgId}-${userId}`,
): RoleGrant => ({
  orgId,
  userId,
  roles,
  by: userId,
  via: 'test',
  newMemberId: memberId,
});

const event = (action: 'orgCreated' | 'orgUpdated', detail: Record<string, unknown> = {}) => ({
  action,
  userId: 'u-ann',
  email: 'ann@example.com',
  detail,
});

/** A fixture with users Ann, Bob and Cy and one regular organisation `dental` created by Ann (admin). */
async function withDental(f: Fixture): Promise<void> {
  await f.addUser('u-ann', 'Ann', 'ann@example.com', 1);
  await f.addUser('u-bob', 'Bob', 'bob@example.com', 2);
  await f.addUser('u-cy', 'Cy', 'cy@example.com', 3);
  await f.store.createOrg(
    newOrg('dental'),
    grant('dental', 'u-ann', ['admin', 'provider']),
    origin(1000),
    event('orgCreated'),
  );
}

describe.each(implementations)('OrgStore contract (%s)', (_name, make) => {
  it('creates an organisation with its creator as first member, audited as created then member added', async () => {
    const f = await make();
    await withDental(f);
    const org = await f.store.org('dental');
    expect(org).toMatchObject({
      id: 'dental',
      fhirId: 'org-dental',
      name: 'DENTAL',
      type: 'regular',
      hasBaa: false,
      subscriptionStatus: 'trialing',
      trialEnd: 5000,
      isOnboarding: false,
      shippingAddress: null,
      createdBy: 'u-ann',
      createdAt: 1000,
      updatedAt: 1000,
    });
    expect(await f.store.org('nope')).toBeNull();
    expect(await f.store.members('dental')).toEqual([
      {
        id: 'm-dental-u-ann',
        orgId: 'dental',
        userId: 'u-ann',
        roles: ['admin', 'provider'],
        name: 'Ann',
        email: 'ann@example.com',
      },
    ]);
    expect((await f.auditTrail()).map((e) => e.action)).toEqual(['orgCreated', 'orgMemberAdded']);
    expect((await f.auditTrail())[1]).toMatchObject({
      userId: 'u-ann',
      ip: '203.0.113.7',
      detail: { orgId: 'dental', memberId: 'm-dental-u-ann', roles: ['admin', 'provider'], via: 'test' },
    });
  });

  it('lists every organisation by name, and the internal organisation exists from the start', async () => {
    const f = await make();
    await withDental(f);
    await f.store.createOrg(
      newOrg('alpha', { name: 'Alpha' }),
      grant('alpha', 'u-bob', ['admin']),
      origin(2000),
      event('orgCreated'),
    );
    expect((await f.store.allOrgs()).map((o) => o.id)).toEqual(['alpha', 'dental', 'vigil']);
  });

  it('keeps parents sorted, replaces them on update, and lists a parent’s children and their members', async () => {
    const f = await make();
    await withDental(f);
    await f.store.createOrg(
      newOrg('zeta-group', { type: 'parent' }),
      grant('zeta-group', 'u-bob', ['admin']),
      origin(2000),
      event('orgCreated'),
    );
    await f.store.createOrg(
      newOrg('acme-group', { type: 'parent' }),
      grant('acme-group', 'u-cy', ['admin']),
      origin(2000),
      event('orgCreated'),
    );
    expect(await f.store.parentsOf('dental')).toEqual([]);
    await f.store.updateOrg('dental', {}, ['zeta-group', 'acme-group'], origin(3000), event('orgUpdated'));
    expect(await f.store.parentsOf('dental')).toEqual(['acme-group', 'zeta-group']);
    expect((await f.store.childOrgs('zeta-group')).map((o) => o.id)).toEqual(['dental']);
    expect(await f.store.childOrgMembers('acme-group')).toEqual([
      expect.objectContaining({ orgId: 'dental', orgName: 'DENTAL', userId: 'u-ann', roles: ['admin', 'provider'] }),
    ]);
    await f.store.updateOrg('dental', {}, ['acme-group'], origin(4000), event('orgUpdated'));
    expect(await f.store.parentsOf('dental')).toEqual(['acme-group']);
    expect(await f.store.childOrgs('zeta-group')).toEqual([]);
  });

  it('skips a repeated or self parent, and refuses a parent that is no organisation, changing nothing', async () => {
    const f = await make();
    await withDental(f);
    await f.store.createOrg(
      newOrg('group', { type: 'parent' }),
      grant('group', 'u-bob', ['admin']),
      origin(2000),
      event('orgCreated'),
    );
    await f.store.updateOrg('dental', {}, ['group', 'group', 'dental'], origin(3000), event('orgUpdated'));
    expect(await f.store.parentsOf('dental')).toEqual(['group']);
    const trail = (await f.auditTrail()).length;
    await expect(
      f.store.updateOrg('dental', { name: 'Gone' }, ['nowhere'], origin(4000), event('orgUpdated')),
    ).rejects.toThrow();
    expect(await f.store.parentsOf('dental')).toEqual(['group']);
    expect(await f.store.org('dental')).toMatchObject({ name: 'DENTAL', updatedAt: 1000 });
    expect(await f.auditTrail()).toHaveLength(trail);
  });

  it('refuses an organisation whose id or FHIR id is taken, writing no member and no event', async () => {
    const f = await make();
    await withDental(f);
    const trail = (await f.auditTrail()).length;
    for (const taken of [newOrg('dental', { fhirId: 'org-new' }), newOrg('other', { fhirId: 'org-dental' })]) {
      await expect(
        f.store.createOrg(taken, grant(taken.id, 'u-bob', ['admin']), origin(2000), event('orgCreated')),
      ).rejects.toThrow();
    }
    expect(await f.store.org('other')).toBeNull();
    expect(await f.store.memberByUser('dental', 'u-bob')).toBeNull();
    expect(await f.auditTrail()).toHaveLength(trail);
  });

  it('refuses a membership, invitation, flag or organisation naming no organisation or no user, writing nothing', async () => {
    const f = await make();
    await withDental(f);
    const trail = (await f.auditTrail()).length;
    const invitation = (over: { id: string; orgId?: string; invitedBy?: string }) => ({
      codeHash: `h-${over.id}`,
      orgId: 'dental',
      email: 'x@example.com',
      kind: 'regular' as const,
      roles: ['member' as const],
      invitedBy: 'u-ann',
      createdAt: 2000,
      expiresAt: 9000,
      ...over,
    });
    const refused: (() => Promise<unknown>)[] = [
      () => f.store.grantRoles(grant('nowhere', 'u-bob', ['member']), origin(2000)),
      () => f.store.grantRoles(grant('dental', 'u-none', ['member']), origin(2000)),
      () => f.store.createInvitation(invitation({ id: 'i-1', orgId: 'nowhere' }), origin(2000), event('orgUpdated')),
      () => f.store.createInvitation(invitation({ id: 'i-2', invitedBy: 'u-none' }), origin(2000), event('orgUpdated')),
      () => f.store.setFeature('nowhere', 'flag', true, 'u-ann', origin(2000), event('orgUpdated')),
      () => f.store.setFeature('dental', 'flag', true, 'u-none', origin(2000), event('orgUpdated')),
      () =>
        f.store.createOrg(
          newOrg('other', { createdBy: 'u-none' }),
          grant('other', 'u-bob', ['admin']),
          origin(2000),
          event('orgCreated'),
        ),
    ];
    for (const attempt of refused) await expect(attempt()).rejects.toThrow();
    await f.store.createInvitation(invitation({ id: 'i-3' }), origin(2000), event('orgUpdated'));
    await expect(
      f.store.acceptInvitation('i-3', grant('dental', 'u-none', ['member']), origin(3000), event('orgUpdated')),
    ).rejects.toThrow();
    expect((await f.store.invitationByCodeHash('h-i-3'))?.usedAt).toBeNull();
    expect(await f.store.invitationByCodeHash('h-i-1')).toBeNull();
    expect(await f.store.features('dental')).toEqual({});
    expect(await f.store.org('other')).toBeNull();
    expect((await f.store.members('dental')).map((m) => m.userId)).toEqual(['u-ann']);
    expect(await f.auditTrail()).toHaveLength(trail + 1);
  });

  it('updates only the given columns (null clears one), keeps the shipping address, and audits the change', async () => {
    const f = await make();
    await withDental(f);
    const shipping = {
      name: 'Dock',
      address: { line1: '1 Pier', line2: null, city: 'Bay', state: 'CA', postal_code: '94000', country: 'US' },
    };
    await f.store.updateOrg(
      'dental',
      { name: 'Smile', email: null, preventResourceEditing: true, billingName: 'Smile LLC', shippingAddress: shipping },
      null,
      origin(3000),
      event('orgUpdated', { fields: ['name'] }),
    );
    const org = await f.store.org('dental');
    expect(org).toMatchObject({
      name: 'Smile',
      email: null,
      preventResourceEditing: true,
      billingName: 'Smile LLC',
      shippingAddress: shipping,
      type: 'regular',
      trialEnd: 5000,
      updatedAt: 3000,
    });
    await f.store.updateOrg('dental', { shippingAddress: null }, null, origin(3500), event('orgUpdated'));
    expect((await f.store.org('dental'))?.shippingAddress).toBeNull();
    expect((await f.auditTrail()).filter((e) => e.action === 'orgUpdated')[0]?.detail).toEqual({ fields: ['name'] });
  });

  it('grants roles: a new member, then only the new roles (audited as a change), and nothing when none is new', async () => {
    const f = await make();
    await withDental(f);
    expect(await f.store.grantRoles(grant('dental', 'u-bob', ['member']), origin(2000))).toEqual({
      memberId: 'm-dental-u-bob',
      roles: ['member'],
      change: 'added',
    });
    expect(await f.store.grantRoles(grant('dental', 'u-bob', ['provider', 'member'], 'ignored'), origin(3000))).toEqual(
      {
        memberId: 'm-dental-u-bob',
        roles: ['member', 'provider'],
        change: 'changed',
      },
    );
    const before = (await f.auditTrail()).length;
    expect(await f.store.grantRoles(grant('dental', 'u-bob', ['member'], 'ignored'), origin(4000))).toEqual({
      memberId: 'm-dental-u-bob',
      roles: ['member', 'provider'],
      change: 'unchanged',
    });
    expect(await f.auditTrail()).toHaveLength(before);
    expect((await f.auditTrail()).at(-1)).toMatchObject({
      action: 'orgRolesChanged',
      detail: { before: ['member'], after: ['member', 'provider'] },
    });
  });

  it('sets and removes a membership, lists members by name and a user’s organisations by name', async () => {
    const f = await make();
    await withDental(f);
    await f.store.grantRoles(grant('dental', 'u-bob', ['member']), origin(2000));
    await f.store.setMemberRoles('m-dental-u-bob', ['provider'], origin(3000), {
      ...event('orgUpdated'),
      action: 'orgRolesChanged',
    });
    expect((await f.store.memberByUser('dental', 'u-bob'))?.roles).toEqual(['provider']);
    expect((await f.store.members('dental')).map((m) => m.name)).toEqual(['Ann', 'Bob']);
    await f.store.createOrg(
      newOrg('alpha', { name: 'Alpha', isOnboarding: true, subscriptionStatus: 'none' }),
      grant('alpha', 'u-bob', ['admin']),
      origin(2000),
      event('orgCreated'),
    );
    expect(await f.store.userOrgs('u-bob')).toEqual([
      {
        id: 'alpha',
        name: 'Alpha',
        type: 'regular',
        subscriptionStatus: 'none',
        trialEnd: 5000,
        isOnboarding: true,
        memberId: 'm-alpha-u-bob',
        roles: ['admin'],
      },
      {
        id: 'dental',
        name: 'DENTAL',
        type: 'regular',
        subscriptionStatus: 'trialing',
        trialEnd: 5000,
        isOnboarding: false,
        memberId: 'm-dental-u-bob',
        roles: ['provider'],
      },
    ]);
    await f.store.removeMember('m-dental-u-bob', origin(4000), { ...event('orgUpdated'), action: 'orgMemberRemoved' });
    expect(await f.store.memberByUser('dental', 'u-bob')).toBeNull();
    expect((await f.auditTrail()).at(-1)?.action).toBe('orgMemberRemoved');
  });

  it('sets a feature (replacing its value) and removes it', async () => {
    const f = await make();
    await withDental(f);
    await f.store.setFeature('dental', 'b-flag', true, 'u-ann', origin(2000), {
      ...event('orgUpdated'),
      action: 'orgFeatureAdded',
    });
    await f.store.setFeature('dental', 'a-flag', 'one', 'u-ann', origin(2000), {
      ...event('orgUpdated'),
      action: 'orgFeatureAdded',
    });
    await f.store.setFeature('dental', 'a-flag', 'two', 'u-ann', origin(3000), {
      ...event('orgUpdated'),
      action: 'orgFeatureAdded',
    });
    expect(await f.store.features('dental')).toEqual({ 'a-flag': 'two', 'b-flag': true });
    await f.store.removeFeature('dental', 'b-flag', origin(4000), {
      ...event('orgUpdated'),
      action: 'orgFeatureRemoved',
    });
    expect(await f.store.features('dental')).toEqual({ 'a-flag': 'two' });
    expect(await f.store.features('vigil')).toEqual({});
  });

  it('accepts an invitation once: the second acceptance is USED and writes nothing', async () => {
    const f = await make();
    await withDental(f);
    await f.store.createInvitation(
      {
        id: 'inv-1',
        codeHash: 'hash-1',
        orgId: 'dental',
        email: 'bob@example.com',
        kind: 'regular',
        roles: ['member', 'provider'],
        invitedBy: 'u-ann',
        createdAt: 2000,
        expiresAt: 9000,
      },
      origin(2000),
      { ...event('orgUpdated'), action: 'orgInvitationCreated' },
    );
    expect(await f.store.invitationByCodeHash('hash-1')).toEqual({
      id: 'inv-1',
      orgId: 'dental',
      email: 'bob@example.com',
      kind: 'regular',
      roles: ['member', 'provider'],
      expiresAt: 9000,
      usedAt: null,
    });
    expect(await f.store.invitationByCodeHash('hash-2')).toBeNull();
    const accepted = await f.store.acceptInvitation(
      'inv-1',
      grant('dental', 'u-bob', ['member', 'provider']),
      origin(3000),
      {
        action: 'orgInvitationAccepted',
        userId: 'u-bob',
        detail: { invitationId: 'inv-1' },
      },
    );
    expect(accepted).toEqual({ memberId: 'm-dental-u-bob', roles: ['member', 'provider'], change: 'added' });
    expect((await f.store.invitationByCodeHash('hash-1'))?.usedAt).toBe(3000);
    const trail = (await f.auditTrail()).length;
    expect(
      await f.store.acceptInvitation('inv-1', grant('dental', 'u-cy', ['member']), origin(4000), {
        action: 'orgInvitationAccepted',
        userId: 'u-cy',
        detail: {},
      }),
    ).toBe('USED');
    expect(await f.store.memberByUser('dental', 'u-cy')).toBeNull();
    expect(await f.auditTrail()).toHaveLength(trail);
    expect((await f.auditTrail()).slice(-2).map((e) => e.action)).toEqual(['orgMemberAdded', 'orgInvitationAccepted']);
  });

  it('counts the invitations a user sent after a time (the hourly limit)', async () => {
    const f = await make();
    await withDental(f);
    for (const at of [1000, 2000, 3000]) {
      await f.store.createInvitation(
        {
          id: `inv-${at}`,
          codeHash: `h-${at}`,
          orgId: 'dental',
          email: 'x@example.com',
          kind: 'regular',
          roles: ['member'],
          invitedBy: 'u-ann',
          createdAt: at,
          expiresAt: at + 10,
        },
        origin(at),
        { action: 'orgInvitationCreated', userId: 'u-ann', detail: {} },
      );
    }
    expect(await f.store.invitationsSentSince('u-ann', 1000)).toBe(2);
    expect(await f.store.invitationsSentSince('u-bob', 0)).toBe(0);
  });

  it('pages an organisation’s pending invitations newest first, leaving out used, expired and other organisations’ ones', async () => {
    const f = await make();
    await withDental(f);
    await f.store.createOrg(newOrg('ortho'), grant('ortho', 'u-bob', ['admin']), origin(1000), event('orgCreated'));
    const send = (id: string, orgId: string, createdAt: number, expiresAt: number, invitedBy = 'u-ann') =>
      f.store.createInvitation(
        {
          id,
          codeHash: `h-${id}`,
          orgId,
          email: `${id}@example.com`,
          kind: 'regular',
          roles: ['member', 'provider'],
          invitedBy,
          createdAt,
          expiresAt,
        },
        origin(createdAt),
        { action: 'orgInvitationCreated', userId: invitedBy, detail: {} },
      );
    await send('inv-a', 'dental', 2000, 9000);
    await send('inv-b', 'dental', 3000, 9000);
    // Sent at the same moment as inv-b: the id breaks the tie (inv-c before inv-b, newest first).
    await send('inv-c', 'dental', 3000, 9000, 'u-bob');
    await send('inv-used', 'dental', 3500, 9000);
    await send('inv-expired', 'dental', 3600, 5000);
    await send('inv-ortho', 'ortho', 3700, 9000, 'u-bob');
    await f.store.acceptInvitation('inv-used', grant('dental', 'u-cy', ['member']), origin(4000), {
      action: 'orgInvitationAccepted',
      userId: 'u-cy',
      detail: {},
    });
    const ids = async (after: string | null, first = 10): Promise<string[] | string> => {
      const page = await f.store.pendingInvitations('dental', 5000, { first, after });
      return typeof page === 'string' ? page : page.map((i) => i.id);
    };
    // At 5000 inv-expired (expiring at 5000) is no longer pending.
    expect(await ids(null)).toEqual(['inv-c', 'inv-b', 'inv-a']);
    expect(await ids(null, 2)).toEqual(['inv-c', 'inv-b']);
    expect(await ids('inv-b', 2)).toEqual(['inv-a']);
    expect(await ids('inv-c', 1)).toEqual(['inv-b']);
    // A cursor that stopped being pending still marks its place.
    expect(await ids('inv-used')).toEqual(['inv-c', 'inv-b', 'inv-a']);
    expect(await ids('inv-ortho')).toBe('UNKNOWN_CURSOR');
    expect(await ids('inv-none')).toBe('UNKNOWN_CURSOR');
    expect(await f.store.pendingInvitations('dental', 5000, { first: 1, after: null })).toEqual([
      {
        id: 'inv-c',
        email: 'inv-c@example.com',
        kind: 'regular',
        roles: ['member', 'provider'],
        invitedByName: 'Bob',
        createdAt: 3000,
        expiresAt: 9000,
      },
    ]);
    expect((await f.store.pendingInvitations('dental', 4999, { first: 10, after: null })).length).toBe(4);
  });

  it('lists active plans by product then amount', async () => {
    const f = await make();
    await f.addPlan('p-b', 'Basic', 900, true);
    await f.addPlan('p-a', 'Basic', 500, true);
    await f.addPlan('p-old', 'Archive', 100, false);
    expect((await f.store.activePlans()).map((p) => p.id)).toEqual(['p-a', 'p-b']);
    expect((await f.store.activePlans())[0]).toEqual({
      id: 'p-a',
      amount: 500,
      productId: 'prod',
      productName: 'Basic',
      nickname: null,
      interval: 'month',
      lookupKey: 'key-p-a',
      productFeaturesJson: '{}',
    });
    expect(await f.store.isActivePlan('p-a')).toBe(true);
    expect(await f.store.isActivePlan('p-old')).toBe(false);
  });

  it('writes plans of the catalogue, replacing one by id, and finds a plan archived or not', async () => {
    const f = await make();
    const plan = {
      id: 'price_adv_m',
      amount: 14_900,
      productId: 'prod_adv',
      productName: 'Advanced',
      nickname: 'Advanced monthly',
      interval: 'month',
      lookupKey: 'advanced_monthly',
      productFeaturesJson: '{"waveforms":true}',
      active: true,
    };
    await f.store.putPlans([plan, { ...plan, id: 'price_basic_m', productName: 'Basic', amount: 4_900 }]);
    expect((await f.store.activePlans()).map((p) => p.id)).toEqual(['price_adv_m', 'price_basic_m']);
    expect(await f.store.plan('price_adv_m')).toEqual(plan);
    await f.store.putPlans([{ ...plan, amount: 15_900, active: false }]);
    expect(await f.store.plan('price_adv_m')).toEqual({ ...plan, amount: 15_900, active: false });
    expect(await f.store.isActivePlan('price_adv_m')).toBe(false);
    expect((await f.store.activePlans()).map((p) => p.id)).toEqual(['price_basic_m']);
    expect(await f.store.plan('price_none')).toBeNull();
  });

  it('lists every plan, archived ones too, by product, interval, active first', async () => {
    const f = await make();
    const plan = {
      id: 'price_adv_m2',
      amount: 15_900,
      productId: 'vigil-advanced',
      productName: 'Advanced',
      nickname: null,
      interval: 'month',
      lookupKey: 'advanced_monthly',
      productFeaturesJson: '{}',
      active: true,
    };
    await f.store.putPlans([
      { ...plan, id: 'price_adv_m1', amount: 14_900, active: false },
      plan,
      { ...plan, id: 'price_adv_y', interval: 'year', lookupKey: 'advanced_yearly', amount: 149_000 },
      { ...plan, id: 'price_basic_m', productId: 'vigil-basic', productName: 'Basic', lookupKey: 'basic_monthly' },
    ]);
    const all = await f.store.allPlans();
    expect(all.map((p) => [p.id, p.active])).toEqual([
      ['price_adv_m2', true],
      ['price_adv_m1', false],
      ['price_adv_y', true],
      ['price_basic_m', true],
    ]);
    expect(all[1]).toEqual({ ...plan, id: 'price_adv_m1', amount: 14_900, active: false });
  });

  it('finds team users newest first by name or email (LIKE wildcards taken literally), with their memberships', async () => {
    const f = await make();
    await withDental(f);
    await f.addUser('u-pct', 'Per%cent', 'pct@example.com', 4);
    expect((await f.store.teamUsers('', 10)).map((u) => u.id)).toEqual(['u-pct', 'u-cy', 'u-bob', 'u-ann']);
    expect((await f.store.teamUsers('', 2)).map((u) => u.id)).toEqual(['u-pct', 'u-cy']);
    expect((await f.store.teamUsers('%', 10)).map((u) => u.id)).toEqual(['u-pct']);
    expect((await f.store.teamUsers('ANN@', 10)).map((u) => u.id)).toEqual(['u-ann']);
    expect((await f.store.teamUsers('ann', 10))[0]).toEqual({
      id: 'u-ann',
      name: 'Ann',
      email: 'ann@example.com',
      emailVerified: false,
      createdAt: 1,
      memberships: [{ orgId: 'dental', orgName: 'DENTAL', orgType: 'regular', roles: ['admin', 'provider'] }],
    });
  });

  it('answers no user look-ups: AccountStore does (issue 36 item 7)', async () => {
    const f = await make();
    for (const method of ['userName', 'userByEmail', 'userById']) expect(method in f.store).toBe(false);
  });

  it('marks the agreement signed with its audit event, and appends a lone audit event', async () => {
    const f = await make();
    await withDental(f);
    await f.store.markBaaSigned('dental', origin(5000), {
      action: 'orgBaaSigned',
      userId: 'u-ann',
      detail: { version: 'v1' },
    });
    expect(await f.store.org('dental')).toMatchObject({ hasBaa: true, updatedAt: 5000 });
    await f.store.audit(origin(6000), { action: 'orgBaaSigned', userId: 'u-ann', detail: { signer: 'company' } });
    expect((await f.auditTrail()).slice(-2).map((e) => e.detail)).toEqual([{ version: 'v1' }, { signer: 'company' }]);
  });
});
