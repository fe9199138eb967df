import { BAA_DOCUMENT, currentLegalAcceptances } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_SQL } from '../../sync-server/src/store/oversight/console-sql.test-util.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { Browser, signIn } from './accounts-client.js';
import {
  adminCli,
  createOrg,
  invitationCode,
  invite,
  join,
  memberId,
  PASSWORD,
  person,
  sudo,
  type Person,
} from './orgs-helpers.js';

/**
 * The access matrix of issue 4: every organisation GraphQL call × every kind of caller, run
 * against the real server, compared with the expected table below. The office `office` is
 * overseen by the parent organisation `group`; `elsewhere` is an unrelated office.
 */

const ROLES = [
  'none',
  'member',
  'provider',
  'admin',
  'parentAdmin',
  'internalUber',
  'otherOrgAdmin',
  /** The office admin signed in on another device without completing MFA (a partial session, spec 000 §4). */
  'adminWithoutMfa',
] as const;
type Role = (typeof ROLES)[number];
/** 'ok' or the error code. */
type Outcome = string;

const SIGNED_IN: readonly Role[] = ROLES.filter((r) => r !== 'none' && r !== 'adminWithoutMfa');
const OFFICE_MEMBERS: readonly Role[] = ['member', 'provider', 'admin'];
/** The organisation permission (spec 000 §6): members, or anyone who can administer it. */
const ORG_PERMISSION: readonly Role[] = [...OFFICE_MEMBERS, 'parentAdmin', 'internalUber'];
/** The right to administer (spec 000 §6): its admin, a member of its parent, an internal uber. */
const ADMINISTER: readonly Role[] = ['admin', 'parentAdmin', 'internalUber'];
/** The reseller app's reads (issue 42): the reseller's members (otherOrgAdmin is one) and the internal team. */
const RESELLER_READ: readonly Role[] = ['otherOrgAdmin', 'internalUber'];

