import type { OrgRole } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { auditTrail } from '../access/audited.js';
import { NO_SUDO, type Caller } from '../access/caller.js';
import { AppError } from '../errors.js';
import { refusalOf as refusal } from '../errors.test-util.js';
import { MemoryAccountStore } from '../store/accounts/memory.js';
import type { AuditRecord } from '../store/audit/types.js';
import { MemoryBillingStore } from '../store/billing/memory.js';
import { MemoryLeaseStore } from '../store/leases/memory.js';
import { MemoryDatabase } from '../store/memory/database.js';
import { MemoryOrgStore } from '../store/orgs/memory.js';
import { MemoryLocalPaymentStore } from '../store/payments-local/memory.js';
import { MemorySessionStore } from '../store/sessions/memory.js';
import { seedPlanCatalogue } from './catalogue.js';
import { LocalPaymentProvider } from './local/provider.js';
import { PlanCatalogueService } from './plans.js';

const NOW = Date.UTC(2026, 10, 28, 12);

async function world() {
  const db = new MemoryDatabase();
  const sessions: MemorySessionStore = new MemorySessionStore(db, (userId) => orgs.sessionMemberships(userId));
  const accounts = new MemoryAccountStore(db, sessions);
  const records: AuditRecord[] = [];
  const audit = {
    append: (r: AuditRecord): Promise<void> => Promise.resolve(void records.push(r)),
    count: (): Promise<number> => Promise.resolve(0),
  };
  const orgs: MemoryOrgStore = new MemoryOrgStore(db, { users: accounts.users, audit });
  const billing = new MemoryBillingStore(db);
  const provider = new LocalPaymentProvider(new MemoryLocalPaymentStore(), 'whsec_test', () => NOW);
  const leases = new MemoryLeaseStore(db, () => NOW);
  await seedPlanCatalogue(provider, orgs);
  const audits = (): { action: string; userId: string | null; detail: Record<string, unknown> }[] =>
    records.map((r) => ({
      action: r.action,
      userId: r.userId,
      detail: JSON.parse(r.detail ?? '{}') as Record<string, unknown>,
    }));
  const service = new PlanCatalogueService({
    provider,
    plans: orgs,
    leases,
    trail: auditTrail({ orgs, transaction: (fn) => billing.transaction(fn), now: () => NOW }),
  });
  const caller = (roles: OrgRole[], orgType: 'vigil' | 'regular' = 'vigil', mfa = true): Caller => ({
    user: { id: 'usr-team', name: 'Team', email: 'team@example.com', emailVerified: true },
    sessionId: 's-team',
    subject: { signedIn: true, multiFactorValid: mfa, orgs: [{ id: 'vigil', type: orgType, roles }] },
    singleOrg: null,
    freshSudo: NO_SUDO,
    ip: '10.0.0.1',
    userAgent: 'test',
    origin: '',
    transport: 'graphql',
  });
  const team = caller(['uber']);
  const advancedMonthly = async () => (await orgs.activePlans()).find((p) => p.lookupKey === 'advanced_monthly')!;
  return { service, orgs, provider, leases, team, caller, audits, advancedMonthly };
}

const change = (amount: number, more: Record<string, unknown> = {}) => ({
  productName: 'Advanced',
  nickname: 'Advanced monthly',
  amount,
  waveforms: true,
  advancedFluids: true,
  ...more,
});

