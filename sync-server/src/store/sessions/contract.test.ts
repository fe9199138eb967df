import type { OrgRole } from '@vigil/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { addMembership, memoryOrgWorld, signUp, sqliteOrgWorld, type OrgWorld } from '../orgs/seed.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { freshPostgres, runnableImplementations } from '../postgres/test-database.test-util.js';
import { PostgresDatabase } from '../postgres/unit-of-work.js';
import { PostgresSessionStore } from './postgres.js';
import type { NewSession, SessionStore } from './types.js';

/** A store under test, with the users and memberships its rows refer to. */
interface Fixture {
  store: SessionStore;
  addUser(id: string): Promise<void>;
  addMembership(orgId: string, type: 'regular' | 'parent', userId: string, roles: OrgRole[]): Promise<void>;
}

/**
 * The session store of a world of account and organisation stores: users sign up through the
 * account store (their first session ends at once, so the tests count only their own) and
 * memberships are granted through the organisation store, the same way for every implementation.
 */
function fixture(world: OrgWorld): Fixture {
  return {
    store: world.sessions,
    addUser: (id) => signUp(world, id),
    addMembership: (orgId, type, userId, roles) =>
      addMembership(world, { id: orgId, fhirId: `fhir-${orgId}`, name: orgId, type }, userId, roles),
  };
}

const sqlite = (): Fixture => fixture(sqliteOrgWorld(openMemoryDatabase()));
const memory = (): Fixture => fixture(memoryOrgWorld(new MemoryDatabase()));

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

/**
 * The PostgreSQL store. The accounts and organisation stores are not on PostgreSQL yet, so users
 * and memberships are rows written here, as those stores write them (a user without a session,
 * an organisation and its member with JSON roles).
 */
async function postgres(): Promise<Fixture> {
  const database = await freshPostgres();
  drops.push(database.drop);
  const db = new PostgresDatabase(database.open());
  return {
    store: new PostgresSessionStore(db),
    addUser: async (id) =>
      void (await db.query(
        'INSERT INTO users (id, name, email, email_verified, created_at, updated_at) VALUES ($1, $1, $2, 1, 0, 0)',
        [id, `${id}@example.com`],
      )),
    addMembership: async (orgId, type, userId, roles) => {
      await db.query(
        `INSERT INTO orgs (id, fhir_id, name, type, created_at, updated_at) VALUES ($1, $2, $1, $3, 0, 0)
         ON CONFLICT (id) DO NOTHING`,
        [orgId, `fhir-${orgId}`, type],
      );
      await db.query(
        'INSERT INTO org_members (id, org_id, user_id, roles, created_at, updated_at) VALUES ($1, $2, $3, $4, 0, 0)',
        [`mem-${orgId}-${userId}`, orgId, userId, JSON.stringify(roles)],
      );
    },
  };
}

/** Every SessionStore implementation. */
const implementations: [string, () => Fixture | Promise<Fixture>][] = [
  ['memory', memory],
  ['sqlite', sqlite],
  ['postgres', postgres],
];

const session = (id: string, userId: string, overrides: Partial<NewSession> = {}): NewSession => ({
  id,
  userId,
  tokenHash: `hash-${id}`,
  now: 1000,
  expiresAt: 10_000,
  ip: '203.0.113.5',
  userAgent: 'test',
  singleOrg: null,
  multiFactorExp: null,
  ...overrides,
});

