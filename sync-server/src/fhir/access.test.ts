import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db/database.js';
import type { SignedInSession } from '../auth/sessions.js';
import { sharedRulesAccess, sqliteOrgPolicy } from './access.js';

function db(): Database.Database {
  const d = new Database(':memory:');
  migrate(d);
  const insert = d.prepare(
    `INSERT INTO orgs (id, fhir_id, name, type, subscription_status, trial_end, is_onboarding, prevent_resource_editing, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0)`,
  );
  insert.run('live', 'org-live', 'Live', 'regular', 'active', null, 0, 0);
  insert.run('onboarding', 'org-onb', 'Onboarding', 'regular', 'none', null, 1, 0);
  insert.run('locked', 'org-lck', 'Locked', 'regular', 'active', null, 0, 1);
  insert.run('lapsed', 'org-lap', 'Lapsed', 'regular', 'canceled', null, 0, 0);
  insert.run('trial', 'org-trl', 'Trial', 'regular', 'trialing', 2_000, 0, 0);
  insert.run('group', 'org-grp', 'Group', 'parent', 'active', null, 0, 0);
  d.prepare('INSERT INTO org_parents (org_id, parent_org_id) VALUES (?, ?)').run('live', 'group');
  return d;
}

const session = (orgs: SignedInSession['orgs'], multiFactorValid = true): SignedInSession => ({
  sessionId: 's',
  userId: 'u',
  expiresAt: 0,
  multiFactorValid,
  orgs,
});

describe('sqliteOrgPolicy (spec 000 §4)', () => {
  it.each([
    ['live', { isOnboarding: false, editBlocked: null }],
    ['onboarding', { isOnboarding: true, editBlocked: null }],
    ['locked', { isOnboarding: false, editBlocked: 'EDITING_PREVENTED' }],
    ['lapsed', { isOnboarding: false, editBlocked: 'SUBSCRIPTION_NOT_OK' }],
    ['trial', { isOnboarding: false, editBlocked: null }],
    ['nowhere', null],
  ])('reads %s as %o', (orgId, policy) => {
    expect(sqliteOrgPolicy(db(), () => 1_000)(orgId)).toEqual(policy);
  });

  it('blocks a trial once it has ended', () => {
    expect(sqliteOrgPolicy(db(), () => 3_000)('trial')?.editBlocked).toBe('SUBSCRIPTION_NOT_OK');
  });
});

describe('sharedRulesAccess (spec 000 §6)', () => {
  const access = sharedRulesAccess(db());
  it('lets members and members of a parent organisation in, with valid MFA only', () => {
    expect(access(session([{ id: 'live', type: 'regular', roles: ['member'] }]), 'live', 'write')).toBeNull();
    expect(access(session([{ id: 'group', type: 'parent', roles: ['member'] }]), 'live', 'read')).toBeNull();
    expect(access(session([{ id: 'live', type: 'regular', roles: ['member'] }], false), 'live', 'read')).toBe(
      'MFA_REQUIRED',
    );
    expect(access(session([{ id: 'locked', type: 'regular', roles: ['admin'] }]), 'live', 'read')).toBe(
      'NOT_AUTHORIZED',
    );
    expect(access(session([]), 'live', 'read')).toBe('NOT_AUTHORIZED');
  });
});
