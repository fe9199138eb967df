import { createHash, randomBytes } from 'node:crypto';
import { ORG_INVITATION_TTL_MS } from '@vigil/shared';
import { seedDemoResources } from '../fhir/demo-seed.js';
import { SqliteResourceStore } from './resources/sqlite.js';
import { SqliteSyncStore } from './sync/sqlite.js';
import { seedDemoHealthHistories } from '../hhx/demo.js';
import { seedDemoForms } from '../forms/demo.js';
import { seedDemoInventory } from '../inventories/demo.js';
import { SqliteInventoryStore } from './inventories/sqlite.js';
import { SqliteOrgFormStore } from './forms/sqlite.js';
import { seedDemoPolicies } from '../policies/demo.js';
import { SqlitePolicyStore } from './policies/sqlite.js';
import { SqliteOrgStore } from './orgs/sqlite.js';
import type { Db } from './sqlite/database.js';
import { assertSerialized } from './resources/transactions.js';

/** Bumped whenever the demo data grows, so an existing demo database can tell what it holds. */
export const DEMO_SEED_VERSION = 1;

/** The demo user (README "Sign in with the demo user"): verified email, email MFA set up. */
export const DEMO_USER = {
  id: 'usr-demo0000000000',
  name: 'Dr. Demo Sedationist, DDS',
  email: 'demo@vigil.health',
  password: 'vigil demo password',
  /** argon2id (m=19456, t=2, p=1) of the password above, computed once so seeding stays synchronous. */
  passwordHash: '$argon2id$v=19$m=19456,p=1,t=2$nLt0Qiwnl4TpoNEv5R//DA$u2cnR6A1o+MuXbkrfer01NjCUgP/+v5wGfMz6lnmsZY',
} as const;

/**
 * Seeds the demo data into a new database: the demo user, the demo organisations and their
 * people, and the demo office's location, patients and appointments. Each part is written in one
 * transaction so a half-seeded part never exists. The resources go through the (asynchronous)
 * resource store: the returned promise settles once they are written. Over SQLite that happens
 * within the calling tick's microtasks, before the process handles any request.
 */
export function seedDemoData(db: Db, now: Date = new Date()): Promise<void> {
  assertSerialized(db);
  db.transaction(() => {
    const put = db.prepare('INSERT OR REPLACE INTO app_meta (key, value) VALUES (?, ?)');
    put.run('demoSeedVersion', String(DEMO_SEED_VERSION));
    put.run('demoSeededAt', now.toISOString());
    const at = now.getTime();
    db.prepare(
      `INSERT OR IGNORE INTO users (id, name, email, email_verified, password_hash, created_at, updated_at)
       VALUES (?, ?, ?, 1, ?, ?, ?)`,
    ).run(DEMO_USER.id, DEMO_USER.name, DEMO_USER.email, DEMO_USER.passwordHash, at, at);
    db.prepare(
      `INSERT OR IGNORE INTO mfa_options (user_id, channel, to_address, verified, created_at) VALUES (?, 'email', ?, 1, ?)`,
    ).run(DEMO_USER.id, DEMO_USER.email, at);
  })();
  seedDemoOrganisations(db, now);
  // The demo office's location, operatories, patients and this month's appointments (issue 5).
  const resources = new SqliteResourceStore(db);
  return seedDemoResources(resources, DEMO_ORGS.office.id, now, [
    { id: 'prc-demo0000000000', userId: DEMO_USER.id, name: DEMO_USER.name, roles: ['admin', 'provider'] },
    ...DEMO_STAFF.filter((p) => p.orgId === DEMO_ORGS.office.id).map((p) => ({
      id: p.memberId,
      userId: p.id,
      name: p.name,
      roles: p.roles,
    })),
  ])
    .then(() =>
      // Issue 27: health histories of the demo patients (Most Recent, Outdated, In-Progress).
      seedDemoHealthHistories({ resources, sync: new SqliteSyncStore(db) }, DEMO_ORGS.office.id, now, {
        practitionerId: 'prc-demo0000000000',
        name: DEMO_USER.name,
      }),
    )
    .then(() =>
      // Issue 28: forms, a sent task, a signed contract and comments.
      seedDemoForms(
        { forms: new SqliteOrgFormStore(db), resources, orgs: new SqliteOrgStore(db) },
        DEMO_ORGS.office.id,
        now,
        { userId: DEMO_USER.id, practitionerId: 'prc-demo0000000000', name: DEMO_USER.name },
      ),
    )
    .then(() =>
      // Issue 29: a safe and a cart with midazolam and fentanyl lots and their ledger.
      seedDemoInventory(
        { inventories: new SqliteInventoryStore(db), orgs: new SqliteOrgStore(db) },
        DEMO_ORGS.office.id,
        now,
        {
          userId: DEMO_USER.id,
          caseId: 'apt-demo0000000001',
        },
      ),
    )
    .then(() =>
      // Issue 29: the policies flag on and a few sign-off policies (the office's and its parent's).
      seedDemoPolicies(
        { policies: new SqlitePolicyStore(db), orgs: new SqliteOrgStore(db) },
        { office: DEMO_ORGS.office.id, parent: DEMO_ORGS.parent.id },
        now,
        { userId: DEMO_USER.id },
      ),
    )
    .then(() => undefined);
}

