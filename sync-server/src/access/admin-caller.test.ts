import { VIGIL_ORG_ID } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { createOrgServices } from '../orgs/index.js';
import { commandOrgResources } from '../services.js';
import type { UserRow } from '../store/accounts/types.js';
import { auditEvents } from '../store/audit/inspect.test-util.js';
import { seedOrgs, signUp, sqliteOrgWorld } from '../store/orgs/seed.test-util.js';
import { openMemoryDatabase } from '../store/sqlite/database.js';
import { sqliteTestDb } from '../store/test-db.test-util.js';
import { adminCaller, ADMIN_USER_AGENT } from './caller.js';
import { Entitlements } from './entitlements.js';
import { OrgAccess, refusalOf } from './index.js';

/*
 * Issue 36 item 1: an admin command (`npm run admin`) builds its Caller in access/caller.ts as
 * every transport does, and what it changes is audited as that Caller's.
 */

const NOW = Date.UTC(2026, 10, 28, 12, 0);

async function world(): Promise<{
  orgs: ReturnType<typeof createOrgServices>;
  access: OrgAccess;
  operator: UserRow;
  events: (action: string) => Promise<{ userId: string | null; ip: string | null; userAgent: string | null }[]>;
}> {
  const db = openMemoryDatabase();
  const stores = sqliteOrgWorld(db);
  await seedOrgs(stores, [{ id: 'office', fhirId: 'org-office', name: 'Office', type: 'regular' }]);
  await signUp(stores, 'usr-operator');
  await signUp(stores, 'usr-new-uber');
  const access = new OrgAccess({ parentsOf: (orgId) => stores.orgs.parentsOf(orgId) });
  const orgs = createOrgServices({
    store: stores.orgs,
    accounts: stores.accounts,
    access,
    entitlements: new Entitlements(stores.orgs, stores.orgs),
    resources: commandOrgResources(db, () => NOW),
    sender: { send: () => Promise.reject(new Error('no mail')) },
    now: () => NOW,
  });
  const operator = (await stores.accounts.userById('usr-operator'))!;
  return {
    orgs,
    access,
    operator,
    events: async (action) =>
      (await auditEvents(sqliteTestDb(db), { action })).map(({ userId, ip, userAgent }) => ({ userId, ip, userAgent })),
  };
}

describe("an admin command's Caller (issue 36 item 1)", () => {
  it('is the admin transport with the operator as its user, and reaches no organisation through the permission rules', async () => {
    const { access, operator } = await world();
    const caller = adminCaller(operator);
    expect(caller).toMatchObject({
      transport: 'admin',
      sessionId: null,
      ip: null,
      userAgent: ADMIN_USER_AGENT,
      user: { id: 'usr-operator', email: 'usr-operator@example.com' },
      subject: { signedIn: false, orgs: [] },
    });
    expect(await refusalOf(access.authorize(caller, 'office', 'member'))).toBe('NO_AUTHENTICATION');
    expect(adminCaller(null).user).toBeNull();
  });

  it('records the roles a command grants as granted by its operator, from the admin command', async () => {
    const { orgs, operator, events } = await world();
    const granted = await orgs.members.grantRoles(adminCaller(operator), {
      orgId: VIGIL_ORG_ID,
      userId: 'usr-new-uber',
      roles: ['member', 'uber'],
      via: 'cli',
    });
    expect(granted).toMatchObject({ change: 'added', roles: ['member', 'uber'] });
    expect((await events('orgMemberAdded')).at(-1)).toEqual({
      userId: 'usr-operator',
      ip: null,
      userAgent: ADMIN_USER_AGENT,
    });
  });

  it('records no user for a command run without a known operator', async () => {
    const { orgs, events } = await world();
    await orgs.members.grantRoles(adminCaller(null), {
      orgId: VIGIL_ORG_ID,
      userId: 'usr-new-uber',
      roles: ['member', 'uber'],
      via: 'cli',
    });
    expect((await events('orgMemberAdded')).at(-1)).toEqual({ userId: null, ip: null, userAgent: ADMIN_USER_AGENT });
  });
});
