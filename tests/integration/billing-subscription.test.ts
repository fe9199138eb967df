/**
 * Issue 37: the subscription wired end to end on the real server with the local payment provider.
 * An office whose trial ended subscribes with the provider's success card and can add patients
 * again; the decline card changes nothing and answers the provider's text; a Plus office cannot
 * start a GA case until it changes to Advanced; a webhook without a valid signature changes
 * nothing; another organisation's admin reads none of it.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_EXTENSIONS, DAY, type FhirResource } from '@vigil/shared';
import { outbox, type Browser } from './accounts-client.js';
import { eventually } from '../utils/yjs-clients.js';
import { codeOf, fhir, patientBody } from './fhir-helpers.js';
import { orgMember, signInAgain, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';

const SUBSCRIPTION =
  'status ok trialEnd plan { id lookupKey } providers subscription { quantity } cards { brand last4 }';

interface Subscription {
  status: string;
  ok: boolean;
  trialEnd: number | null;
  plan: { id: string; lookupKey: string } | null;
  providers: number;
  subscription: { quantity: number } | null;
  cards: { brand: string; last4: string }[];
}

let server: TestServer;
let dataDir: string;
let office: OrgMember;
let other: OrgMember;
let plans: { id: string; lookupKey: string }[];
const priceOf = (key: string): string => plans.find((p) => p.lookupKey === key)!.id;

/** The server started again on the same data with its clock at `at`; both admins sign in again there. */
async function serveAt(at: number): Promise<void> {
  await server.stop();
  server = await startServer({ dataDir, env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(at - Date.now()) } });
  const again = async (m: OrgMember): Promise<OrgMember> => {
    const browser: Browser = await signInAgain(server.url, m.email);
    return { ...m, browser, token: browser.token! };
  };
  office = await again(office);
  other = await again(other);
}

const cookieOf = (browser: Browser): string => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** The provider's card entry (its browser script's step): the card's payment method id, or the refusal. */
async function tokenize(
  number: string,
  member: OrgMember = office,
): Promise<{ status: number; body: { id?: string; message?: string } }> {
  const reply = await fetch(`${server.url}/api/billing/local/payment-methods`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieOf(member.browser) },
    body: JSON.stringify({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }),
  });
  return { status: reply.status, body: (await reply.json()) as { id?: string; message?: string } };
}