/** The demo organisations (issue 4): IDs in the README's Administration section and docs/decisions.md. */
export const DEMO_ORGS = {
  office: { id: 'demo-dental', fhirId: 'org-demodental0000', name: 'Demo Dental Office' },
  parent: { id: 'demo-group', fhirId: 'org-demogroup00000', name: 'Demo Dental Group' },
} as const;

/** The demo office's other people; they sign in with the demo user's password (codes in the outbox). */
export const DEMO_STAFF = [
  {
    id: 'usr-demoprovider00',
    name: 'Dr. Second Provider, DMD',
    email: 'demo-provider@vigil.health',
    memberId: 'prc-demoprovider00',
    orgId: 'demo-dental',
    roles: ['member', 'provider'],
  },
  {
    id: 'usr-demorecorder00',
    name: 'Riley Recorder',
    email: 'demo-recorder@vigil.health',
    memberId: 'prc-demorecorder00',
    orgId: 'demo-dental',
    roles: ['member'],
  },
  {
    id: 'usr-demoparent0000',
    name: 'Pat Parent',
    email: 'demo-parent@vigil.health',
    memberId: 'prc-demoparent0000',
    orgId: 'demo-group',
    roles: ['admin'],
  },
] as const;

/**
 * The demo office's pending invitation (issue 35 item 15), sent by the demo user when the data was
 * seeded, so the members screen lists one; it expires 7 days later like any other. Its link's code
 * is random and never kept (only a hash of it): nobody can accept it.
 */
export const DEMO_INVITATION = {
  id: 'inv-demo0000000000',
  email: 'new-hygienist@demo.vigil.health',
  roles: ['member'],
} as const;

/**
 * A demo dental office (regular, live, active subscription) with the demo user as admin and
 * provider, a second provider and a recorder, and one invitation not yet accepted; and a demo
 * parent organisation overseeing it, administered by its own demo user.
 */
function seedDemoOrganisations(db: Db, now: Date): void {
  assertSerialized(db);
  const at = now.getTime();
  db.transaction(() => {
    const org = db.prepare(
      `INSERT OR IGNORE INTO orgs (id, fhir_id, name, type, email, subscription_status, is_onboarding, address_line1,
                                   city, state, postal_code, country, created_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'active', 0, ?, ?, ?, ?, 'US', ?, ?, ?)`,
    );
    org.run(
      DEMO_ORGS.parent.id,
      DEMO_ORGS.parent.fhirId,
      DEMO_ORGS.parent.name,
      'parent',
      'group@demo.vigil.health',
      '1 Main Street',
      'Springfield',
      'IL',
      '62701',
      DEMO_USER.id,
      at,
      at,
    );
    org.run(
      DEMO_ORGS.office.id,
      DEMO_ORGS.office.fhirId,
      DEMO_ORGS.office.name,
      'regular',
      'office@demo.vigil.health',
      '12 Molar Avenue',
      'Springfield',
      'IL',
      '62704',
      DEMO_USER.id,
      at,
      at,
    );
    db.prepare('INSERT OR IGNORE INTO org_parents (org_id, parent_org_id) VALUES (?, ?)').run(
      DEMO_ORGS.office.id,
      DEMO_ORGS.parent.id,
    );
    const user = db.prepare(
      `INSERT OR IGNORE INTO users (id, name, email, email_verified, password_hash, created_at, updated_at)
       VALUES (?, ?, ?, 1, ?, ?, ?)`,
    );
    const mfa = db.prepare(
      `INSERT OR IGNORE INTO mfa_options (user_id, channel, to_address, verified, created_at) VALUES (?, 'email', ?, 1, ?)`,
    );
    const member = db.prepare(
      'INSERT OR IGNORE INTO org_members (id, org_id, user_id, roles, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    member.run('prc-demo0000000000', DEMO_ORGS.office.id, DEMO_USER.id, JSON.stringify(['admin', 'provider']), at, at);
    for (const person of DEMO_STAFF) {
      user.run(person.id, person.name, person.email, DEMO_USER.passwordHash, at, at);
      mfa.run(person.id, person.email, at);
      member.run(person.memberId, person.orgId, person.id, JSON.stringify(person.roles), at, at);
    }
    db.prepare(
      `INSERT OR IGNORE INTO org_invitations (id, code_hash, org_id, email, kind, roles, invited_by, created_at, expires_at)
       VALUES (?, ?, ?, ?, 'regular', ?, ?, ?, ?)`,
    ).run(
      DEMO_INVITATION.id,
      createHash('sha256').update(randomBytes(32)).digest('hex'),
      DEMO_ORGS.office.id,
      DEMO_INVITATION.email,
      JSON.stringify(DEMO_INVITATION.roles),
      DEMO_USER.id,
      at,
      at + ORG_INVITATION_TTL_MS,
    );
  })();
}
