import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { Browser, latestCode, outbox, signIn, signUp } from './accounts-client.js';
import {
  accept,
  adminCli,
  createOrg,
  invitationCode,
  invite,
  join,
  memberId,
  PASSWORD,
  person,
  sudo,
} from './orgs-helpers.js';
import { requestCaller, withStores } from '../utils/stores.js';
import { auditEvents } from '../../sync-server/src/store/audit/inspect.test-util.js';

const DAY = 24 * 3600 * 1000;
const ORGS =
  'orgs { regular { id name roles status type memberId href } parent { id roles type href } vigil { id roles href } reseller { id } }';

interface SessionOrg {
  id: string;
  name?: string;
  roles: string[];
  status?: string;
  type?: string;
  memberId?: string;
  href: string;
}

describe('organisations: creation, session orgs, invitations, members and features', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('answers orgIdAvailability with available, unavailable or invalid (spec 000 §5)', async () => {
    const admin = await person(server, 'availability@orgs.test');
    const ask = async (orgId: string): Promise<unknown> =>
      (
        await admin.browser.gql<{ orgIdAvailability: string }>('query ($o: String) { orgIdAvailability(orgId: $o) }', {
          o: orgId,
        })
      ).data?.orgIdAvailability;
    expect(await ask('fresh-office')).toBe('available');
    expect(await ask('vigil')).toBe('unavailable');
    expect(await ask('Has Spaces')).toBe('invalid');
    expect(await ask('')).toBe('invalid');
  });

  it('creates an organisation: the creator is admin and provider, the session lists it and gets a new token (spec 000 §7)', async () => {
    const admin = await person(server, 'creator@orgs.test');
    const before = admin.browser.token;
    const created = await admin.browser.gql<{
      createOrg: { orgId: string; session: { orgs: { regular: SessionOrg[] } } };
    }>(
      `mutation { createOrg(orgId: "smile-dental", orgType: "regular", orgName: "Smile Dental", orgEmail: "front@smile.test", referralType: "Google") {
        orgId session { ${ORGS} } } }`,
    );
    expect(created.code).toBeUndefined();
    expect(created.data!.createOrg.orgId).toBe('smile-dental');
    const [org] = created.data!.createOrg.session.orgs.regular;
    expect(org).toMatchObject({
      id: 'smile-dental',
      name: 'Smile Dental',
      roles: ['admin', 'provider'],
      status: 'trialing',
      type: 'regular',
      href: '/org/smile-dental',
    });
    expect(org!.memberId).toMatch(/^prc-[A-Za-z0-9]{14}$/);
    // A new token: the one held before no longer works.
    expect(admin.browser.token).not.toBe(before);
    const stale = new Browser(server.url);
    stale.cookies.set('dev-tok', before!);
    expect((await stale.gql<{ session: unknown }>('{ session { userId } }')).data?.session).toBeNull();

    const read = await admin.browser.gql<{ org: Record<string, unknown> }>(
      '{ org(orgId: "smile-dental") { id name type email isOnboarding parentOrgs featuresJSON subscriptionStatus { status trialEnd ok } } }',
    );
    expect(read.data!.org).toMatchObject({
      id: 'smile-dental',
      type: 'regular',
      email: 'front@smile.test',
      isOnboarding: false,
      parentOrgs: [],
      featuresJSON: '{}',
      subscriptionStatus: { status: 'trialing', ok: true },
    });
    // 30-day free trial (spec 002 §9).
    const trialEnd = (read.data!.org.subscriptionStatus as { trialEnd: number }).trialEnd;
    expect(trialEnd - Date.now()).toBeGreaterThan(30 * DAY - 60_000);
    expect(trialEnd - Date.now()).toBeLessThanOrEqual(30 * DAY);

    // The websocket upgrade's session lookup carries the memberships too.
    await withStores(
      server.dataDir,
      async (stores) => {
        expect((await requestCaller(stores, { token: admin.browser.token! })).subject.orgs).toEqual([
          { id: 'smile-dental', type: 'regular', roles: ['admin', 'provider'] },
        ]);
      },
      { readonly: true },
    );

    expect((await createOrg(admin, 'smile-dental')).code).toBe('ORG_ID_TAKEN');
    expect((await createOrg(admin, 'Smile Dental')).code).toBe('INVALID_ORG_ID');
    expect((await createOrg(admin, 'my-vigil', 'vigil')).code).toBe('NOT_AUTHORIZED');
  });

  it('creates an onboarding organisation with an ID suggested from its name', async () => {
    const admin = await person(server, 'onboarding@orgs.test');
    const first = await admin.browser.gql<{ createOnboardingOrg: { orgId: string } }>(
      'mutation { createOnboardingOrg(orgType: "regular", orgName: "Lakeside Family Dentistry, PLLC") { orgId } }',
    );
    expect(first.data!.createOnboardingOrg.orgId).toBe('l-f-d');
    const second = await admin.browser.gql<{ createOnboardingOrg: { orgId: string } }>(
      'mutation { createOnboardingOrg(orgType: "regular", orgName: "Lakeside Family Dentistry") { orgId } }',
    );
    expect(second.data!.createOnboardingOrg.orgId).toBe('l-f-d-2');
    const org = await admin.browser.gql<{ org: { isOnboarding: boolean; subscriptionStatus: { ok: boolean } } }>(
      '{ org(orgId: "l-f-d") { isOnboarding subscriptionStatus { status ok } } }',
    );
    expect(org.data!.org).toMatchObject({ isOnboarding: true, subscriptionStatus: { ok: true } });
    // Going live ends onboarding and starts the trial.
    const live = await admin.browser.gql<{
      updateOrg: { isOnboarding: boolean; subscriptionStatus: { status: string } };
    }>(
      'mutation { updateOrg(orgId: "l-f-d", properties: { isOnboarding: false }) { isOnboarding subscriptionStatus { status } } }',
    );
    expect(live.data!.updateOrg).toEqual({ isOnboarding: false, subscriptionStatus: { status: 'trialing' } });
  });

  it('refuses organisation creation before MFA and before the email is verified (spec 000 §2)', async () => {
    const browser = new Browser(server.url);
    await signUp(browser, { email: 'partial@orgs.test', password: PASSWORD });
    const CREATE = 'mutation { createOrg(orgId: "partial-office", orgType: "regular", orgName: "P") { orgId } }';
    expect((await browser.gql(CREATE)).code).toBe('MFA_REQUIRED');
    // SMS MFA makes the session full but leaves the email unverified.
    await browser.gql('mutation { sendMfaVerification(to: "(415) 555-2671", channel: "sms") }');
    const code = await latestCode(server.url, '+14155552671');
    const verified = await browser.gql(
      'mutation ($code: String!) { verifyMfaCode(to: "4155552671", channel: "sms", code: $code) { user { id } } }',
      {
        code,
      },
    );
    expect(verified.code).toBeUndefined();
    expect((await browser.gql(CREATE)).code).toBe('EMAIL_NOT_VERIFIED');
  });

  it("says 'orgId is required' when a call about an organisation has none (spec 000 §5)", async () => {
    const admin = await person(server, 'required@orgs.test');
    for (const query of [
      'query { orgFeaturesConfig { name } }',
      'query { orgFeaturesConfig(orgId: "") { name } }',
      'mutation { addOrgFeature(featureName: "tempsInCelsius") { name } }',
      'mutation { removeOrgFeature(orgId: " ", featureName: "tempsInCelsius") { name } }',
      'query { org { id } }',
      'query { orgMembers { id } }',
    ]) {
      expect((await admin.browser.gql(query)).code, query).toBe('orgId is required');
    }
  });

  it('sends an invitation link by mail; it works once (USED) and an unknown one is INVALID (spec 000 §8)', async () => {
    const admin = await person(server, 'inviter@orgs.test');
    await createOrg(admin, 'invite-office', 'regular', 'Invite Office');
    const colleague = await person(server, 'colleague@orgs.test');
    const sent = await invite(admin, 'invite-office', 'Colleague@Orgs.test', ['provider']);
    expect(sent.data!.createOrgInvitation).toMatchObject({ roles: ['provider', 'member'], type: 'regular' });

    const mail = (await outbox(server.url, 'colleague@orgs.test')).at(-1)!;
    expect(mail.subject).toBe('You\'ve been invited to join the "Invite Office" organization');
    expect(mail.body).toMatch(new RegExp(`${server.url.replace(/[.]/g, '\\.')}/invitation\\?invitationId=`));
    const code = await invitationCode(server.url, 'colleague@orgs.test');

    // Authentication optional for reading it.
    const anonymous = new Browser(server.url);
    const read = await anonymous.gql<{ orgInvitation: unknown }>(
      'query ($id: String) { orgInvitation(invitationId: $id) { orgId orgName type } }',
      { id: code },
    );
    expect(read.data!.orgInvitation).toEqual({ orgId: 'invite-office', orgName: 'Invite Office', type: 'regular' });
    expect((await accept(anonymous, code)).code).toBe('NO_AUTHENTICATION');

    // The email-mismatch suggestion: a masked hint, and whether the signed-in user is the invitee.
    const hint = 'query ($id: String) { orgInvitation(invitationId: $id) { emailHint sentToSignedInUser } }';
    expect((await anonymous.gql(hint, { id: code })).data).toEqual({
      orgInvitation: { emailHint: 'c•••@orgs.test', sentToSignedInUser: null },
    });
    expect((await colleague.browser.gql(hint, { id: code })).data).toEqual({
      orgInvitation: { emailHint: 'c•••@orgs.test', sentToSignedInUser: true },
    });
    expect((await admin.browser.gql(hint, { id: code })).data).toEqual({
      orgInvitation: { emailHint: 'c•••@orgs.test', sentToSignedInUser: false },
    });

    const joined = await accept(colleague, code);
    expect(joined.code).toBeUndefined();
    expect(joined.data!.acceptOrgInvitation).toMatchObject({
      orgId: 'invite-office',
      type: 'regular',
      session: { orgs: { regular: [{ id: 'invite-office', roles: ['provider', 'member'] }] } },
    });

    const again = await person(server, 'latecomer@orgs.test');
    expect((await accept(again, code)).code).toBe('USED');
    expect(
      (await anonymous.gql('query ($id: String) { orgInvitation(invitationId: $id) { orgId } }', { id: code })).code,
    ).toBe('USED');
    expect((await anonymous.gql('query { orgInvitation(invitationId: "made-up") { orgId } }')).code).toBe('INVALID');
    expect((await anonymous.gql('query { orgInvitation { orgId } }')).code).toBe('INVALID');

    // Already a member: refused, and the invitation stays usable for someone else.
    await invite(admin, 'invite-office', 'second@orgs.test');
    const second = await invitationCode(server.url, 'second@orgs.test');
    expect((await accept(colleague, second)).code).toBe('ALREADY_MEMBER');
    expect((await accept(again, second)).code).toBeUndefined();
    // Inviting an existing member is refused too.
    expect((await invite(admin, 'invite-office', 'colleague@orgs.test')).code).toBe('ALREADY_MEMBER');
  });

  it('makes the invitee of a parent invitation an admin of the parent, who then administers its child orgs (spec 000 §6)', async () => {
    const parentAdmin = await person(server, 'parent-admin@orgs.test');
    await createOrg(parentAdmin, 'dso-group', 'parent', 'DSO Group');
    const officeAdmin = await person(server, 'child-admin@orgs.test');
    await createOrg(officeAdmin, 'child-office', 'regular', 'Child Office');
    const uber = await person(server, 'uber-parent@orgs.test');
    expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
    // Setting parents is the internal team's job.
    const byAdmin = await officeAdmin.browser.gql(
      'mutation { updateOrg(orgId: "child-office", properties: { parentOrgs: ["dso-group"] }) { id } }',
    );
    expect(byAdmin.code).toBe('NOT_AUTHORIZED');
    const byUber = await uber.browser.gql<{ updateOrg: { parentOrgs: string[] } }>(
      'mutation { updateOrg(orgId: "child-office", properties: { parentOrgs: ["dso-group"] }) { parentOrgs } }',
    );
    expect(byUber.data!.updateOrg.parentOrgs).toEqual(['dso-group']);
    expect(
      (
        await uber.browser.gql(
          'mutation { updateOrg(orgId: "child-office", properties: { parentOrgs: ["smile-dental"] }) { id } }',
        )
      ).code,
    ).toBe('INVALID_PARENT_ORG');

    const invitee = await person(server, 'regional@orgs.test');
    const sent = await invite(parentAdmin, 'dso-group', invitee.email, ['member', 'provider']);
    expect(sent.data!.createOrgInvitation).toMatchObject({ type: 'parentInvitation', roles: ['admin'] });
    const code = await invitationCode(server.url, invitee.email);
    const read = await invitee.browser.gql<{ orgInvitation: { type: string } }>(
      'query ($id: String) { orgInvitation(invitationId: $id) { type } }',
      { id: code },
    );
    expect(read.data!.orgInvitation.type).toBe('parentInvitation');
    const joined = await accept(invitee, code);
    expect(joined.data!.acceptOrgInvitation).toMatchObject({
      type: 'parentInvitation',
      session: { orgs: { parent: [{ id: 'dso-group', roles: ['admin'] }], regular: [] } },
    });
    const session = await invitee.browser.gql<{ session: { orgs: { parent: SessionOrg[] } } }>(
      `{ session { ${ORGS} } }`,
    );
    expect(session.data!.session.orgs.parent).toEqual([
      { id: 'dso-group', roles: ['admin'], type: 'parent', href: '/parent/dso-group' },
    ]);
    // The new parent admin administers the child office without being its member.
    const members = await invitee.browser.gql<{ orgMembers: { email: string }[] }>(
      '{ orgMembers(orgId: "child-office") { email roles } }',
    );
    expect(members.data!.orgMembers.map((m) => m.email)).toEqual(['child-admin@orgs.test']);
    // The parent app lists the organisations it oversees.
    const children = await invitee.browser.gql<{ childOrgs: { id: string; parentOrgs: string[] }[] }>(
      '{ childOrgs(parentOrgId: "dso-group") { id parentOrgs } }',
    );
    expect(children.data!.childOrgs).toEqual([{ id: 'child-office', parentOrgs: ['dso-group'] }]);
    const all = await uber.browser.gql<{ allOrgs: { id: string }[] }>('{ allOrgs { id } }');
    expect(all.data!.allOrgs.map((o) => o.id)).toEqual(expect.arrayContaining(['vigil', 'dso-group', 'child-office']));
  });

  it('expires an invitation after 7 days (INVALID, spec 000 §8)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-orgs-expiry-'));
    let first: TestServer | undefined;
    let later: TestServer | undefined;
    try {
      first = await startServer({ dataDir });
      const admin = await person(first, 'expiry-admin@orgs.test');
      await createOrg(admin, 'expiry-office');
      await invite(admin, 'expiry-office', 'late@orgs.test');
      await invite(admin, 'expiry-office', 'early@orgs.test');
      const lateCode = await invitationCode(first.url, 'late@orgs.test');
      const earlyCode = await invitationCode(first.url, 'early@orgs.test');
      await first.stop();

      // Just before 7 days the invitation still works…
      later = await startServer({ dataDir, env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(7 * DAY - 60_000) } });
      const early = await person(later, 'early@orgs.test');
      expect((await accept(early, earlyCode)).code).toBeUndefined();
      await later.stop();

      // …and after 7 days it is invalid.
      later = await startServer({ dataDir, env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(7 * DAY + 60_000) } });
      const anonymous = new Browser(later.url);
      expect(
        (await anonymous.gql('query ($id: String) { orgInvitation(invitationId: $id) { orgId } }', { id: lateCode }))
          .code,
      ).toBe('INVALID');
      const late = await person(later, 'late@orgs.test');
      expect((await accept(late, lateCode)).code).toBe('INVALID');
    } finally {
      await first?.stop();
      await later?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000); // two servers started one after the other

  it('changes member roles and removes members, keeping at least one admin, and audits every change', async () => {
    const admin = await person(server, 'roles-admin@orgs.test');
    await createOrg(admin, 'roles-office');
    const nurse = await person(server, 'nurse@orgs.test');
    await join(server, admin, 'roles-office', nurse, ['member']);
    const nurseId = await memberId(admin, 'roles-office', nurse.email);
    const adminId = await memberId(admin, 'roles-office', admin.email);

    const changed = await admin.browser.gql<{ updateMemberRoles: { roles: string[] } }>(
      'mutation ($m: ID!) { updateMemberRoles(orgId: "roles-office", memberId: $m, roles: ["member", "stats"]) { roles } }',
      { m: nurseId },
    );
    expect(changed.data!.updateMemberRoles.roles).toEqual(['member', 'stats']);
    // The nurse's session sees the new roles at once.
    const nurseSession = await nurse.browser.gql<{ session: { orgs: { regular: SessionOrg[] } } }>(
      `{ session { ${ORGS} } }`,
    );
    expect(nurseSession.data!.session.orgs.regular[0]!.roles).toEqual(['member', 'stats']);
    // uber is the internal team's to give.
    expect(
      (
        await admin.browser.gql(
          'mutation ($m: ID!) { updateMemberRoles(orgId: "roles-office", memberId: $m, roles: ["uber"]) { id } }',
          {
            m: nurseId,
          },
        )
      ).code,
    ).toBe('NOT_AUTHORIZED');
    expect(
      (
        await admin.browser.gql(
          'mutation ($m: ID!) { updateMemberRoles(orgId: "roles-office", memberId: $m, roles: ["member"]) { id } }',
          {
            m: adminId,
          },
        )
      ).code,
    ).toBe('LAST_ADMIN');
    expect(
      (
        await admin.browser.gql('mutation ($m: ID!) { removeMember(orgId: "roles-office", memberId: $m) }', {
          m: adminId,
        })
      ).code,
    ).toBe('LAST_ADMIN');
    expect(
      (
        await admin.browser.gql('mutation ($m: ID!) { removeMember(orgId: "roles-office", memberId: $m) }', {
          m: nurseId,
        })
      ).data,
    ).toEqual({ removeMember: true });
    expect((await nurse.browser.gql('{ org(orgId: "roles-office") { id } }')).code).toBe('NOT_AUTHORIZED');

    // Each member is a Practitioner of the office (id = memberId): roles as security tags, inactive once removed.
    const practitioner = async (id: string): Promise<{ active: boolean; roles: string[]; user: string }> => {
      const cookie = [...admin.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(`${server.url}/api/fhir/roles-office/Practitioner/${id}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        active: boolean;
        identifier: { value: string }[];
        meta: { security?: { code: string }[] };
      };
      return {
        active: body.active,
        roles: (body.meta.security ?? []).map((c) => c.code),
        user: body.identifier[0]!.value,
      };
    };
    expect(await practitioner(adminId)).toEqual({ active: true, roles: ['admin', 'provider'], user: admin.userId });
    expect(await practitioner(nurseId)).toEqual({ active: false, roles: ['member', 'stats'], user: nurse.userId });

    const actions = (await withStores(server.dataDir, ({ db }) => auditEvents(db)))
      .filter((e) => /^org/i.test(e.action) && /roles-office/i.test(e.detail ?? ''))
      .map((e) => e.action);
    expect(actions).toEqual([
      'orgCreated',
      'orgMemberAdded',
      'orgInvitationCreated',
      'orgMemberAdded',
      'orgInvitationAccepted',
      'orgRolesChanged',
      'orgMemberRemoved',
    ]);
  });

  it('refuses a feature change from the internal team without a fresh sudo, then allows it after sudo (spec 000 §6)', async () => {
    const admin = await person(server, 'features-admin@orgs.test');
    await createOrg(admin, 'features-office');
    const uber = await person(server, 'uber-features@orgs.test');
    expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
    const session = await uber.browser.gql<{ session: { orgs: { vigil: SessionOrg[] } } }>(`{ session { ${ORGS} } }`);
    expect(session.data!.session.orgs.vigil).toEqual([{ id: 'vigil', roles: ['member', 'uber'], href: '/vigil-team' }]);

    const ADD =
      'mutation ($f: String!, $s: String) { addOrgFeature(orgId: "features-office", featureName: $f, stringValue: $s) { name value stringValue } }';
    expect((await uber.browser.gql(ADD, { f: 'store' })).code).toBe('SUDO_REQUIRED');
    expect((await uber.browser.gql(ADD, { f: 'tempsInCelsius' })).code).toBe('SUDO_REQUIRED');
    expect((await admin.browser.gql(ADD, { f: 'store' })).code).toBe('NOT_AUTHORIZED');

    await sudo(server, uber);
    const added = await uber.browser.gql<{ addOrgFeature: { name: string; value: boolean }[] }>(ADD, { f: 'store' });
    expect(added.code).toBeUndefined();
    expect(added.data!.addOrgFeature.find((f) => f.name === 'store')!.value).toBe(true);

    // The office admin changes the office's own settings without sudo.
    const level = await admin.browser.gql<{ addOrgFeature: { name: string; stringValue: string | null }[] }>(ADD, {
      f: 'sedationLevelLimit',
      s: 'moderate',
    });
    expect(level.data!.addOrgFeature.find((f) => f.name === 'sedationLevelLimit')!.stringValue).toBe('moderate');
    expect((await admin.browser.gql(ADD, { f: 'sedationLevelLimit', s: 'general' })).code).toBe('INVALID_INPUT');
    expect((await admin.browser.gql(ADD, { f: 'noSuchFeature' })).code).toBe('NOT_AUTHORIZED');
    expect((await uber.browser.gql(ADD, { f: 'noSuchFeature' })).code).toBe('INVALID_FEATURE');

    const config = await admin.browser.gql<{
      orgFeaturesConfig: { name: string; value: boolean; stringValue: string | null }[];
    }>('{ orgFeaturesConfig(orgId: "features-office") { name value stringValue owner } }');
    const byName = Object.fromEntries(config.data!.orgFeaturesConfig.map((f) => [f.name, f]));
    expect(byName.store).toMatchObject({ value: true, owner: 'vigil' });
    expect(byName.sedationLevelLimit).toMatchObject({ value: true, stringValue: 'moderate', owner: 'org' });
    expect(byName.tempsInCelsius).toMatchObject({ value: false });
    const org = await admin.browser.gql<{ org: { featuresJSON: string } }>(
      '{ org(orgId: "features-office") { featuresJSON } }',
    );
    expect(JSON.parse(org.data!.org.featuresJSON)).toEqual({ sedationLevelLimit: 'moderate', store: true });

    const removed = await uber.browser.gql<{ removeOrgFeature: { name: string; value: boolean }[] }>(
      'mutation { removeOrgFeature(orgId: "features-office", featureName: "store") { name value } }',
    );
    expect(removed.data!.removeOrgFeature.find((f) => f.name === 'store')!.value).toBe(false);
  });

  it('makes an uber from the command line only for an existing user', async () => {
    const missing = await adminCli(server, 'make-uber', 'nobody@orgs.test');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No user found for nobody@orgs.test');
    expect((await adminCli(server, 'make-uber')).code).toBe(2);
    const user = await person(server, 'cli-uber@orgs.test');
    const made = await adminCli(server, 'make-uber', 'CLI-Uber@orgs.test');
    expect(made.stdout).toContain('cli-uber@orgs.test is now an uber of "vigil"');
    // The uber administers an office it does not belong to.
    const admin = await person(server, 'cli-office-admin@orgs.test');
    await createOrg(admin, 'cli-office');
    expect((await user.browser.gql<{ org: { id: string } }>('{ org(orgId: "cli-office") { id } }')).data!.org.id).toBe(
      'cli-office',
    );
    // Only someone who administers every organisation learns that an ID does not exist.
    expect((await user.browser.gql('{ org(orgId: "no-such-office") { id } }')).code).toBe('NOT_FOUND');
    expect((await admin.browser.gql('{ org(orgId: "no-such-office") { id } }')).code).toBe('NOT_AUTHORIZED');
  });
  it('seeds a demo dental office run by the demo user, with a second provider and a recorder, overseen by a demo parent', async () => {
    const signedIn = async (email: string): Promise<Browser> => {
      const browser = new Browser(server.url);
      const result = await signIn(browser, email, 'vigil demo password');
      expect(result.code).toBeUndefined();
      await browser.gql('mutation ($to: String!) { sendMfaVerification(to: $to, channel: "email") }', { to: email });
      const code = await latestCode(server.url, email);
      const verified = await browser.gql(
        'mutation ($to: String!, $code: String!) { verifyMfaCode(to: $to, channel: "email", code: $code) { user { id } } }',
        { to: email, code },
      );
      expect(verified.code).toBeUndefined();
      return browser;
    };
    const demo = await signedIn('demo@vigil.health');
    const session = await demo.gql<{ session: { orgs: { regular: SessionOrg[]; parent: SessionOrg[] } } }>(
      `{ session { ${ORGS} } }`,
    );
    expect(session.data!.session.orgs.regular).toEqual([
      expect.objectContaining({
        id: 'demo-dental',
        roles: ['admin', 'provider'],
        status: 'active',
        href: '/org/demo-dental',
      }),
    ]);
    expect(session.data!.session.orgs.parent).toEqual([]);
    const org = await demo.gql<{ org: { type: string; isOnboarding: boolean; parentOrgs: string[] } }>(
      '{ org(orgId: "demo-dental") { type isOnboarding parentOrgs } }',
    );
    expect(org.data!.org).toEqual({ type: 'regular', isOnboarding: false, parentOrgs: ['demo-group'] });

    const parent = await signedIn('demo-parent@vigil.health');
    const members = await parent.gql<{ orgMembers: { email: string; roles: string[] }[] }>(
      '{ orgMembers(orgId: "demo-dental") { email roles } }',
    );
    expect(new Map(members.data!.orgMembers.map((m) => [m.email, m.roles]))).toEqual(
      new Map([
        ['demo@vigil.health', ['admin', 'provider']],
        ['demo-provider@vigil.health', ['member', 'provider']],
        ['demo-recorder@vigil.health', ['member']],
      ]),
    );
  });
  it('refuses more than 50 invitations an hour from one person (TOO_MANY_REQUESTS)', async () => {
    const admin = await person(server, 'busy-admin@orgs.test');
    await createOrg(admin, 'busy-office');
    for (let n = 0; n < 50; n += 1) {
      expect((await invite(admin, 'busy-office', `guest-${n}@orgs.test`)).code).toBeUndefined();
    }
    expect((await invite(admin, 'busy-office', 'guest-50@orgs.test')).code).toBe('TOO_MANY_REQUESTS');
    expect(await outbox(server.url, 'guest-50@orgs.test')).toEqual([]);
  });
});