describe('PlanCatalogueService (issue 37, the team plan screens)', () => {
  it('replaces a plan’s price with a new one: the old archived, the catalogue offering the new amount', async () => {
    const { service, orgs, team, advancedMonthly } = await world();
    const old = await advancedMonthly();
    const next = await service.change(team, { planId: old.id, plan: change(15_900) });
    expect(next).toMatchObject({ amount: 15_900, lookupKey: 'advanced_monthly', interval: 'month', active: true });
    expect(next.id).not.toBe(old.id);
    expect(next.productId).toBe('vigil-advanced');
    // The old price stays in the table (offices on it keep it), archived.
    expect(await orgs.plan(old.id)).toMatchObject({ amount: 14_900, active: false });
    expect((await advancedMonthly()).id).toBe(next.id);
    const listed = await service.list(team);
    expect(listed.filter((p) => p.lookupKey === 'advanced_monthly').map((p) => [p.amount, p.active])).toEqual([
      [15_900, true],
      [14_900, false],
    ]);
  });

  it('refuses a change of a price already replaced (a double submit) with CONFLICT, making no second price', async () => {
    const { service, orgs, team, advancedMonthly } = await world();
    const old = await advancedMonthly();
    await service.change(team, { planId: old.id, plan: change(15_900) });
    expect(await refusal(() => service.change(team, { planId: old.id, plan: change(15_900) }))).toBe('CONFLICT');
    expect((await orgs.allPlans()).filter((p) => p.lookupKey === 'advanced_monthly')).toHaveLength(2);
  });

  it('lets only one of two changes at the same moment reach the provider', async () => {
    const { service, orgs, team, advancedMonthly } = await world();
    const old = await advancedMonthly();
    const both = await Promise.allSettled([
      service.change(team, { planId: old.id, plan: change(15_900) }),
      service.change(team, { planId: old.id, plan: change(15_900) }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).message).toBe('CONFLICT');
    expect((await orgs.allPlans()).filter((p) => p.lookupKey === 'advanced_monthly')).toHaveLength(2);
  });

  it('renames a plan in place, with no new price, when the amount and features are unchanged', async () => {
    const { service, orgs, team, advancedMonthly } = await world();
    const old = await advancedMonthly();
    const renamed = await service.change(team, {
      planId: old.id,
      plan: change(14_900, { productName: 'Advanced care', nickname: 'For GA offices' }),
    });
    expect(renamed).toMatchObject({
      id: old.id,
      productName: 'Advanced care',
      nickname: 'For GA offices',
      active: true,
    });
    expect((await orgs.allPlans()).filter((p) => p.lookupKey === 'advanced_monthly')).toHaveLength(1);
  });

  it('makes a new price when only the product features change, and records them', async () => {
    const { service, team, advancedMonthly, audits } = await world();
    const old = await advancedMonthly();
    const next = await service.change(team, { planId: old.id, plan: change(14_900, { waveforms: false }) });
    expect(next.id).not.toBe(old.id);
    expect(next.productFeaturesJson).toBe('{"advancedFluids":true}');
    expect(audits().at(-1)).toMatchObject({
      action: 'planPriceChanged',
      userId: 'usr-team',
      detail: { planId: next.id, replaces: old.id, amount: [14_900, 14_900] },
    });
  });

  it.each([
    ['zero', 0],
    ['negative', -100],
    ['fractional cents', 149.5],
    ['over the cap', 10_000_001],
  ])('refuses an amount that is %s', async (_, amount) => {
    const { service, team, advancedMonthly } = await world();
    const old = await advancedMonthly();
    expect(await refusal(() => service.change(team, { planId: old.id, plan: change(amount) }))).toBe('INVALID_INPUT');
  });

  it('refuses everyone but the internal team, and a team member without MFA', async () => {
    const { service, caller, advancedMonthly } = await world();
    const old = await advancedMonthly();
    const officeAdmin = caller(['admin'], 'regular');
    expect(await refusal(() => service.list(officeAdmin))).toBe('NOT_AUTHORIZED');
    expect(await refusal(() => service.change(officeAdmin, { planId: old.id, plan: change(1) }))).toBe(
      'NOT_AUTHORIZED',
    );
    expect(await refusal(() => service.archive(officeAdmin, { planId: old.id }))).toBe('NOT_AUTHORIZED');
    expect(await refusal(() => service.list(caller(['uber'], 'vigil', false)))).toBe('MFA_REQUIRED');
  });

  it('archives a plan (again: no change) and then adds a new one for its tier and interval', async () => {
    const { service, orgs, team, advancedMonthly, audits } = await world();
    const old = await advancedMonthly();
    const newPlan = { ...change(16_900), lookupKey: 'advanced_monthly_2027' };
    expect(await refusal(() => service.create(team, { plan: newPlan }))).toBe('PLAN_EXISTS');
    expect(await service.archive(team, { planId: old.id })).toMatchObject({ id: old.id, active: false });
    expect(await service.archive(team, { planId: old.id })).toMatchObject({ id: old.id, active: false });
    expect(audits().filter((a) => a.action === 'planArchived')).toHaveLength(1);
    expect((await orgs.activePlans()).some((p) => p.lookupKey.startsWith('advanced_monthly'))).toBe(false);
    const created = await service.create(team, { plan: newPlan });
    expect(created).toMatchObject({
      lookupKey: 'advanced_monthly_2027',
      interval: 'month',
      productId: 'vigil-advanced',
      amount: 16_900,
      active: true,
    });
    expect(audits().at(-1)).toMatchObject({ action: 'planCreated', detail: { planId: created.id } });
  });

  it.each(['gold_monthly', 'advanced_weekly', 'Advanced_monthly', 'advanced'])(
    'refuses a new plan with the lookupKey %j',
    async (lookupKey) => {
      const { service, team } = await world();
      expect(await refusal(() => service.create(team, { plan: { ...change(100), lookupKey } }))).toBe(
        'INVALID_LOOKUP_KEY',
      );
    },
  );
});