describe.each(await runnableImplementations('SessionStore contract', implementations))(
  'SessionStore contract (%s)',
  (_, make) => {
    it('creates a session found by its token hash and id, with multi-factor unset unless vouched for', async () => {
      const f = await make();
      await f.addUser('usr-a');
      const row = await f.store.create(session('ses-1', 'usr-a'));
      expect(row).toMatchObject({
        id: 'ses-1',
        user_id: 'usr-a',
        created_at: 1000,
        renewed_at: 1000,
        expires_at: 10_000,
      });
      expect(row.multi_factor_last).toBeNull();
      expect(row.ended_at).toBeNull();
      expect(await f.store.byTokenHash('hash-ses-1')).toEqual(row);
      expect(await f.store.byId('ses-1')).toEqual(row);
      expect(await f.store.byTokenHash('hash-unknown')).toBeNull();
      const emr = await f.store.create(session('ses-2', 'usr-a', { singleOrg: 'acme', multiFactorExp: 5000 }));
      expect(emr).toMatchObject({ single_org: 'acme', multi_factor_last: 1000, multi_factor_exp: 5000 });
    });

    it('ends the presented session in the same step as it starts a new one', async () => {
      const f = await make();
      await f.addUser('usr-a');
      await f.store.create(session('ses-old', 'usr-a'));
      await f.store.create(session('ses-new', 'usr-a', { now: 2000 }), 'ses-old');
      expect((await f.store.byId('ses-old'))?.ended_at).toBe(2000);
      expect((await f.store.byId('ses-new'))?.ended_at).toBeNull();
    });

    it('rotates a token: the old hash no longer finds the session', async () => {
      const f = await make();
      await f.addUser('usr-a');
      await f.store.create(session('ses-1', 'usr-a'));
      await f.store.setTokenHash('ses-1', 'hash-rotated');
      expect(await f.store.byTokenHash('hash-ses-1')).toBeNull();
      expect((await f.store.byTokenHash('hash-rotated'))?.id).toBe('ses-1');
    });

    it('ends one session once, and every live session of a user but one', async () => {
      const f = await make();
      await f.addUser('usr-a');
      await f.addUser('usr-b');
      for (const id of ['s1', 's2', 's3']) await f.store.create(session(id, 'usr-a'));
      await f.store.create(session('s4', 'usr-b'));
      await f.store.end('s1', 1500);
      await f.store.end('s1', 9000);
      expect((await f.store.byId('s1'))?.ended_at).toBe(1500);
      expect(await f.store.endForUser('usr-a', 2000, 's3')).toBe(1);
      expect((await f.store.byId('s2'))?.ended_at).toBe(2000);
      expect((await f.store.byId('s3'))?.ended_at).toBeNull();
      expect((await f.store.byId('s4'))?.ended_at).toBeNull();
      expect(await f.store.endForUser('usr-a', 3000)).toBe(1);
    });

    it('lists a user’s live sessions, newest first, without ended or expired ones', async () => {
      const f = await make();
      await f.addUser('usr-a');
      await f.addUser('usr-b');
      await f.store.create(session('s1', 'usr-a', { now: 1000 }));
      await f.store.create(session('s2', 'usr-a', { now: 2000 }));
      await f.store.create(session('s3', 'usr-a', { now: 3000, expiresAt: 4000 }));
      await f.store.create(session('s4', 'usr-b'));
      await f.store.end('s1', 2500);
      // At 3500: s2 and s3 live (s3 until 4000), s1 ended; at 5000 s3 has expired.
      expect((await f.store.activeForUser('usr-a', 3500)).map((s) => s.id)).toEqual(['s3', 's2']);
      expect((await f.store.activeForUser('usr-a', 5000)).map((s) => s.id)).toEqual(['s2']);
    });

    it('renews a session, sliding multi-factor only when given and clearing sudo only when asked', async () => {
      const f = await make();
      await f.addUser('usr-a');
      await f.store.create(session('ses-1', 'usr-a', { multiFactorExp: 4000 }));
      await f.store.grantSudo('ses-1', 1200, 2100);
      expect(await f.store.byId('ses-1')).toMatchObject({ sudo_last: 1200, sudo_expires_at: 2100 });
      const kept = await f.store.renew('ses-1', {
        renewedAt: 2000,
        expiresAt: 11_000,
        multiFactorExp: null,
        clearSudo: false,
      });
      expect(kept).toMatchObject({
        renewed_at: 2000,
        expires_at: 11_000,
        multi_factor_exp: 4000,
        sudo_expires_at: 2100,
      });
      const slid = await f.store.renew('ses-1', {
        renewedAt: 3000,
        expiresAt: 12_000,
        multiFactorExp: 8000,
        clearSudo: true,
      });
      expect(slid).toMatchObject({ multi_factor_exp: 8000, sudo_last: null, sudo_expires_at: null });
      expect(
        await f.store.renew('ses-none', { renewedAt: 1, expiresAt: 2, multiFactorExp: null, clearSudo: false }),
      ).toBeNull();
    });

    it("lists a user's memberships with type and roles, ordered by organisation", async () => {
      const f = await make();
      await f.addUser('usr-a');
      await f.addUser('usr-b');
      await f.addMembership('zeta', 'regular', 'usr-a', ['member']);
      await f.addMembership('alpha', 'parent', 'usr-a', ['admin', 'provider']);
      await f.addMembership('alpha', 'parent', 'usr-b', ['member']);
      expect(await f.store.memberships('usr-a')).toEqual([
        { id: 'alpha', type: 'parent', roles: ['admin', 'provider'] },
        { id: 'zeta', type: 'regular', roles: ['member'] },
      ]);
      expect(await f.store.memberships('usr-nobody')).toEqual([]);
    });

    it('refuses a session under a token hash in use, and leaves the presented session live', async () => {
      const f = await make();
      await f.addUser('usr-a');
      await f.store.create(session('ses-1', 'usr-a'));
      await expect(
        f.store.create(session('ses-2', 'usr-a', { tokenHash: 'hash-ses-1', now: 2000 }), 'ses-1'),
      ).rejects.toThrow();
      expect((await f.store.byId('ses-1'))?.ended_at).toBeNull();
      expect(await f.store.byId('ses-2')).toBeNull();
    });

    it('hands out copies: changing a row or a membership read back changes nothing stored', async () => {
      const f = await make();
      await f.addUser('usr-a');
      await f.addMembership('alpha', 'regular', 'usr-a', ['member']);
      const row = await f.store.create(session('ses-1', 'usr-a'));
      row.ended_at = 5;
      (await f.store.byId('ses-1'))!.token_hash = 'changed';
      ((await f.store.memberships('usr-a'))[0]!.roles as string[]).push('admin');
      expect((await f.store.byTokenHash('hash-ses-1'))?.ended_at).toBeNull();
      expect(await f.store.memberships('usr-a')).toEqual([{ id: 'alpha', type: 'regular', roles: ['member'] }]);
    });
  },
);
