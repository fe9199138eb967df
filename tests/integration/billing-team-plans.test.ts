/**
 * Issue 37: the team's plan screens' calls on the real server with the local payment provider. A
 * team member changes the Advanced monthly price: availablePlans offers the new amount, an office
 * subscribed before keeps its old price (its plan and its next invoice), an office's admin is
 * refused, and a stale or doubled submit makes one new price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgMember, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { adminCli, person, type Person } from './orgs-helpers.js';

interface Plan {
  id: string;
  amount: number;
  lookupKey: string;
  active?: boolean;
}

const CHANGE_PLAN = `mutation ($id: String!, $plan: PlanChangeInput!) {
  updateTeamPlan(planId: $id, plan: $plan) { id amount lookupKey active }
}`;
const advanced = (amount: number) => ({
  productName: 'Advanced',
  nickname: 'Advanced monthly',
  amount,
  waveforms: true,
  advancedFluids: true,
});

let server: TestServer;
let office: OrgMember;
let team: Person;

async function availablePlans(): Promise<Plan[]> {
  const r = await office.browser.gql<{ availablePlans: Plan[] }>('query { availablePlans { id amount lookupKey } }');
  return r.data!.availablePlans;
}

async function advancedMonthlyRows(): Promise<Plan[]> {
  const r = await team.browser.gql<{ teamPlans: Plan[] }>('query { teamPlans { id amount lookupKey active } }');
  return r.data!.teamPlans.filter((p) => p.lookupKey === 'advanced_monthly');
}

beforeAll(async () => {
  server = await startServer();
  office = await orgMember(server.url);
  team = await person(server, 'team-plans@vigil.test');
  expect((await adminCli(server, 'make-uber', team.email)).code).toBe(0);
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

describe('the team changes a plan price on the real server (issue 37)', () => {
  it('offers the new price to new subscribers while an office subscribed before keeps its old one', async () => {
    const old = (await availablePlans()).find((p) => p.lookupKey === 'advanced_monthly')!;
    expect(old.amount).toBe(14_900);
    // The office subscribes to Advanced monthly with the success card during its trial.
    const cookie = [...office.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const pm = await fetch(`${server.url}/api/billing/local/payment-methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }),
    });
    const card = (await pm.json()) as { id: string };
    const o = office.orgId;
    expect(
      (
        await office.browser.gql(
          'mutation ($o: String, $pm: String!) { addCard(orgId: $o, paymentMethodId: $pm) { id } }',
          { o, pm: card.id },
        )
      ).code,
    ).toBeUndefined();
    const subscribed = await office.browser.gql<{ subscribe: { plan: Plan } }>(
      'mutation ($o: String, $p: String!) { subscribe(orgId: $o, priceId: $p) { plan { id amount lookupKey } } }',
      { o, p: old.id },
    );
    expect(subscribed.data?.subscribe.plan).toEqual(old);

    const changed = await team.browser.gql<{ updateTeamPlan: Plan }>(CHANGE_PLAN, {
      id: old.id,
      plan: advanced(16_900),
    });
    expect(changed.data?.updateTeamPlan).toMatchObject({ amount: 16_900, lookupKey: 'advanced_monthly', active: true });
    const next = changed.data!.updateTeamPlan;
    expect(next.id).not.toBe(old.id);

    // New subscribers are offered the new price only.
    expect((await availablePlans()).filter((p) => p.lookupKey === 'advanced_monthly')).toEqual([
      { id: next.id, amount: 16_900, lookupKey: 'advanced_monthly' },
    ]);
    // The office keeps its price: its plan, and its next invoice billed at it per provider.
    const mine = await office.browser.gql<{
      subscription: { plan: Plan; providers: number };
      previewInvoice: { total: number };
    }>(
      'query ($o: String) { subscription(orgId: $o) { plan { id amount lookupKey } providers } previewInvoice(orgId: $o) { total } }',
      { o },
    );
    expect(mine.data?.subscription.plan).toEqual(old);
    expect(mine.data!.subscription.providers).toBeGreaterThan(0);
    expect(mine.data?.previewInvoice.total).toBe(14_900 * mine.data!.subscription.providers);
  }, 120_000);

  it('refuses an office admin who is not on the team', async () => {
    const current = (await advancedMonthlyRows()).find((p) => p.active)!;
    const refused = await office.browser.gql(CHANGE_PLAN, { id: current.id, plan: advanced(1_000) });
    expect(refused.code).toBe('NOT_AUTHORIZED');
    expect((await office.browser.gql('query { teamPlans { id } }')).code).toBe('NOT_AUTHORIZED');
    expect((await advancedMonthlyRows()).find((p) => p.active)?.amount).toBe(16_900);
  });

  it('makes one new price for a double submit, and refuses a stale one with CONFLICT', async () => {
    const before = await advancedMonthlyRows();
    const current = before.find((p) => p.active)!;
    const both = await Promise.all([
      team.browser.gql<{ updateTeamPlan: Plan }>(CHANGE_PLAN, { id: current.id, plan: advanced(17_900) }),
      team.browser.gql<{ updateTeamPlan: Plan }>(CHANGE_PLAN, { id: current.id, plan: advanced(17_900) }),
    ]);
    expect(both.map((r) => r.code ?? 'ok').sort()).toEqual(['CONFLICT', 'ok']);
    const after = await advancedMonthlyRows();
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((p) => p.active).map((p) => p.amount)).toEqual([17_900]);
    // The same click again, later: the price it showed was replaced.
    const stale = await team.browser.gql(CHANGE_PLAN, { id: current.id, plan: advanced(17_900) });
    expect(stale.code).toBe('CONFLICT');
    expect(await advancedMonthlyRows()).toHaveLength(before.length + 1);
  });
});