/** Moves the local provider's clock forward (the test-only route) and runs what fell due. */
async function advanceClock(ms: number): Promise<void> {
  const reply = await fetch(`${server.url}/api/billing/local/advance-clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  });
  expect(reply.status).toBe(200);
}

async function subscription(member: OrgMember = office): Promise<{ data?: Subscription; code?: string }> {
  const r = await member.browser.gql<{ subscription: Subscription }>(
    `query ($o: String) { subscription(orgId: $o) { ${SUBSCRIPTION} } }`,
    { o: office.orgId },
  );
  return { data: r.data?.subscription, code: r.code };
}

const gaCase = (patientId: string, level: string): FhirResource => ({
  resourceType: 'Appointment',
  status: 'booked',
  start: new Date(Date.now() + DAY).toISOString(),
  end: new Date(Date.now() + DAY + 3_600_000).toISOString(),
  participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
  extension: [{ url: APPOINTMENT_EXTENSIONS.sedationLevel, valueCode: level }],
});

beforeAll(async () => {
  server = await startServer();
  dataDir = server.dataDir;
  office = await orgMember(server.url);
  other = await orgMember(server.url);
  const listed = await office.browser.gql<{ availablePlans: { id: string; lookupKey: string }[] }>(
    'query { availablePlans { id lookupKey } }',
  );
  plans = listed.data!.availablePlans;
}, 120_000);

afterAll(async () => {
  await server?.dispose();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the subscription on the real server (issue 37)', () => {
  it('offers the seeded plans: basic, plus, advanced and enterprise, monthly and yearly', () => {
    expect(plans.map((p) => p.lookupKey).sort()).toEqual([
      'advanced_monthly',
      'advanced_yearly',
      'basic_monthly',
      'basic_yearly',
      'enterprise_monthly',
      'enterprise_yearly',
      'plus_monthly',
      'plus_yearly',
    ]);
  });

  it('refuses the decline card with the provider text and leaves the subscription as it was', async () => {
    const before = await subscription();
    expect(before.data).toMatchObject({ status: 'trialing', ok: true, cards: [], subscription: null });
    const card = await tokenize('4000000000000002');
    expect(card.status).toBe(200);
    const added = await office.browser.gql(
      'mutation ($o: String, $pm: String!) { addCard(orgId: $o, paymentMethodId: $pm) { id } }',
      { o: office.orgId, pm: card.body.id },
    );
    expect(added.code).toBe('Your card was declined.');
    expect((await subscription()).data).toEqual(before.data);
    // A number that is no test card is refused by the card entry itself.
    const live = await tokenize('4111111111111111');
    expect([live.status, live.body.message]).toEqual([
      402,
      'Your card was declined. Your request was in test mode, but used a non test card.',
    ]);
  }, 60_000);

  it('refuses a webhook without a valid signature (400) and changes nothing', async () => {
    const before = await subscription();
    const body = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'sub_x', customerId: 'cus_x', status: 'active' } },
    });
    const post = (signature?: string): Promise<Response> =>
      fetch(`${server.url}/api/billing/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        body,
      });
    const forged = await post(`t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`);
    expect([forged.status, ((await forged.json()) as { error: string }).error]).toEqual([400, 'INVALID_SIGNATURE']);
    expect((await post()).status).toBe(400);
    expect((await subscription()).data).toEqual(before.data);
  });

  it('keeps another organisation out of the subscription, its invoices and cards', async () => {
    expect((await subscription(other)).code).toBe('NOT_AUTHORIZED');
    const invoices = await other.browser.gql('query ($o: String) { invoices(orgId: $o) { hasMore } }', {
      o: office.orgId,
    });
    expect(invoices.code).toBe('NOT_AUTHORIZED');
    const removed = await other.browser.gql('mutation ($o: String) { removeCard(orgId: $o, cardId: "pm_x") }', {
      o: office.orgId,
    });
    expect(removed.code).toBe('NOT_AUTHORIZED');
  });

  it('mails the admins 3 days before a subscribed trial ends, through the provider event posted to the webhook', async () => {
    const card = await tokenize('4242424242424242', other);
    await other.browser.gql('mutation ($o: String, $pm: String!) { addCard(orgId: $o, paymentMethodId: $pm) { id } }', {
      o: other.orgId,
      pm: card.body.id,
    });
    const subscribed = await other.browser.gql<{ subscribe: Subscription }>(
      `mutation ($o: String, $p: String!) { subscribe(orgId: $o, priceId: $p) { ${SUBSCRIPTION} } }`,
      { o: other.orgId, p: priceOf('basic_monthly') },
    );
    // Subscribing during the trial keeps the rest of it: nothing charged yet.
    expect(subscribed.data?.subscribe).toMatchObject({ status: 'trialing', plan: { lookupKey: 'basic_monthly' } });
    const trialEnd = subscribed.data!.subscribe.trialEnd!;
    await advanceClock(trialEnd - 3 * DAY - Date.now() + 3_600_000);
    await eventually(async () => {
      const mails = await outbox(server.url, other.email);
      expect(mails.map((m) => m.subject)).toContain('Your Vigil trial ends in 3 day(s)');
    }, 20_000);
  }, 60_000);

  it('after the trial ended, subscribing with the success card makes the office ok and a new patient is accepted', async () => {
    const trialEnd = (await subscription()).data!.trialEnd!;
    await serveAt(trialEnd + DAY);
    const refused = await fhir(server, office.browser, 'POST', `${office.orgId}/Patient`, patientBody('Ann', 'After'));
    expect([refused.status, codeOf(refused)]).toEqual([423, 'TRIAL_ENDED']);

    const card = await tokenize('4242424242424242');
    const added = await office.browser.gql<{ addCard: { brand: string; last4: string } }>(
      'mutation ($o: String, $pm: String!) { addCard(orgId: $o, paymentMethodId: $pm) { brand last4 } }',
      { o: office.orgId, pm: card.body.id },
    );
    expect(added.data?.addCard).toEqual({ brand: 'visa', last4: '4242' });
    const subscribed = await office.browser.gql<{ subscribe: Subscription }>(
      `mutation ($o: String, $p: String!) { subscribe(orgId: $o, priceId: $p) { ${SUBSCRIPTION} } }`,
      { o: office.orgId, p: priceOf('plus_monthly') },
    );
    expect(subscribed.data?.subscribe).toMatchObject({
      status: 'active',
      ok: true,
      plan: { lookupKey: 'plus_monthly' },
      providers: 1,
      subscription: { quantity: 1 },
    });
    const created = await fhir(server, office.browser, 'POST', `${office.orgId}/Patient`, patientBody('Ann', 'Paid'));
    expect(created.status).toBe(201);

    const invoices = await office.browser.gql<{
      invoices: { invoices: { status: string; total: number; hostedUrl: string }[] };
    }>('query ($o: String) { invoices(orgId: $o, first: 5) { invoices { status total hostedUrl } hasMore } }', {
      o: office.orgId,
    });
    const listed = invoices.data!.invoices.invoices;
    expect(listed.map(({ status, total }) => ({ status, total }))).toEqual([{ status: 'paid', total: 9_900 }]);
    // The provider's hosted page of it.
    expect(listed[0]!.hostedUrl).toMatch(/^\/api\/billing\/local\/invoices\/in_local/);
    const page = await fetch(`${server.url}${listed[0]!.hostedUrl}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Total $99');
  }, 180_000);

  it('refuses a GA case on Plus with the subscription text, and accepts it after changing to Advanced', async () => {
    const patient = await fhir<{ id: string }>(
      server,
      office.browser,
      'POST',
      `${office.orgId}/Patient`,
      patientBody('Gus', 'General'),
    );
    expect(patient.status).toBe(201);
    const moderate = await fhir(
      server,
      office.browser,
      'POST',
      `${office.orgId}/Appointment`,
      gaCase(patient.body.id, 'moderate'),
    );
    expect(moderate.status).toBe(201);
    const refused = await fhir(
      server,
      office.browser,
      'POST',
      `${office.orgId}/Appointment`,
      gaCase(patient.body.id, 'ga'),
    );
    expect([refused.status, codeOf(refused)]).toEqual([403, 'SEDATION_LEVEL_NOT_ALLOWED']);
    expect(JSON.stringify(refused.body)).toContain(
      'Sedation level \\"GA\\" is not allowed by your organization\'s subscription (up to Moderate).',
    );

    const changed = await office.browser.gql<{ changePlan: Subscription }>(
      `mutation ($o: String, $p: String!) { changePlan(orgId: $o, priceId: $p) { ${SUBSCRIPTION} } }`,
      { o: office.orgId, p: priceOf('advanced_monthly') },
    );
    expect(changed.data?.changePlan.plan?.lookupKey).toBe('advanced_monthly');
    const accepted = await fhir(
      server,
      office.browser,
      'POST',
      `${office.orgId}/Appointment`,
      gaCase(patient.body.id, 'ga'),
    );
    expect(accepted.status).toBe(201);
  }, 120_000);

  it('bills the providers the office has: a provider role taken away leaves the subscription', async () => {
    const members = await office.browser.gql<{ orgMembers: { id: string; email: string; roles: string[] }[] }>(
      'query ($o: String) { orgMembers(orgId: $o) { id email roles } }',
      { o: office.orgId },
    );
    const me = members.data!.orgMembers.find((m) => m.email === office.email)!;
    expect(me.roles).toContain('provider');
    const preview = await office.browser.gql<{
      previewInvoice: { lines: { quantity: number; amount: number; proration: boolean }[] };
    }>('query ($o: String) { previewInvoice(orgId: $o, providers: 3) { lines { quantity amount proration } } }', {
      o: office.orgId,
    });
    // The next period of Advanced monthly for 3 providers (besides the prorations of the changes).
    expect(preview.data?.previewInvoice.lines).toContainEqual({ quantity: 3, amount: 3 * 14_900, proration: false });
    const changed = await office.browser.gql(
      'mutation ($o: String, $m: ID!) { updateMemberRoles(orgId: $o, memberId: $m, roles: ["admin", "member"]) { id } }',
      { o: office.orgId, m: me.id },
    );
    expect(changed.code).toBeUndefined();
    expect((await subscription()).data).toMatchObject({ providers: 0, subscription: { quantity: 0 } });
  }, 60_000);

  it('follows the provider event when a cancelled subscription ends: the office is no longer ok', async () => {
    const cancelled = await office.browser.gql<{ cancelSubscription: Subscription }>(
      `mutation ($o: String) { cancelSubscription(orgId: $o) { ${SUBSCRIPTION} } }`,
      { o: office.orgId },
    );
    expect(cancelled.data?.cancelSubscription).toMatchObject({ status: 'active', ok: true });
    await advanceClock(32 * DAY);
    // Only the provider's signed customer.subscription.deleted, posted to the webhook, says so.
    await eventually(async () => {
      expect((await subscription()).data).toMatchObject({ status: 'canceled', ok: false });
    }, 20_000);
    const refused = await fhir(server, office.browser, 'POST', `${office.orgId}/Patient`, patientBody('Cy', 'Late'));
    expect(refused.status).toBe(423);
  }, 60_000);
});
