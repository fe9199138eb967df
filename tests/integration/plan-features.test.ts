import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { join, person, type Person } from './orgs-helpers.js';

/*
 * Issue 37: what a plan includes is on for the office, or its admin can switch it, without asking
 * the team. A trial office created with a plan (the tier chosen at sign-up) has the form builder,
 * the drug inventory and the sign-off policies on (PLF1, PLF2); its admin switches them; a member
 * cannot; an office made without a plan keeps its stored flags and the team's say over them.
 */

const FORM = `mutation ($orgId: String, $p: OrgFormProperties!) { createOrgForm(orgId: $orgId, properties: $p) { id } }`;
const CONSENT = {
  name: 'Sedation consent',
  markdown: 'I, {{name}}, consent.',
  fields: [{ name: 'name', label: 'Name', type: 'text', required: true }],
};
const INVENTORY = `mutation ($orgId: String) { createInventory(orgId: $orgId, input: { name: "Safe", kind: "safe" }) { id } }`;
const POLICY = `mutation ($orgId: String) {
  setPolicy(orgId: $orgId, ruleSubject: anesthesiaRecord, ruleType: "SO1", ruleValue: "warn") { ruleType }
}`;
const FEATURES = `query ($orgId: String) { orgFeaturesConfig(orgId: $orgId) { name value planIncluded } }`;
const ORG = `query ($orgId: String) { org(orgId: $orgId) { planTier maxSedationLevel waveformCapture featuresJSON } }`;
const ADD = `mutation ($orgId: String, $f: String!) { addOrgFeature(orgId: $orgId, featureName: $f) { name value } }`;
const REMOVE = `mutation ($orgId: String, $f: String!) { removeOrgFeature(orgId: $orgId, featureName: $f) { name value } }`;

let server: TestServer;
let admin: Person;
let member: Person;
let oldAdmin: Person;

async function flags(who: Person, orgId: string): Promise<Record<string, [boolean, boolean]>> {
  const read = await who.browser.gql<{ orgFeaturesConfig: { name: string; value: boolean; planIncluded: boolean }[] }>(
    FEATURES,
    { orgId },
  );
  return Object.fromEntries(read.data!.orgFeaturesConfig.map((f) => [f.name, [f.value, f.planIncluded]]));
}

beforeAll(async () => {
  server = await startServer();
  [admin, member, oldAdmin] = await Promise.all([
    person(server, 'plan-admin@planfeat.test'),
    person(server, 'plan-member@planfeat.test'),
    person(server, 'old-admin@planfeat.test'),
  ]);
  const plans = await admin.browser.gql<{ availablePlans: { id: string; lookupKey: string }[] }>(
    'query { availablePlans { id lookupKey } }',
  );
  const planId = plans.data!.availablePlans.find((p) => p.lookupKey === 'plus_monthly')!.id;
  const created = await admin.browser.gql(
    `mutation ($planId: String) { createOrg(orgId: "trial", orgType: "regular", orgName: "Trial Dental", planId: $planId) { orgId } }`,
    { planId },
  );
  expect(created.code).toBeUndefined();
  const old = await oldAdmin.browser.gql(
    'mutation { createOrg(orgId: "before-plans", orgType: "regular", orgName: "Old Dental") { orgId } }',
  );
  expect(old.code).toBeUndefined();
  await join(server, admin, 'trial', member, ['member', 'provider']);
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

describe('what a plan includes is on for a trial office (issue 37)', () => {
  it('shows the plan tier, the deepest level it allows and the three flags on, plan-included', async () => {
    const org = await admin.browser.gql<{
      org: { planTier: string; maxSedationLevel: string; featuresJSON: string; waveformCapture: boolean };
    }>(ORG, { orgId: 'trial' });
    expect(org.data?.org).toEqual({
      ...{ planTier: 'plus', maxSedationLevel: 'moderate', featuresJSON: '{}' },
      // MON22: a Plus plan has no ECG waveform capture.
      waveformCapture: false,
    });
    const on = await flags(member, 'trial');
    expect([on.formBuilder, on.drugInventory, on.policies]).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    // Product flags no plan turns on stay the team's, and off.
    expect(on.store).toEqual([false, false]);
  });

  it('saves a builder form, a drug inventory and a sign-off policy with no team action', async () => {
    expect((await admin.browser.gql(FORM, { orgId: 'trial', p: CONSENT })).code).toBeUndefined();
    expect((await admin.browser.gql(INVENTORY, { orgId: 'trial' })).code).toBeUndefined();
    expect((await admin.browser.gql(POLICY, { orgId: 'trial' })).code).toBeUndefined();
  });

  it('lets its admin switch the form builder off (saving is then refused) and on again', async () => {
    const off = await admin.browser.gql<{ removeOrgFeature: { name: string; value: boolean }[] }>(REMOVE, {
      orgId: 'trial',
      f: 'formBuilder',
    });
    expect(off.data?.removeOrgFeature.find((f) => f.name === 'formBuilder')?.value).toBe(false);
    expect((await flags(member, 'trial')).formBuilder).toEqual([false, true]);
    expect((await admin.browser.gql(FORM, { orgId: 'trial', p: { ...CONSENT, name: 'Refused' } })).code).toBe(
      'FEATURE_DISABLED',
    );
    const on = await admin.browser.gql<{ addOrgFeature: { name: string; value: boolean }[] }>(ADD, {
      orgId: 'trial',
      f: 'formBuilder',
    });
    expect(on.data?.addOrgFeature.find((f) => f.name === 'formBuilder')?.value).toBe(true);
    expect((await admin.browser.gql(FORM, { orgId: 'trial', p: { ...CONSENT, name: 'Again' } })).code).toBeUndefined();
  });

  it('keeps a member who is not an admin from switching it, and the team flags from the admin', async () => {
    expect((await member.browser.gql(REMOVE, { orgId: 'trial', f: 'formBuilder' })).code).toBe('NOT_AUTHORIZED');
    expect((await member.browser.gql(ADD, { orgId: 'trial', f: 'drugInventory' })).code).toBe('NOT_AUTHORIZED');
    expect((await admin.browser.gql(ADD, { orgId: 'trial', f: 'store' })).code).toBe('NOT_AUTHORIZED');
    expect((await flags(admin, 'trial')).formBuilder).toEqual([true, true]);
  });
});

describe('an office made without a plan behaves as before (issue 37)', () => {
  it('has no tier, the flags off, refuses a builder form and leaves the flags to the team', async () => {
    const org = await oldAdmin.browser.gql<{ org: { planTier: string | null; maxSedationLevel: string } }>(ORG, {
      orgId: 'before-plans',
    });
    expect(org.data?.org).toMatchObject({ planTier: null, maxSedationLevel: 'ga', waveformCapture: true });
    const values = await flags(oldAdmin, 'before-plans');
    expect([values.formBuilder, values.drugInventory, values.policies]).toEqual([
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect((await oldAdmin.browser.gql(FORM, { orgId: 'before-plans', p: CONSENT })).code).toBe('FEATURE_DISABLED');
    expect((await oldAdmin.browser.gql(INVENTORY, { orgId: 'before-plans' })).code).toBe('FEATURE_DISABLED');
    expect((await oldAdmin.browser.gql(ADD, { orgId: 'before-plans', f: 'formBuilder' })).code).toBe('NOT_AUTHORIZED');
  });
});
