import type { OrgRole, OrgType } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { NO_SUDO, type Caller } from '../access/caller.js';
import { Entitlements } from '../access/entitlements.js';
import { OrgAccess } from '../access/index.js';
import { refusalOf as refusal } from '../errors.test-util.js';
import { MemoryOrgChecklistStore } from '../store/checklists/memory.js';
import { MemoryDatabase } from '../store/memory/database.js';
import { addMembership, memoryOrgWorld, signUp } from '../store/orgs/seed.test-util.js';
import { OrgChecklistsService } from './service.js';

const NOW = Date.UTC(2026, 10, 28, 23, 45);

async function world() {
  const db = new MemoryDatabase();
  const w = memoryOrgWorld(db);
  for (const id of ['usr-admin', 'usr-staff', 'usr-other']) await signUp(w, id);
  const office = { id: 'office', fhirId: 'o1', name: 'Smile Dental', type: 'regular' as const };
  await addMembership(w, office, 'usr-admin', ['admin']);
  await addMembership(w, office, 'usr-staff', ['member']);
  await addMembership(w, { id: 'other', fhirId: 'o2', name: 'Other', type: 'regular' }, 'usr-other', ['admin']);
  const access = new OrgAccess({
    parentsOf: (id) => w.orgs.parentsOf(id),
    entitlements: new Entitlements({ features: (id) => w.orgs.features(id) }),
  });
  const service = new OrgChecklistsService({
    checklists: new MemoryOrgChecklistStore(db),
    orgs: w.orgs,
    access,
    now: () => NOW,
  });
  const caller = (userId: string, orgId: string, type: OrgType, roles: OrgRole[]): Caller => ({
    user: { id: userId, name: userId, email: `${userId}@example.com`, emailVerified: true },
    sessionId: `s-${userId}`,
    subject: { signedIn: true, multiFactorValid: true, orgs: [{ id: orgId, type, roles }] },
    singleOrg: null,
    freshSudo: NO_SUDO,
    ip: null,
    userAgent: null,
    origin: '',
    transport: 'graphql',
  });
  return {
    service,
    admin: caller('usr-admin', 'office', 'regular', ['admin']),
    staff: caller('usr-staff', 'office', 'regular', ['member']),
    other: caller('usr-other', 'other', 'regular', ['admin']),
  };
}

describe('the office’s checklists (issue 39)', () => {
  it('answers null lists until saved, then the list with its audit entry', async () => {
    const { service, admin, staff } = await world();
    expect(await service.get(staff, { orgId: 'office' })).toEqual({ preOpChecklist: null, optChecks: null });
    const saved = await service.set(admin, { orgId: 'office', kind: 'preOpChecklist', items: ['Consent signed'] });
    expect(saved.value).toEqual({ preOpChecklist: ['Consent signed'], optChecks: null });
    expect(saved.entries).toEqual([
      {
        trail: 'organisation',
        action: 'orgChecklistSet',
        detail: { orgId: 'office', kind: 'preOpChecklist', items: ['Consent signed'] },
      },
    ]);
    expect((await service.get(staff, { orgId: 'office' })).preOpChecklist).toEqual(['Consent signed']);
  });

  it('refuses a member saving and another office reading or saving', async () => {
    const { service, staff, other } = await world();
    const save = { orgId: 'office', kind: 'optChecks', items: ['Count sponges'] };
    expect(await refusal(() => service.set(staff, save))).toBe('NOT_AUTHORIZED');
    expect(await refusal(() => service.set(other, save))).toBe('NOT_AUTHORIZED');
    expect(await refusal(() => service.get(other, { orgId: 'office' }))).toBe('NOT_AUTHORIZED');
  });

  it.each([
    ['an unknown kind', { kind: 'postOp', items: ['A'] }],
    ['an empty list', { kind: 'optChecks', items: [] }],
    ['numbered items', { kind: 'optChecks', items: ['1. A'] }],
    ['no list', { kind: 'optChecks' }],
  ])('[LT4] refuses %s as INVALID_INPUT', async (_name, args) => {
    const { service, admin } = await world();
    expect(await refusal(() => service.set(admin, { orgId: 'office', ...args }))).toBe('INVALID_INPUT');
  });
});
