import { createHash, randomBytes } from 'node:crypto';
import { ORG_INVITATION_TTL_MS } from '@vigil/shared';
import type { DemoPeople } from '../sqlite/demo-rows.js';
import type { PostgresDatabase } from './unit-of-work.js';

/*
 * The demo people's rows on PostgreSQL (issue 43: `npm start` and the test servers on
 * DATABASE_URL get the demo data as SQLite's do): sqlite/demo-rows.ts's rows in PostgreSQL's
 * dialect, each part in one transaction, rows already there kept. PostgreSQL has no app_meta:
 * the seed's version is SQLite's file's fact only.
 */

const USER = `INSERT INTO users (id, name, email, email_verified, password_hash, created_at, updated_at)
  VALUES ($1, $2, $3, 1, $4, $5, $5) ON CONFLICT DO NOTHING`;
const MFA = `INSERT INTO mfa_options (user_id, channel, to_address, verified, created_at)
  VALUES ($1, 'email', $2, 1, $3) ON CONFLICT DO NOTHING`;
const ORG = `INSERT INTO orgs (id, fhir_id, name, type, email, subscription_status, is_onboarding, address_line1,
    city, state, postal_code, country, created_by, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, 'active', 0, $6, 'Springfield', 'IL', $7, 'US', $8, $9, $9) ON CONFLICT DO NOTHING`;
const MEMBER = `INSERT INTO org_members (id, org_id, user_id, roles, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT DO NOTHING`;

/** Writes the demo user (verified, email MFA), the demo organisations and their people, and one pending invitation. */
export async function writeDemoPeoplePostgres(db: PostgresDatabase, demo: DemoPeople, now: Date): Promise<void> {
  const at = now.getTime();
  await db.transaction(async () => {
    await db.query(USER, [demo.user.id, demo.user.name, demo.user.email, demo.user.passwordHash, at]);
    await db.query(MFA, [demo.user.id, demo.user.email, at]);
  });
  await db.transaction(async () => {
    const { parent, office, reseller } = demo.orgs;
    const by = demo.user.id;
    await db.query(ORG, [
      parent.id,
      parent.fhirId,
      parent.name,
      'parent',
      'group@demo.vigil.health',
      '1 Main Street',
      '62701',
      by,
      at,
    ]);
    await db.query(ORG, [
      office.id,
      office.fhirId,
      office.name,
      'regular',
      'office@demo.vigil.health',
      '12 Molar Avenue',
      '62704',
      by,
      at,
    ]);
    if (reseller) {
      await db.query(ORG, [
        reseller.id,
        reseller.fhirId,
        reseller.name,
        'reseller',
        'vendor@demo.vigil.health',
        '7 Market Street',
        '62701',
        by,
        at,
      ]);
    }
    await db.query('INSERT INTO org_parents (org_id, parent_org_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      office.id,
      parent.id,
    ]);
    await db.query(MEMBER, ['prc-demo0000000000', office.id, demo.user.id, JSON.stringify(['admin', 'provider']), at]);
    for (const person of demo.staff) {
      await db.query(USER, [person.id, person.name, person.email, demo.user.passwordHash, at]);
      await db.query(MFA, [person.id, person.email, at]);
      await db.query(MEMBER, [person.memberId, person.orgId, person.id, JSON.stringify(person.roles), at]);
    }
    await db.query(
      `INSERT INTO org_invitations (id, code_hash, org_id, email, kind, roles, invited_by, created_at, expires_at)
       VALUES ($1, $2, $3, $4, 'regular', $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
      [
        ...[demo.invitation.id, createHash('sha256').update(randomBytes(32)).digest('hex'), office.id],
        ...[demo.invitation.email, JSON.stringify(demo.invitation.roles), demo.user.id, at, at + ORG_INVITATION_TTL_MS],
      ],
    );
  });
}

/** Whether the database holds no account at all: a new one, whatever made its tables (a migration here or a template). */
export async function holdsNoAccount(db: PostgresDatabase): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM users) AS empty');
  return rows[0]!.empty;
}

/** The advisory lock key of the demo seed: one instance seeds a new database ('VIGDEMO' in ASCII). */
const DEMO_LOCK = '24118227716886863';

/**
 * Runs `fn` while this instance holds the demo seed's lock, when the database still holds no
 * account: of several instances starting together on a new database, one seeds it.
 */
export async function whileNoAccount(db: PostgresDatabase, fn: () => Promise<void>): Promise<boolean> {
  const client = await db.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [DEMO_LOCK]);
    try {
      if (!(await holdsNoAccount(db))) return false;
      await fn();
      return true;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [DEMO_LOCK]);
    }
  } finally {
    client.release();
  }
}
