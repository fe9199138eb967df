import { createHash, randomBytes } from 'node:crypto';
import { ORG_INVITATION_TTL_MS, type OrgRole } from '@vigil/shared';
import { assertSerialized } from '../resources/transactions.js';
import type { Db } from './database.js';

/** The demo people and organisations as demo/seed.ts defines them: what their rows are written from. */
export interface DemoPeople {
  seedVersion: number;
  user: { id: string; name: string; email: string; passwordHash: string };
  orgs: Record<'office' | 'parent', { id: string; fhirId: string; name: string }> & {
    /** Issue 42: a demo reseller (its admin among the staff), whose app the demo office installed. */
    reseller?: { id: string; fhirId: string; name: string };
  };
  staff: readonly {
    id: string;
    name: string;
    email: string;
    memberId: string;
    orgId: string;
    roles: readonly OrgRole[];
  }[];
  invitation: { id: string; email: string; roles: readonly OrgRole[] };
}

/**
 * Writes the demo user (verified, email MFA), the demo organisations and their people, and one
 * pending invitation, each part in one transaction; rows already there are kept.
 */
export function writeDemoPeople(db: Db, demo: DemoPeople, now: Date): void {
  assertSerialized(db);
  db.transaction(() => {
    const put = db.prepare('INSERT OR REPLACE INTO app_meta (key, value) VALUES (?, ?)');
    put.run('demoSeedVersion', String(demo.seedVersion));
    put.run('demoSeededAt', now.toISOString());
    const at = now.getTime();
    db.prepare(
      `INSERT OR IGNORE INTO users (id, name, email, email_verified, password_hash, created_at, updated_at)
       VALUES (?, ?, ?, 1, ?, ?, ?)`,
    ).run(demo.user.id, demo.user.name, demo.user.email, demo.user.passwordHash, at, at);
    db.prepare(
      `INSERT OR IGNORE INTO mfa_options (user_id, channel, to_address, verified, created_at) VALUES (?, 'email', ?, 1, ?)`,
    ).run(demo.user.id, demo.user.email, at);
  })();
  writeDemoOrganisations(db, demo, now);
}

/**
 * A demo dental office (regular, live, active subscription) with the demo user as admin and
 * provider, a second provider and a recorder, and one invitation not yet accepted; and a demo
 * parent organisation overseeing it, administered by its own demo user.
 */
function writeDemoOrganisations(db: Db, demo: DemoPeople, now: Date): void {
  assertSerialized(db);
  const at = now.getTime();
  db.transaction(() => {
    const org = db.prepare(
      `INSERT OR IGNORE INTO orgs (id, fhir_id, name, type, email, subscription_status, is_onboarding, address_line1,
                                   city, state, postal_code, country, created_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'active', 0, ?, ?, ?, ?, 'US', ?, ?, ?)`,
    );
    org.run(
      demo.orgs.parent.id,
      demo.orgs.parent.fhirId,
      demo.orgs.parent.name,
      'parent',
      'group@demo.vigil.health',
      '1 Main Street',
      'Springfield',
      'IL',
      '62701',
      demo.user.id,
      at,
      at,
    );
    org.run(
      demo.orgs.office.id,
      demo.orgs.office.fhirId,
      demo.orgs.office.name,
      'regular',
      'office@demo.vigil.health',
      '12 Molar Avenue',
      'Springfield',
      'IL',
      '62704',
      demo.user.id,
      at,
      at,
    );
    if (demo.orgs.reseller) {
      const r = demo.orgs.reseller;
      org.run(
        r.id,
        r.fhirId,
        r.name,
        'reseller',
        'vendor@demo.vigil.health',
        '7 Market Street',
        'Springfield',
        'IL',
        '62701',
        demo.user.id,
        at,
        at,
      );
    }
    db.prepare('INSERT OR IGNORE INTO org_parents (org_id, parent_org_id) VALUES (?, ?)').run(
      demo.orgs.office.id,
      demo.orgs.parent.id,
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
    member.run('prc-demo0000000000', demo.orgs.office.id, demo.user.id, JSON.stringify(['admin', 'provider']), at, at);
    for (const person of demo.staff) {
      user.run(person.id, person.name, person.email, demo.user.passwordHash, at, at);
      mfa.run(person.id, person.email, at);
      member.run(person.memberId, person.orgId, person.id, JSON.stringify(person.roles), at, at);
    }
    db.prepare(
      `INSERT OR IGNORE INTO org_invitations (id, code_hash, org_id, email, kind, roles, invited_by, created_at, expires_at)
       VALUES (?, ?, ?, ?, 'regular', ?, ?, ?, ?)`,
    ).run(
      demo.invitation.id,
      createHash('sha256').update(randomBytes(32)).digest('hex'),
      demo.orgs.office.id,
      demo.invitation.email,
      JSON.stringify(demo.invitation.roles),
      demo.user.id,
      at,
      at + ORG_INVITATION_TTL_MS,
    );
  })();
}