/** A patient and a visit of office's on 2027-01-05, booked through the FHIR API by its admin. */
async function officeVisit(server: TestServer, browser: Browser): Promise<string> {
  const post = async (type: string, body: unknown): Promise<string> => {
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${server.url}/api/fhir/office/${type}`, {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json', cookie },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`${type}: ${res.status}`);
    return ((await res.json()) as { id: string }).id;
  };
  const patientId = await post('Patient', { resourceType: 'Patient', name: [{ given: ['Ana'], family: 'Lopez' }] });
  return post('Appointment', {
    resourceType: 'Appointment',
    status: 'booked',
    start: '2027-01-05T15:00:00.000Z',
    end: '2027-01-05T16:00:00.000Z',
    participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
  });
}

function table(decide: (role: Role) => Outcome): Record<Role, Outcome> {
  return Object.fromEntries(ROLES.map((r) => [r, decide(r)])) as Record<Role, Outcome>;
}
/** Signed out: NO_AUTHENTICATION; without MFA: MFA_REQUIRED (spec 000 §6); else allowed or NOT_AUTHORIZED. */
const needs = (allowed: readonly Role[]) =>
  table((r) =>
    r === 'none'
      ? 'NO_AUTHENTICATION'
      : r === 'adminWithoutMfa'
        ? 'MFA_REQUIRED'
        : allowed.includes(r)
          ? 'ok'
          : 'NOT_AUTHORIZED',
  );

const ALREADY_SUBSCRIBED = 'This organization already has a subscription.';

/** Per role, what each call answers: 'ok' or the error code (the GraphQL error's message). */
const EXPECTED: Record<string, Record<Role, Outcome>> = {
  org: needs(ORG_PERMISSION),
  updateOrg: needs(ADMINISTER),
  updateOrgBillingAddresses: needs(ADMINISTER),
  createOrg: needs(SIGNED_IN),
  createOnboardingOrg: needs(SIGNED_IN),
  orgIdAvailability: needs(SIGNED_IN),
  // Authentication optional (spec 000 §2 invitation page).
  orgInvitation: table(() => 'ok'),
  orgFeaturesConfig: needs(ORG_PERMISSION),
  // An office setting: admins and parent members change it; the internal team only after sudo.
  'addOrgFeature(office setting)': table((r) =>
    r === 'internalUber' ? 'SUDO_REQUIRED' : needs(['admin', 'parentAdmin'])[r],
  ),
  'removeOrgFeature(office setting)': table((r) =>
    r === 'internalUber' ? 'SUDO_REQUIRED' : needs(['admin', 'parentAdmin'])[r],
  ),
  // A product feature: the internal team's alone, after sudo.
  'addOrgFeature(product feature)': table((r) => (r === 'internalUber' ? 'SUDO_REQUIRED' : needs([])[r])),
  'removeOrgFeature(product feature)': table((r) => (r === 'internalUber' ? 'SUDO_REQUIRED' : needs([])[r])),
  // A product feature the office's plan includes (issue 37, PLF1): changed as an office setting is.
  'addOrgFeature(plan-included feature)': table((r) =>
    r === 'internalUber' ? 'SUDO_REQUIRED' : needs(['admin', 'parentAdmin'])[r],
  ),
  'removeOrgFeature(plan-included feature)': table((r) =>
    r === 'internalUber' ? 'SUDO_REQUIRED' : needs(['admin', 'parentAdmin'])[r],
  ),
  availablePlans: table(() => 'ok'),
  // The publishable key the card entry loads the provider's script with: public, read before sign-in.
  stripePublishableKey: table(() => 'ok'),
  createOrgInvitation: needs(ADMINISTER),
  orgMembers: needs(ADMINISTER),
  // The members screen's pending invitations (issue 35 item 15): as the members and the sending.
  pendingOrgInvitations: needs(ADMINISTER),
  // The parent app's list of child organisations: whoever administers the parent `group`.
  childOrgs: needs(['parentAdmin', 'internalUber']),
  allOrgs: needs(['internalUber']),
  // The parent app's people across its child organisations, and the internal team's user list.
  childOrgMembers: needs(['parentAdmin', 'internalUber']),
  teamUsers: needs(['internalUber']),
  updateMemberRoles: needs(ADMINISTER),
  removeMember: needs(ADMINISTER),
  baa: needs(ORG_PERMISSION),
  // The covered entity signs for itself: only the office's own admin (decision, spec 001 §3).
  signBaa: needs(['admin']),
  // Vigil's countersignature: internal ubers, after a fresh sudo (none in this matrix).
  countersignBaa: table((r) => (r === 'internalUber' ? 'SUDO_REQUIRED' : needs([])[r])),
  // Sign-off policies (issue 29): read with the organisation permission, written by whoever administers it.
  policies: needs(ORG_PERMISSION),
  setPolicy: needs(ADMINISTER),
  deletePolicy: needs(ADMINISTER),
  // The office's checklists (issue 39): its members read them for new cases; whoever administers it saves them.
  orgChecklists: needs(ORG_PERMISSION),
  setOrgChecklist: needs(ADMINISTER),
  // The office's analytics (issue 41): whoever administers it, on a plan with analytics (Enterprise);
  // office is on Basic, then Plus, so every administrator is refused PLAN_REQUIRED.
  analytics: table((r) => (ADMINISTER.includes(r) ? 'PLAN_REQUIRED' : needs(ADMINISTER)[r])),
  analyticsCases: table((r) => (ADMINISTER.includes(r) ? 'PLAN_REQUIRED' : needs(ADMINISTER)[r])),
  // The office's reports (issue 41): whoever administers it, on any plan.
  officeReport: needs(ADMINISTER),
  officeReportFile: needs(ADMINISTER),
  // The team app's oversight screens (issue 41): internal staff; a case and the database console after sudo.
  teamCases: needs(['internalUber']),
  teamCase: table((r) => (r === 'internalUber' ? 'SUDO_REQUIRED' : needs([])[r])),
  teamCaseStats: needs(['internalUber']),
  teamDbQuery: table((r) => (r === 'internalUber' ? 'SUDO_REQUIRED' : needs([])[r])),
  // A user's screen (a user that is not there: staff are told so); ending their sessions after sudo.
  teamOnboarding: needs(['internalUber']),
  // The team app's last screens (issue 41, session 29): staff only; the FHIR browser after sudo.
  teamLiveCases: needs(['internalUber']),
  teamAppointments: needs(['internalUber']),
  teamEquipment: needs(['internalUber']),
  teamFhirSearch: table((r) => (r === 'internalUber' ? 'SUDO_REQUIRED' : needs([])[r])),
  teamFhirRead: table((r) => (r === 'internalUber' ? 'SUDO_REQUIRED' : needs([])[r])),
  teamFhirHistory: table((r) => (r === 'internalUber' ? 'SUDO_REQUIRED' : needs([])[r])),
  // Customer support (issue 41, session 30): staff only, no sudo; each read on the account trail.
  teamSupportSearch: needs(['internalUber']),
  teamSupportUser: table((r) => (r === 'internalUber' ? 'USER_NOT_FOUND' : needs([])[r])),
  teamSupportOrg: needs(['internalUber']),
  teamClientLogs: needs(['internalUber']),
  // The analytics beacon (spec 000 §7): anyone with a session (an event not of the sign-in failures needs one).
  trackAnalyticsEvent: table((r) => (r === 'none' ? 'NO_AUTHENTICATION' : 'ok')),
  // Log beacons (CL1): any signed-in browser, a partial session too (its errors are the user's).
  logBeacon: table((r) => (r === 'none' ? 'NO_AUTHENTICATION' : 'ok')),
  teamUser: table((r) => (r === 'internalUber' ? 'USER_NOT_FOUND' : needs([])[r])),
  endTeamUserSessions: table((r) => (r === 'internalUber' ? 'SUDO_REQUIRED' : needs([])[r])),
  // The pre-op list (issue 40): the office's members read it and tick NPO instructions; whoever
  // administers it sets the review period.
  preopList: needs(ORG_PERMISSION),
  setPreopNpo: needs(ORG_PERMISSION),
  preopSettings: needs(ORG_PERMISSION),
  setPreopSettings: needs(ADMINISTER),
  // The office's drug list (issue 39, customize-drugs): its members read it; whoever administers it saves it.
  officeDrugs: needs(ORG_PERMISSION),
  setOfficeDrugs: needs(ADMINISTER),
  // Presets (issue 39, spec 002 §6): everyone of the office reads them and saves their own; the
  // office's presets are changed and deleted by whoever administers it.
  presets: needs(ORG_PERMISSION),
  createPreset: needs(ORG_PERMISSION),
  updatePreset: needs(ADMINISTER),
  // The team's preset migration (/vigil-team/preset-migration): internal ubers only.
  movePreset: needs(['internalUber']),
  deletePreset: needs(ADMINISTER),
  // The controlled-substance ledger (issue 29; drugInventory on for office): members read, admins
  // create, receive, count and check the chain, providers dispense and administer.
  inventories: needs(ORG_PERMISSION),
  inventory: needs(ORG_PERMISSION),
  ledgerEntries: needs(ORG_PERMISSION),
  caseLedger: needs(ORG_PERMISSION),
  ledgerCheck: needs(ADMINISTER),
  createInventory: needs(ADMINISTER),
  receiveLot: needs(ADMINISTER),
  'recordLedgerEntry(administer)': needs(['provider', 'admin']),
  'recordLedgerEntry(count)': needs(ADMINISTER),
  // The subscription (issue 37): whoever administers the office. Subscribing twice is refused once
  // the office's admin subscribed (the parent's admin and the uber come after it in ROLES).
  subscription: needs(ADMINISTER),
  invoices: needs(ADMINISTER),
  previewInvoice: needs(ADMINISTER),
  // The card entry's setup (issue 37): as addCard (the local provider answers no secret, the same way).
  startCardSetup: needs(ADMINISTER),
  addCard: needs(ADMINISTER),
  removeCard: needs(ADMINISTER),
  subscribe: table((r) => (r === 'parentAdmin' || r === 'internalUber' ? ALREADY_SUBSCRIBED : needs(ADMINISTER)[r])),
  changePlan: needs(ADMINISTER),
  cancelSubscription: needs(ADMINISTER),
  resumeSubscription: needs(ADMINISTER),
  payOpenInvoices: needs(ADMINISTER),
  // The shop (issue 37; the store flag on for office): members browse and read orders, whoever
  // administers the office fills a cart and checks out; the team's store is the internal ubers'.
  shopProducts: needs(ORG_PERMISSION),
  shopProduct: needs(ORG_PERMISSION),
  shopOrders: needs(ORG_PERMISSION),
  shopOrder: needs(ORG_PERMISSION),
  shopCart: needs(ADMINISTER),
  setCartLine: needs(ADMINISTER),
  checkout: needs(ADMINISTER),
  storeProducts: needs(['internalUber']),
  storeProduct: needs(['internalUber']),
  storeOrders: needs(['internalUber']),
  storeOrder: needs(['internalUber']),
  saveProduct: needs(['internalUber']),
  moveOrder: needs(['internalUber']),
  // The team's plan catalogue (issue 37, the-plan and products screens): internal ubers only.
  teamPlans: needs(['internalUber']),
  updateTeamPlan: needs(['internalUber']),
  archiveTeamPlan: needs(['internalUber']),
  createTeamPlan: needs(['internalUber']),
  // Help / Feedback (issue 40): anyone signed in sends; the team reads.
  sendFeedback: needs(SIGNED_IN),
  feedbackMessages: needs(['internalUber']),
  // Live vitals (issue 38, 41): the office's cases in progress for its members and whoever
  // administers it; across the children for whoever administers the parent `group`.
  liveCases: needs(ORG_PERMISSION),
  parentLiveCases: needs(['parentAdmin', 'internalUber']),
  parentAppointments: needs(['parentAdmin', 'internalUber']),
  // The parent's offices compared (issue 41): whoever administers the parent.
  parentAnalytics: needs(['parentAdmin', 'internalUber']),
  // The Vigil Bridge (issue 38): the office's bridges for its members (a provider picks a bridge's
  // monitor on the case screen); pairing codes and revoking for whoever administers it. The calls
  // naming a bridge name one that does not exist: past the access check, NOT_FOUND.
  bridges: needs(ORG_PERMISSION),
  bridgeMonitorReadings: table((r) => (ORG_PERMISSION.includes(r) ? 'NOT_FOUND' : needs(ORG_PERMISSION)[r])),
  createBridgePairingCode: needs(ADMINISTER),
  revokeBridge: table((r) => (ADMINISTER.includes(r) ? 'NOT_FOUND' : needs(ADMINISTER)[r])),
  chartBridgeMonitor: table((r) => (ORG_PERMISSION.includes(r) ? 'NOT_FOUND' : needs(ORG_PERMISSION)[r])),
  stopBridgeMonitor: table((r) => (ORG_PERMISSION.includes(r) ? 'NOT_FOUND' : needs(ORG_PERMISSION)[r])),
  // Waveforms from a bridge monitor (issue 38, session 30): its members read and capture.
  bridgeMonitorWaveforms: table((r) => (ORG_PERMISSION.includes(r) ? 'NOT_FOUND' : needs(ORG_PERMISSION)[r])),
  captureBridgeWaveform: table((r) => (ORG_PERMISSION.includes(r) ? 'NOT_FOUND' : needs(ORG_PERMISSION)[r])),
  // Apps and webhooks (issue 42): whoever administers the office installs and sets up; the team makes its apps.
  apps: needs(ADMINISTER),
  app: needs(ADMINISTER),
  installedApps: needs(ADMINISTER),
  installedApp: needs(ADMINISTER),
  webhooks: needs(ADMINISTER),
  webhook: needs(ADMINISTER),
  webhookDeliveries: needs(ADMINISTER),
  webhookDelivery: needs(ADMINISTER),
  createApp: needs(['internalUber']),
  rotateAppSecret: needs(['internalUber']),
  installApp: needs(ADMINISTER),
  uninstallApp: needs(ADMINISTER),
  createWebhook: needs(ADMINISTER),
  deleteWebhook: needs(ADMINISTER),
  redeliverWebhook: needs(ADMINISTER),
  // The reseller app (issue 42): the reseller `vendor` (made by another uber) has otherOrgAdmin as
  // a plain member; its members read, its admins redeliver, the internal team passes.
  resellerApps: needs(RESELLER_READ),
  resellerApp: needs(RESELLER_READ),
  resellerAppInstallations: needs(RESELLER_READ),
  resellerWebhooks: needs(RESELLER_READ),
  resellerWebhook: needs(RESELLER_READ),
  resellerWebhookDeliveries: needs(RESELLER_READ),
  resellerWebhookDelivery: needs(RESELLER_READ),
  resellerRedeliverWebhook: needs(['internalUber']),
  // The office's EMR connection (issue 42: SMART launch, write-back): whoever administers the office.
  emrConnection: needs(ADMINISTER),
  emrWriteBacks: needs(ADMINISTER),
  setEmrConnection: needs(ADMINISTER),
  removeEmrConnection: needs(ADMINISTER),
  // The legal documents (issue 40, spec 000 §7): every signed-in user reads and accepts their own.
  legalDocumentsToAccept: needs(SIGNED_IN),
  acceptLegalDocuments: needs(SIGNED_IN),
  // Session 31 (spec 000 §6 verifyEmrEmail): the caller's own EMR email; nobody here was launched from an EMR.
  sendEmrEmailVerification: table((r) => needs(SIGNED_IN)[r].replace('ok', 'NOT_FOUND')),
  verifyEmrEmailCode: table((r) => needs(SIGNED_IN)[r].replace('ok', 'NOT_FOUND')),
  acceptOrgInvitation: table((r) => (OFFICE_MEMBERS.includes(r) ? 'ALREADY_MEMBER' : needs(SIGNED_IN)[r])),
};

describe('organisations: access matrix of every call × role', () => {
  let server: TestServer;
  const browsers = {} as Record<Role, Browser>;
  /** Per role, a member of `office` that role's updateMemberRoles / removeMember call targets. */
  const rolesTarget = {} as Record<Role, string>;
  const removeTarget = {} as Record<Role, string>;
  /** Per role, an unused invitation to `office` that role tries to accept. */
  const acceptCode = {} as Record<Role, string>;
  /** Per role, an office policy that role's deletePolicy call targets. */
  const policyTarget = {} as Record<Role, string>;
  /** Per role, an office preset (ownerType org) that role's updatePreset and deletePreset calls target. */
  const presetTarget = {} as Record<Role, string>;
  /** Per role, a card tokenised with the local provider that role's addCard / removeCard call uses. */
  const cardOf = {} as Record<Role, string>;
  let priceId = '';
  /** Seeded plans the team's plan calls change and archive (no office is subscribed to them). */
  let basicMonthly = '';
  let enterpriseYearly = '';
  let productId = '';
  let orderId = '';
  let queryCode = '';
  let inventoryId = '';
  let lotId = '';
  /** An office appointment the NPO calls tick. */
  let preopVisit = '';
  /** Issue 42: a team app installed in office with a webhook and one delivery; per role an app to install, an installation to remove, a webhook to delete. */
  let appId = '';
  let installationId = '';
  let webhookId = '';
  let deliveryId = '';
  const installTarget = {} as Record<Role, string>;
  const uninstallTarget = {} as Record<Role, string>;
  const webhookTarget = {} as Record<Role, string>;
  /** Issue 42, the reseller app: the reseller vendor's app installed in office, its webhook and a delivery. */
  let vendorAppId = '';
  let vendorWebhookId = '';
  let vendorDeliveryId = '';

  beforeAll(async () => {
    server = await startServer();
    const [admin, parentAdmin, uber, otherAdmin, member, provider, flags] = await Promise.all(
      ['admin', 'parent-admin', 'uber', 'other-admin', 'member', 'provider', 'flags'].map((n) =>
        person(server, `${n}@matrix.test`),
      ),
    );
    const ok = (result: { code: string | undefined }): void => {
      if (result.code) throw new Error(result.code);
    };
    // The office chose a plan at sign-up (issue 37): the flags its plan includes are its own to switch.
    const plans = await admin!.browser.gql<{ availablePlans: { id: string; lookupKey: string }[] }>(
      'query { availablePlans { id lookupKey } }',
    );
    ok(
      await admin!.browser.gql(
        'mutation ($p: String) { createOrg(orgId: "office", orgType: "regular", orgName: "Bright Smile Dental", planId: $p) { orgId } }',
        { p: plans.data!.availablePlans.find((p) => p.lookupKey === 'basic_monthly')!.id },
      ),
    );
    ok(await createOrg(parentAdmin!, 'group', 'parent', 'Smile Group'));
    ok(await createOrg(otherAdmin!, 'elsewhere', 'regular', 'Elsewhere Dental'));
    expect((await adminCli(server, 'make-uber', uber!.email)).code).toBe(0);
    ok(
      await uber!.browser.gql('mutation { updateOrg(orgId: "office", properties: { parentOrgs: ["group"] }) { id } }'),
    );
    await join(server, admin!, 'office', member!, ['member']);
    await join(server, admin!, 'office', provider!, ['member', 'provider']);
    // The ledger (a product feature) turned on for office by another uber in sudo, so the matrix's
    // uber stays without sudo; an inventory with a lot for the ledger calls.
    expect((await adminCli(server, 'make-uber', flags!.email)).code).toBe(0);
    await sudo(server, flags!);
    ok(await flags!.browser.gql('mutation { addOrgFeature(orgId: "office", featureName: "drugInventory") { name } }'));
    const inv = await admin!.browser.gql<{ createInventory: { id: string } }>(
      'mutation { createInventory(orgId: "office", input: { name: "Safe", kind: "safe" }) { id } }',
    );
    ok(inv);
    inventoryId = inv.data!.createInventory.id;
    const lot = {
      drug: 'Midazolam',
      schedule: 'IV',
      lotNumber: 'M1',
      expiry: '2099-12-31',
      unit: 'mg',
      packageAmount: 10,
    };
    const received = await admin!.browser.gql<{ receiveLot: { lotId: string } }>(
      'mutation ($input: ReceiveInput!) { receiveLot(orgId: "office", input: $input) { lotId } }',
      { input: { inventoryId, lot, quantity: 1000 } },
    );
    ok(received);
    lotId = received.data!.receiveLot.lotId;
    preopVisit = await officeVisit(server, admin!.browser);

    const victims = await Promise.all(
      ROLES.flatMap((r) => [person(server, `roles-${r}@matrix.test`), person(server, `remove-${r}@matrix.test`)]),
    );
    for (const victim of victims) await join(server, admin!, 'office', victim, ['member']);
    for (const r of ROLES) {
      rolesTarget[r] = await memberId(admin!, 'office', `roles-${r.toLowerCase()}@matrix.test`);
      removeTarget[r] = await memberId(admin!, 'office', `remove-${r.toLowerCase()}@matrix.test`);
      ok(await invite(admin!, 'office', `accept-${r.toLowerCase()}@matrix.test`));
      acceptCode[r] = await invitationCode(server.url, `accept-${r.toLowerCase()}@matrix.test`);
    }
    for (const [i, r] of ROLES.entries()) {
      const set = await admin!.browser.gql<{ setPolicy: { id: string; ruleType: string }[] }>(
        'mutation ($t: String!) { setPolicy(orgId: "office", ruleSubject: anesthesiaRecord, ruleType: $t, ruleValue: "warn") { id ruleType } }',
        { t: `SO${i + 1}` },
      );
      ok(set);
      policyTarget[r] = set.data!.setPolicy.find((p) => p.ruleType === `SO${i + 1}`)!.id;
      const preset = await admin!.browser.gql<{ createPreset: { id: string } }>(
        'mutation ($n: String!) { createPreset(orgId: "office", name: $n, macro: "{}", ownerType: "org") { id } }',
        { n: `Office preset ${r}` },
      );
      ok(preset);
      presetTarget[r] = preset.data!.createPreset.id;
    }
    const cookie = [...admin!.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const r of ROLES) {
      const reply = await fetch(`${server.url}/api/billing/local/payment-methods`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }),
      });
      cardOf[r] = ((await reply.json()) as { id: string }).id;
    }
    priceId = plans.data!.availablePlans.find((p) => p.lookupKey === 'plus_yearly')!.id;
    basicMonthly = plans.data!.availablePlans.find((p) => p.lookupKey === 'basic_monthly')!.id;
    enterpriseYearly = plans.data!.availablePlans.find((p) => p.lookupKey === 'enterprise_yearly')!.id;
    // The shop: the store on for office (a team flag, set under sudo), a product, the office's own
    // card (kept when the matrix's cards are removed) and one order placed by its admin.
    ok(await flags!.browser.gql('mutation { addOrgFeature(orgId: "office", featureName: "store") { name } }'));
    const product = await flags!.browser.gql<{ saveProduct: { id: string } }>(
      'mutation { saveProduct(product: { name: "Pulse oximeter", sku: "OX-1", category: "Monitors", price: 9900, stock: 100 }) { id } }',
    );
    ok(product);
    productId = product.data!.saveProduct.id;
    const officeCard = await fetch(`${server.url}/api/billing/local/payment-methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }),
    });
    const pm = ((await officeCard.json()) as { id: string }).id;
    ok(
      await admin!.browser.gql('mutation ($pm: String!) { addCard(orgId: "office", paymentMethodId: $pm) { last4 } }', {
        pm,
      }),
    );
    ok(
      await admin!.browser.gql(
        'mutation ($p: String!) { setCartLine(orgId: "office", productId: $p, quantity: 1) { total } }',
        {
          p: productId,
        },
      ),
    );
    const order = await admin!.browser.gql<{ checkout: { id: string } }>(
      'mutation { checkout(orgId: "office") { id } }',
    );
    ok(order);
    orderId = order.data!.checkout.id;
    ok(await invite(admin!, 'office', 'query@matrix.test'));
    queryCode = await invitationCode(server.url, 'query@matrix.test');

    // Issue 42: apps made by the team, installed by the office's admin; a webhook to a closed port
    // whose delivery (of a new Patient) stays pending, for the delivery calls.
    const newApp = async (name: string): Promise<string> => {
      const made = await uber!.browser.gql<{ createApp: { app: { id: string } } }>(
        'mutation ($n: String!) { createApp(name: $n, scopes: ["system/Patient.read"]) { app { id } } }',
        { n: name },
      );
      ok(made);
      return made.data!.createApp.app.id;
    };
    const install = async (id: string): Promise<string> => {
      const done = await admin!.browser.gql<{ installApp: { id: string } }>(
        'mutation ($a: String!) { installApp(orgId: "office", appId: $a) { id } }',
        { a: id },
      );
      ok(done);
      return done.data!.installApp.id;
    };
    const newWebhook = async (): Promise<string> => {
      const made = await admin!.browser.gql<{ createWebhook: { webhook: { id: string } } }>(
        'mutation ($i: String!) { createWebhook(orgId: "office", installationId: $i, url: "http://127.0.0.1:9/hook", events: ["resource.created"], resourceTypes: ["Patient"]) { webhook { id } } }',
        { i: installationId },
      );
      ok(made);
      return made.data!.createWebhook.webhook.id;
    };
    appId = await newApp('Matrix app');
    installationId = await install(appId);
    webhookId = await newWebhook();
    for (const r of ROLES) {
      installTarget[r] = await newApp(`Install ${r}`);
      uninstallTarget[r] = await install(await newApp(`Uninstall ${r}`));
      webhookTarget[r] = await newWebhook();
    }
    // The reseller app: vendor made by the flags uber (its admin), otherOrgAdmin a plain member;
    // vendor's app installed in office with a webhook.
    ok(await createOrg(flags!, 'vendor', 'reseller', 'Vendor Inc'));
    await join(server, flags!, 'vendor', otherAdmin!, ['member']);
    const vendorApp = await flags!.browser.gql<{ createApp: { app: { id: string } } }>(
      'mutation { createApp(orgId: "vendor", name: "Vendor app", scopes: ["system/Patient.read"]) { app { id } } }',
    );
    ok(vendorApp);
    vendorAppId = vendorApp.data!.createApp.app.id;
    const vendorInstallation = await install(vendorAppId);
    const vendorHook = await admin!.browser.gql<{ createWebhook: { webhook: { id: string } } }>(
      'mutation ($i: String!) { createWebhook(orgId: "office", installationId: $i, url: "http://127.0.0.1:9/hook", events: ["resource.created"], resourceTypes: ["Patient"]) { webhook { id } } }',
      { i: vendorInstallation },
    );
    ok(vendorHook);
    vendorWebhookId = vendorHook.data!.createWebhook.webhook.id;
    await fetch(`${server.url}/api/fhir/office/Patient`, {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json', cookie },
      body: JSON.stringify({ resourceType: 'Patient', name: [{ given: ['Web'], family: 'Hook' }] }),
    });
    // The webhook consumer records the delivery within its next pass (polled; no time limit of its own).
    while (!deliveryId) {
      const listed = await admin!.browser.gql<{ webhookDeliveries: { id: string }[] }>(
        'query ($w: String!) { webhookDeliveries(orgId: "office", webhookId: $w) { id } }',
        { w: webhookId },
      );
      deliveryId = listed.data?.webhookDeliveries[0]?.id ?? '';
      if (!deliveryId) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    while (!vendorDeliveryId) {
      const listed = await admin!.browser.gql<{ webhookDeliveries: { id: string }[] }>(
        'query ($w: String!) { webhookDeliveries(orgId: "office", webhookId: $w) { id } }',
        { w: vendorWebhookId },
      );
      vendorDeliveryId = listed.data?.webhookDeliveries[0]?.id ?? '';
      if (!vendorDeliveryId) await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const people: Record<Exclude<Role, 'none' | 'adminWithoutMfa'>, Person> = {
      member: member!,
      provider: provider!,
      admin: admin!,
      parentAdmin: parentAdmin!,
      internalUber: uber!,
      otherOrgAdmin: otherAdmin!,
    };
    browsers.none = new Browser(server.url);
    browsers.adminWithoutMfa = new Browser(server.url);
    ok(await signIn(browsers.adminWithoutMfa, admin!.email, PASSWORD));
    for (const r of SIGNED_IN) browsers[r] = people[r as keyof typeof people].browser;
    // 22 sign-ups with MFA and 24 invitations, one after another: minutes on a loaded 2-core machine.
  }, 300_000);
  afterAll(async () => {
    await server?.dispose();
  });

  /** One call made by one role: [query, variables]. */
  const CALLS: Record<string, (r: Role) => [string, Record<string, unknown>]> = {
    org: () => ['query { org(orgId: "office") { id name type parentOrgs } }', {}],
    updateOrg: () => [
      'mutation { updateOrg(orgId: "office", properties: { city: "Springfield", email: "office@matrix.test" }) { id city } }',
      {},
    ],
    updateOrgBillingAddresses: () => [
      `mutation { updateOrgBillingAddresses(orgId: "office", address: { name: "Office LLC",
        address: { line1: "1 Main St", city: "Springfield", state: "IL", postal_code: "62701", country: "US" } }) { id } }`,
      {},
    ],
    createOrg: (r) => [
      'mutation ($id: String) { createOrg(orgId: $id, orgType: "regular", orgName: "New Office") { orgId } }',
      { id: `new-${r.toLowerCase()}` },
    ],
    createOnboardingOrg: () => [
      'mutation { createOnboardingOrg(orgType: "regular", orgName: "Onboarding Dental") { orgId } }',
      {},
    ],
    orgIdAvailability: () => ['query { orgIdAvailability(orgId: "office") }', {}],
    orgInvitation: () => [
      'query ($id: String) { orgInvitation(invitationId: $id) { orgId orgName type } }',
      { id: queryCode },
    ],
    orgFeaturesConfig: () => ['query { orgFeaturesConfig(orgId: "office") { name value } }', {}],
    'addOrgFeature(office setting)': () => [
      'mutation { addOrgFeature(orgId: "office", featureName: "tempsInCelsius") { name } }',
      {},
    ],
    'removeOrgFeature(office setting)': () => [
      'mutation { removeOrgFeature(orgId: "office", featureName: "tempsInCelsius") { name } }',
      {},
    ],
    'addOrgFeature(product feature)': () => [
      'mutation { addOrgFeature(orgId: "office", featureName: "store") { name } }',
      {},
    ],
    'removeOrgFeature(product feature)': () => [
      'mutation { removeOrgFeature(orgId: "office", featureName: "store") { name } }',
      {},
    ],
    'addOrgFeature(plan-included feature)': () => [
      'mutation { addOrgFeature(orgId: "office", featureName: "formBuilder") { name } }',
      {},
    ],
    'removeOrgFeature(plan-included feature)': () => [
      'mutation { removeOrgFeature(orgId: "office", featureName: "formBuilder") { name } }',
      {},
    ],
    availablePlans: () => ['query { availablePlans { id } }', {}],
    stripePublishableKey: () => ['query { stripePublishableKey }', {}],
    createOrgInvitation: (r) => [
      'mutation ($email: String!) { createOrgInvitation(orgId: "office", email: $email, roles: ["member"]) { id } }',
      { email: `invitee-${r.toLowerCase()}@matrix.test` },
    ],
    orgMembers: () => ['query { orgMembers(orgId: "office") { id roles } }', {}],
    pendingOrgInvitations: () => [
      'query { pendingOrgInvitations(orgId: "office", first: 5) { id email roles sentAt expiresAt } }',
      {},
    ],
    childOrgs: () => ['query { childOrgs(parentOrgId: "group") { id } }', {}],
    allOrgs: () => ['query { allOrgs { id } }', {}],
    childOrgMembers: () => ['query { childOrgMembers(parentOrgId: "group") { orgId id email } }', {}],
    teamUsers: () => ['query { teamUsers(search: "admin") { id email memberships { orgId } } }', {}],
    updateMemberRoles: (r) => [
      'mutation ($m: ID!) { updateMemberRoles(orgId: "office", memberId: $m, roles: ["member", "stats"]) { id roles } }',
      { m: rolesTarget[r] },
    ],
    removeMember: (r) => ['mutation ($m: ID!) { removeMember(orgId: "office", memberId: $m) }', { m: removeTarget[r] }],
    baa: () => ['query { baa(orgId: "office") { signed } }', {}],
    signBaa: () => [
      `mutation ($version: String!) { signBaa(orgId: "office", version: $version, accepted: true, signaturePath: "M 1 1 L 9 9",
        fields: { companyName: "Office LLC", name: "Ann Admin", title: "Owner" }) { signed } }`,
      { version: BAA_DOCUMENT.version },
    ],
    countersignBaa: () => [
      'mutation { countersignBaa(orgId: "office", name: "Ada Vigil", signaturePath: "M 1 1 L 2 2") { signed } }',
      {},
    ],
    policies: () => [
      'query { policies(orgId: "office", ruleSubject: anesthesiaRecord) { id ownerType ruleType } }',
      {},
    ],
    setPolicy: () => [
      'mutation { setPolicy(orgId: "office", ruleSubject: anesthesiaRecord, ruleType: "SO10", ruleValue: "block", relevantSedationLevels: ["moderate"]) { id } }',
      {},
    ],
    deletePolicy: (r) => [
      'mutation ($id: String!) { deletePolicy(orgId: "office", id: $id) { id } }',
      { id: policyTarget[r] },
    ],
    orgChecklists: () => ['query { orgChecklists(orgId: "office") { preOpChecklist optChecks } }', {}],
    setOrgChecklist: (r) => [
      'mutation ($items: [String!]!) { setOrgChecklist(orgId: "office", kind: optChecks, items: $items) { optChecks } }',
      { items: [`Checked by ${r}`] },
    ],
    analytics: () => ['query { analytics(orgId: "office") { cases quality { finalized } } }', {}],
    analyticsCases: () => ['query { analyticsCases(orgId: "office", first: 5) { caseId } }', {}],
    officeReport: () => ['query { officeReport(orgId: "office", kind: caseLog, first: 5) { cells } }', {}],
    officeReportFile: () => [
      'query { officeReportFile(orgId: "office", kind: billingUnits, format: csv) { filename rows } }',
      {},
    ],
    teamCases: () => ['query { teamCases(first: 5) { caseId } }', {}],
    teamCase: () => ['query { teamCase(caseId: "apt-none") { caseId } }', {}],
    teamCaseStats: () => ['query { teamCaseStats(from: "2027-01-01", to: "2027-01-31") { cases } }', {}],
    teamDbQuery: () => ['query ($sql: String!) { teamDbQuery(sql: $sql) { refused } }', { sql: CONSOLE_SQL.one }],
    teamOnboarding: () => ['query { teamOnboarding(first: 5) { orgId } }', {}],
    teamLiveCases: () => ['query { teamLiveCases(first: 5) { caseId } }', {}],
    teamAppointments: () => [
      'query { teamAppointments(from: 1798675200000, to: 1799280000000, orgId: "office", first: 5) { id } }',
      {},
    ],
    teamEquipment: () => ['query { teamEquipment { orgId } }', {}],
    teamFhirSearch: () => ['query { teamFhirSearch(orgId: "office", resourceType: "Patient") }', {}],
    teamFhirRead: () => ['query { teamFhirRead(orgId: "office", resourceType: "Patient", id: "pat-none") }', {}],
    teamFhirHistory: () => ['query { teamFhirHistory(orgId: "office", resourceType: "Patient", id: "pat-none") }', {}],
    teamSupportSearch: () => ['query { teamSupportSearch(text: "office") { kind id } }', {}],
    teamSupportUser: () => ['query { teamSupportUser(userId: "usr-none") { id } }', {}],
    teamSupportOrg: () => ['query { teamSupportOrg(orgId: "office") { id sync { documents } } }', {}],
    teamClientLogs: () => ['query { teamClientLogs(orgId: "office", first: 5) { at cursor } }', {}],
    trackAnalyticsEvent: () => ['mutation { trackAnalyticsEvent(name: "Case Manager Loaded", orgId: "office") }', {}],
    logBeacon: () => [
      'mutation { logBeacon(level: 50, kind: "error", errorName: "TypeError", where: "index.js:1:2", route: "/org/office") }',
      {},
    ],
    teamUser: () => ['query { teamUser(userId: "usr-none") { id } }', {}],
    endTeamUserSessions: () => ['mutation { endTeamUserSessions(userId: "usr-none") }', {}],
    preopList: () => [
      'query { preopList(orgId: "office", from: "2027-01-04T00:00:00Z", to: "2027-01-06T00:00:00Z") { appointmentId missing } }',
      {},
    ],
    setPreopNpo: (r) => [
      'mutation ($id: String!, $given: Boolean!) { setPreopNpo(orgId: "office", appointmentId: $id, given: $given) { npo { byName } } }',
      { id: preopVisit, given: r !== 'admin' },
    ],
    preopSettings: () => ['query { preopSettings(orgId: "office") { reviewDays } }', {}],
    setPreopSettings: (r) => [
      'mutation ($d: Int!) { setPreopSettings(orgId: "office", reviewDays: $d) { reviewDays } }',
      { d: 10 + ROLES.indexOf(r) },
    ],
    officeDrugs: () => ['query { officeDrugs(orgId: "office") { drugs { id } editable } }', {}],
    setOfficeDrugs: (r) => [
      'mutation ($name: String!) { setOfficeDrugs(orgId: "office", drugs: [{ id: "", category: "oral", name: $name, custom: true, unit: "mg", routes: ["PO"], commonDoses: [] }]) { drugs { id } } }',
      { name: `Drug of ${r}` },
    ],
    presets: () => ['query { presets(orgId: "office") { id ownerType editable } }', {}],
    createPreset: (r) => [
      'mutation ($n: String!) { createPreset(orgId: "office", name: $n, macro: "{}", ownerType: "user") { id ownerType } }',
      { n: `Mine ${r}` },
    ],
    updatePreset: (r) => [
      'mutation ($id: String!) { updatePreset(orgId: "office", id: $id, name: "Renamed", macro: "{}") { id } }',
      { id: presetTarget[r] },
    ],
    movePreset: (r) => [
      'mutation ($id: String!) { movePreset(orgId: "office", id: $id, ownerType: "org") { id ownerType } }',
      { id: presetTarget[r] },
    ],
    deletePreset: (r) => [
      'mutation ($id: String!) { deletePreset(orgId: "office", id: $id) }',
      { id: presetTarget[r] },
    ],
    inventories: () => ['query { inventories(orgId: "office") { id lots { balance } } }', {}],
    inventory: () => [
      'query ($id: String!) { inventory(orgId: "office", inventoryId: $id) { id } }',
      { id: inventoryId },
    ],
    ledgerEntries: () => ['query { ledgerEntries(orgId: "office") { seq kind } }', {}],
    caseLedger: () => ['query { caseLedger(orgId: "office", caseId: "apt-none") { drug } }', {}],
    ledgerCheck: () => ['query { ledgerCheck(orgId: "office") { ok } }', {}],
    createInventory: (r) => [
      'mutation ($name: String!) { createInventory(orgId: "office", input: { name: $name, kind: "cart" }) { id } }',
      { name: `Cart of ${r}` },
    ],
    receiveLot: () => [
      'mutation ($input: ReceiveInput!) { receiveLot(orgId: "office", input: $input) { seq } }',
      {
        input: {
          inventoryId,
          quantity: 10,
          lot: {
            drug: 'Midazolam',
            schedule: 'IV',
            lotNumber: 'M1',
            expiry: '2099-12-31',
            unit: 'mg',
            packageAmount: 10,
          },
        },
      },
    ],
    'recordLedgerEntry(administer)': () => [
      'mutation ($lot: String!) { recordLedgerEntry(orgId: "office", input: { kind: "administer", lotId: $lot, quantity: 1 }) { seq } }',
      { lot: lotId },
    ],
    'recordLedgerEntry(count)': () => [
      'mutation ($lot: String!) { recordLedgerEntry(orgId: "office", input: { kind: "count", lotId: $lot, found: 1 }) { seq } }',
      { lot: lotId },
    ],
    subscription: () => ['query { subscription(orgId: "office") { status ok providers } }', {}],
    invoices: () => ['query { invoices(orgId: "office", first: 5) { invoices { id } hasMore } }', {}],
    previewInvoice: () => ['query { previewInvoice(orgId: "office", providers: 3) { total } }', {}],
    startCardSetup: () => ['mutation { startCardSetup(orgId: "office") { provider clientSecret } }', {}],
    addCard: (r) => [
      'mutation ($pm: String!) { addCard(orgId: "office", paymentMethodId: $pm) { last4 } }',
      { pm: cardOf[r] },
    ],
    removeCard: (r) => ['mutation ($id: String!) { removeCard(orgId: "office", cardId: $id) }', { id: cardOf[r] }],
    subscribe: () => ['mutation ($p: String!) { subscribe(orgId: "office", priceId: $p) { status } }', { p: priceId }],
    changePlan: () => [
      'mutation ($p: String!) { changePlan(orgId: "office", priceId: $p) { status } }',
      { p: priceId },
    ],
    cancelSubscription: () => ['mutation { cancelSubscription(orgId: "office") { status } }', {}],
    resumeSubscription: () => ['mutation { resumeSubscription(orgId: "office") { status } }', {}],
    payOpenInvoices: () => ['mutation { payOpenInvoices(orgId: "office") { status } }', {}],
    shopProducts: () => ['query { shopProducts(orgId: "office", first: 5) { id } }', {}],
    shopProduct: () => ['query ($p: String!) { shopProduct(orgId: "office", productId: $p) { id } }', { p: productId }],
    shopOrders: () => ['query { shopOrders(orgId: "office", first: 5) { id } }', {}],
    shopOrder: () => ['query ($o: String!) { shopOrder(orgId: "office", orderId: $o) { id } }', { o: orderId }],
    shopCart: () => ['query { shopCart(orgId: "office") { total } }', {}],
    setCartLine: () => [
      'mutation ($p: String!) { setCartLine(orgId: "office", productId: $p, quantity: 1) { total } }',
      { p: productId },
    ],
    checkout: () => ['mutation { checkout(orgId: "office") { id status } }', {}],
    storeProducts: () => ['query { storeProducts(first: 5) { id } }', {}],
    storeProduct: () => ['query ($p: String!) { storeProduct(productId: $p) { id } }', { p: productId }],
    storeOrders: () => ['query { storeOrders(first: 5) { id } }', {}],
    storeOrder: () => ['query ($o: String!) { storeOrder(orderId: $o) { id } }', { o: orderId }],
    saveProduct: (r) => [
      'mutation ($n: String!) { saveProduct(product: { name: $n, sku: "S-1", category: "Supplies", price: 100, stock: 1 }) { id } }',
      { n: `Sensor of ${r}` },
    ],
    moveOrder: () => [
      'mutation ($o: String!) { moveOrder(orderId: $o, from: "paid", to: "fulfilled") { status } }',
      { o: orderId },
    ],
    teamPlans: () => ['query { teamPlans { id active } }', {}],
    updateTeamPlan: () => [
      'mutation ($id: String!) { updateTeamPlan(planId: $id, plan: { productName: "Basic", amount: 5900, waveforms: false, advancedFluids: false }) { id amount } }',
      { id: basicMonthly },
    ],
    archiveTeamPlan: () => [
      'mutation ($id: String!) { archiveTeamPlan(planId: $id) { id active } }',
      { id: enterpriseYearly },
    ],
    // After the archive: the tier's yearly slot is free for a new plan.
    createTeamPlan: () => [
      'mutation { createTeamPlan(plan: { lookupKey: "enterprise_yearly_2027", productName: "Enterprise", amount: 259000, waveforms: true, advancedFluids: true }) { id } }',
      {},
    ],
    sendFeedback: (r) => [
      'mutation ($m: String!) { sendFeedback(message: $m, page: "/org/office/cases", appVersion: "0.1.0", recentActions: "[]", orgId: "office") }',
      { m: `Feedback from ${r}` },
    ],
    feedbackMessages: () => ['query { feedbackMessages(first: 5) { id message } }', {}],
    liveCases: () => ['query { liveCases(orgId: "office", first: 5) { caseId vitals { type } } }', {}],
    parentLiveCases: () => ['query { parentLiveCases(parentOrgId: "group", first: 5) { caseId orgName } }', {}],
    parentAppointments: () => [
      'query { parentAppointments(parentOrgId: "group", from: 1795000000000, to: 1797000000000, first: 5) { id orgName } }',
      {},
    ],
    parentAnalytics: () => ['query { parentAnalytics(parentOrgId: "group") { offices { orgId cases } } }', {}],
    bridges: () => ['query { bridges(orgId: "office") { id monitors { key } } }', {}],
    bridgeMonitorReadings: () => [
      'query { bridgeMonitorReadings(orgId: "office", bridgeId: "brg-none", monitorKey: "hl7:X") { id vitals { vital value } } }',
      {},
    ],
    createBridgePairingCode: () => [
      'mutation { createBridgePairingCode(orgId: "office", location: "Operatory 1") { code expiresAt } }',
      {},
    ],
    revokeBridge: () => ['mutation { revokeBridge(orgId: "office", bridgeId: "brg-none") { id } }', {}],
    chartBridgeMonitor: () => [
      'mutation { chartBridgeMonitor(orgId: "office", caseId: "case-none", bridgeId: "brg-none", monitorKey: "hl7:X") { key } }',
      {},
    ],
    stopBridgeMonitor: () => [
      'mutation { stopBridgeMonitor(orgId: "office", bridgeId: "brg-none", monitorKey: "hl7:X") }',
      {},
    ],
    bridgeMonitorWaveforms: () => [
      'query { bridgeMonitorWaveforms(orgId: "office", bridgeId: "brg-none", monitorKey: "hl7:X") { type values } }',
      {},
    ],
    captureBridgeWaveform: () => [
      'mutation { captureBridgeWaveform(orgId: "office", caseId: "case-none", bridgeId: "brg-none", monitorKey: "hl7:X", type: "II") { id } }',
      {},
    ],
    apps: () => ['query { apps(orgId: "office") { id name scopes } }', {}],
    app: () => ['query ($a: String!) { app(orgId: "office", appId: $a) { id clientId } }', { a: appId }],
    installedApps: () => ['query { installedApps(orgId: "office") { id appName } }', {}],
    installedApp: () => [
      'query ($i: String!) { installedApp(orgId: "office", installationId: $i) { id scopes } }',
      { i: installationId },
    ],
    webhooks: () => [
      'query ($i: String!) { webhooks(orgId: "office", installationId: $i) { id url } }',
      { i: installationId },
    ],
    webhook: () => ['query ($w: String!) { webhook(orgId: "office", webhookId: $w) { id events } }', { w: webhookId }],
    webhookDeliveries: () => [
      'query ($w: String!) { webhookDeliveries(orgId: "office", webhookId: $w, first: 5) { id status } }',
      { w: webhookId },
    ],
    webhookDelivery: () => [
      'query ($d: String!) { webhookDelivery(orgId: "office", deliveryId: $d) { id attempts { n } } }',
      { d: deliveryId },
    ],
    createApp: (r) => [
      'mutation ($n: String!) { createApp(name: $n, scopes: ["system/Patient.read"]) { app { id } } }',
      { n: `Made by ${r}` },
    ],
    rotateAppSecret: () => [
      'mutation ($a: String!) { rotateAppSecret(appId: $a) { app { id } clientSecret } }',
      { a: appId },
    ],
    installApp: (r) => [
      'mutation ($a: String!) { installApp(orgId: "office", appId: $a) { id } }',
      { a: installTarget[r] },
    ],
    uninstallApp: (r) => [
      'mutation ($i: String!) { uninstallApp(orgId: "office", installationId: $i) }',
      { i: uninstallTarget[r] },
    ],
    createWebhook: () => [
      'mutation ($i: String!) { createWebhook(orgId: "office", installationId: $i, url: "https://emr.example/hook", events: ["case.finalized"]) { webhook { id } } }',
      { i: installationId },
    ],
    deleteWebhook: (r) => [
      'mutation ($w: String!) { deleteWebhook(orgId: "office", webhookId: $w) }',
      { w: webhookTarget[r] },
    ],
    redeliverWebhook: () => [
      'mutation ($d: String!) { redeliverWebhook(orgId: "office", deliveryId: $d) { id status } }',
      { d: deliveryId },
    ],
    resellerApps: () => ['query { resellerApps(resellerId: "vendor") { id name } }', {}],
    resellerApp: () => [
      'query ($a: String!) { resellerApp(resellerId: "vendor", appId: $a) { id clientId } }',
      { a: vendorAppId },
    ],
    resellerAppInstallations: () => [
      'query ($a: String!) { resellerAppInstallations(resellerId: "vendor", appId: $a) { id orgName } }',
      { a: vendorAppId },
    ],
    resellerWebhooks: () => [
      'query ($a: String!) { resellerWebhooks(resellerId: "vendor", appId: $a) { id url } }',
      { a: vendorAppId },
    ],
    resellerWebhook: () => [
      'query ($a: String!, $w: String!) { resellerWebhook(resellerId: "vendor", appId: $a, webhookId: $w) { id } }',
      { a: vendorAppId, w: vendorWebhookId },
    ],
    resellerWebhookDeliveries: () => [
      'query ($a: String!, $w: String!) { resellerWebhookDeliveries(resellerId: "vendor", appId: $a, webhookId: $w, first: 5) { id } }',
      { a: vendorAppId, w: vendorWebhookId },
    ],
    resellerWebhookDelivery: () => [
      'query ($a: String!, $d: String!) { resellerWebhookDelivery(resellerId: "vendor", appId: $a, deliveryId: $d) { id } }',
      { a: vendorAppId, d: vendorDeliveryId },
    ],
    resellerRedeliverWebhook: () => [
      'mutation ($a: String!, $d: String!) { resellerRedeliverWebhook(resellerId: "vendor", appId: $a, deliveryId: $d) { id } }',
      { a: vendorAppId, d: vendorDeliveryId },
    ],
    emrConnection: () => ['query { emrConnection(orgId: "office") { iss clientId hasClientSecret } }', {}],
    emrWriteBacks: () => ['query { emrWriteBacks(orgId: "office") { id status } }', {}],
    setEmrConnection: () => [
      'mutation { setEmrConnection(orgId: "office", iss: "https://emr.example/fhir", clientId: "vigil", clientSecret: null) { iss } }',
      {},
    ],
    removeEmrConnection: () => ['mutation { removeEmrConnection(orgId: "office") }', {}],
    legalDocumentsToAccept: () => ['query { legalDocumentsToAccept { name version } }', {}],
    acceptLegalDocuments: () => [
      'mutation ($a: [LegalAcceptanceInput!]!) { acceptLegalDocuments(accepted: $a) { name } }',
      { a: currentLegalAcceptances() },
    ],
    sendEmrEmailVerification: () => ['mutation { sendEmrEmailVerification }', {}],
    verifyEmrEmailCode: () => ['mutation { verifyEmrEmailCode(code: "123456") { emrEmail } }', {}],
    // Last: accepting makes the caller a member of office.
    acceptOrgInvitation: (r) => [
      'mutation ($id: String) { acceptOrgInvitation(invitationId: $id) { orgId } }',
      { id: acceptCode[r] },
    ],
  };

  it('answers every call × role as the expected table says, with 0 deviations', async () => {
    expect(Object.keys(CALLS)).toEqual(Object.keys(EXPECTED));
    const deviations: string[] = [];
    let cells = 0;
    for (const [call, make] of Object.entries(CALLS)) {
      for (const role of ROLES) {
        const [query, variables] = make(role);
        const result = await browsers[role].gql(query, variables);
        const outcome = result.code ?? (result.data ? 'ok' : 'no data');
        cells += 1;
        if (outcome !== EXPECTED[call]![role]) {
          deviations.push(`${call} as ${role}: expected ${EXPECTED[call]![role]}, got ${outcome}`);
        }
      }
    }
    expect(cells).toBe(Object.keys(CALLS).length * ROLES.length);
    // 150 calls × 8 callers (issue 39 added the two drug-list calls, issue 40 sendFeedback,
    // feedbackMessages, the four pre-op list calls and the two legal documents' calls, issue 41 the
    // two analytics calls, the parent's calendar, the office's reports and the team's oversight
    // calls, issues 38/41 the two live lists, issue 38 the six bridge calls and the two waveform calls,
    // issue 42 the fifteen apps and webhooks calls and the reseller app's eight; session 30 the
    // team's four customer-support calls; session 31 the two EMR-email calls).
    expect(cells).toBe(1200);
    expect(deviations).toEqual([]);
  });
});
