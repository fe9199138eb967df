import { randomAlphanumeric } from '@vigil/shared';
import { fullyAuthenticated, outbox } from '../integration/accounts-client.js';
import { adminCli, invitationCode } from '../integration/orgs-helpers.js';
import { MEMBER_PASSWORD, orgMember } from '../utils/members.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

/** The 6-digit code of the first message to an address after the first `seen` ones. */
async function nextCode(baseUrl: string, to: string, seen: number): Promise<string> {
  const code = async (): Promise<string | undefined> => {
    const message = (await outbox(baseUrl, to))[seen];
    return message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
  };
  await expect.poll(code, { message: `a code for ${to}` }).toMatch(/^\d{6}$/);
  return (await code())!;
}

const email = (who: string): string => `${who}-${randomAlphanumeric(8).toLowerCase()}@vigil.test`;

test.describe('organisations (issue 4)', () => {
  test('a new user creates an org with the suggested ID, invites a colleague who joins; the colleague is refused settings', async ({
    browser,
    baseURL,
  }) => {
    const url = baseURL!;
    const founderEmail = email('founder');
    const founder = await fullyAuthenticated(url, founderEmail, MEMBER_PASSWORD);
    const founderContext = await contextWith(browser, url, founder.browser);
    const page = await founderContext.newPage();

    // No organisation yet and a verified email: / goes to /create-org (spec 000 §4).
    await page.goto('/');
    await expect(page).toHaveURL(/\/create-org$/);
    await expect(page.getByRole('heading', { name: "Let's set up your new organization!" })).toBeVisible();
    await page.getByLabel('Organization Name').fill('Bright Smiles Dental');
    await expect(page.getByLabel('Organization ID')).toHaveValue('b-s-d');
    await expect(page.getByText('"b-s-d" is available.')).toBeVisible();
    await page.getByLabel('A Conference').check();
    await expect(page.getByRole('button', { name: 'Create Organization' })).toBeDisabled();
    await page.getByLabel('Which conference?').fill('ADSA 2026');
    await page.getByRole('button', { name: 'Create Organization' }).click();

    await expect(page).toHaveURL(/\/org\/b-s-d\/go-live$/);
    await expect(page.getByText('Your organization is set up')).toBeVisible();
    await expect(page.getByText('Bright Smiles Dental (b-s-d) is ready. You are its admin.')).toBeVisible();

    // Invite a colleague as a provider.
    await page.getByRole('link', { name: 'Invite your team' }).click();
    await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
    // The colleague has an account already (its sign-up mails come before the invitation).
    const colleagueEmail = email('colleague');
    const colleague = await fullyAuthenticated(url, colleagueEmail, MEMBER_PASSWORD);
    await page.getByLabel('Email Address').fill(colleagueEmail);
    await page.getByLabel('Provider').check();
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${colleagueEmail}.`)).toBeVisible();

    // The colleague opens the mailed link while signed in and joins.
    const code = await invitationCode(url, colleagueEmail);
    const colleagueContext = await contextWith(browser, url, colleague.browser);
    const other = await colleagueContext.newPage();
    await other.goto(`/invitation?invitationId=${encodeURIComponent(code)}`);
    await expect(
      other.getByRole('heading', { name: 'You\'ve been invited to join the "Bright Smiles Dental" organization.' }),
    ).toBeVisible();
    await other.getByRole('button', { name: `Join as ${colleagueEmail}` }).click();
    await expect(other).toHaveURL(/\/org\/b-s-d$/);
    await expect(other.getByTestId('app-name')).toHaveText('Case Manager');

    // The org switcher lists the org under Regular Orgs.
    await other.getByRole('button', { name: /Account menu/ }).click();
    await other.getByRole('menuitem', { name: 'Switch organizations' }).click();
    const switcher = other.getByRole('dialog', { name: 'Switch organizations' });
    await expect(
      switcher.getByRole('region', { name: 'Regular Orgs' }).getByRole('link', { name: /Bright Smiles Dental/ }),
    ).toBeVisible();
    await other.keyboard.press('Escape');

    // A member who is not an admin is refused the settings page.
    await other.goto('/org/b-s-d/settings');
    await expect(other.getByText('Settings (requires admin)').first()).toBeVisible();
    await expect(other.getByText('Only an admin of this organization can change its settings.')).toBeVisible();
    await expect(other.getByRole('heading', { name: 'Feature Flags' })).toHaveCount(0);

    // The link is single use (spec 000 §8).
    await other.goto(`/invitation?invitationId=${encodeURIComponent(code)}`);
    await expect(other.getByText('Invitation was already used.')).toBeVisible();

    // The admin sees the colleague with the provider role, and can change a feature flag.
    await page.goto('/org/b-s-d/members');
    const card = page.getByRole('listitem').filter({ hasText: colleagueEmail });
    await expect(card.getByText(colleagueEmail)).toBeVisible();
    await expect(card.getByText('Provider')).toBeVisible();

    // Inviting someone already in the organisation is refused with a reason.
    await page.getByLabel('Email Address').fill(colleagueEmail);
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText('That person is already a member of this organization.')).toBeVisible();
    // A member opening a link meant for someone else is told they are already part of it.
    const spare = email('spare');
    await page.getByLabel('Email Address').fill(spare);
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${spare}.`)).toBeVisible();
    await other.goto(`/invitation?invitationId=${encodeURIComponent(await invitationCode(url, spare))}`);
    await expect(other.getByText('You\'re already part of the "Bright Smiles Dental" organization.')).toBeVisible();

    await page.goto('/org/b-s-d/settings');
    await expect(page.getByRole('heading', { name: 'Feature Flags' })).toBeVisible();
    await expect(page.getByLabel('Sedation level limit', { exact: true })).toHaveValue('ga');
    const celsius = page.getByRole('switch', { name: 'Show temperatures in °C' });
    await expect(celsius).not.toBeChecked();
    await celsius.click({ force: true });
    await expect(celsius).toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Show temperatures in °C' })).toBeChecked();

    // Organisation details: the billing address (all but line 2) is required, shipping the same
    // as billing or complete (spec 000 §5), then saved.
    await expect(page.getByLabel('Billing Name')).toHaveValue('Bright Smiles Dental');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByText('Complete all required fields')).toBeVisible();
    await page.getByLabel(/^Address Line 1/).fill('1 Harbour Road');
    await page.getByLabel(/^City/).fill('Portland');
    await page.getByLabel(/^State/).fill('ME');
    await page.getByLabel(/^Postal Code/).fill('04101');
    await page.getByLabel(/^Country/).fill('US');
    await page.getByLabel('Shipping address is the same as billing').uncheck();
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByText('Complete all required fields')).toBeVisible();
    await page.getByLabel('Shipping Name').fill('Bright Smiles Deliveries');
    await page.getByLabel('Shipping Address Line 1').fill('9 Dock Street');
    await page.getByLabel('Shipping City').fill('Portland');
    await page.getByLabel('Shipping State').fill('ME');
    await page.getByLabel('Shipping Postal Code').fill('04102');
    await page.getByLabel('Shipping Country').fill('US');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/^City/)).toHaveValue('Portland');
    await expect(page.getByLabel('Shipping address is the same as billing')).not.toBeChecked();
    await expect(page.getByLabel('Shipping Address Line 1')).toHaveValue('9 Dock Street');

    // An override on this device changes what this tablet uses, not the organization (spec 000 §3).
    await page.getByLabel('Sedation level limit on this device').selectOption({ label: 'moderate' });
    await expect(page.getByText('1 override on this device.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Sedation level limit on this device')).toHaveValue('s:moderate');
    await expect(page.getByLabel('Sedation level limit', { exact: true })).toHaveValue('ga');
    await page.getByRole('button', { name: 'Clear overrides on this device' }).click();
    await expect(page.getByText('No overrides on this device.')).toBeVisible();

    await founderContext.close();
    await colleagueContext.close();
  });

  test('the invitation page offers sign-up and sign-in to a visitor, and shows the error card', async ({
    page,
    baseURL,
  }) => {
    const admin = await orgMember(baseURL!);
    const invitee = email('invitee');
    const sent = await admin.browser.gql(
      'mutation ($orgId: String, $email: String!) { createOrgInvitation(orgId: $orgId, email: $email, roles: ["member"]) { id } }',
      { orgId: admin.orgId, email: invitee },
    );
    expect(sent.code).toBeFalsy();
    const code = await invitationCode(baseURL!, invitee);

    await page.goto(`/invitation?invitationId=${encodeURIComponent(code)}`);
    await expect(
      page.getByRole('heading', { name: `You've been invited to join the "Practice ${admin.orgId}" organization.` }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create a new account' })).toHaveAttribute(
      'href',
      '/signup?returnUrl=%2Finvitation',
    );
    await expect(page.getByRole('link', { name: 'I already have an account' })).toHaveAttribute(
      'href',
      '/signin?returnUrl=%2Finvitation',
    );
    // The ID is kept while the visitor signs up or in, so /invitation alone still finds it.
    await page.goto('/invitation');
    await expect(page.getByRole('heading', { name: /You've been invited to join/ })).toBeVisible();

    await page.goto('/invitation?invitationId=not-a-real-code');
    await expect(page.getByText('This invitation link is invalid. It may have expired.')).toBeVisible();
    await page.getByRole('link', { name: 'Go back to Case Manager' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the welcome page lists several orgs, and a user of another org is sent home', async ({ browser, baseURL }) => {
    const url = baseURL!;
    const member = await orgMember(url);
    const second = await member.browser.gql(
      'mutation ($orgId: String) { createOrg(orgId: $orgId, orgType: "regular", orgName: "Second Office") { orgId } }',
      { orgId: `${member.orgId}-2` },
    );
    expect(second.code).toBeFalsy();
    const context = await contextWith(browser, url, member.browser);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Which org do you want to view?' })).toBeVisible();
    const regular = page.getByRole('region', { name: 'Regular Orgs' });
    await expect(regular.getByRole('link')).toHaveCount(2);
    await regular.getByRole('link', { name: /Second Office/ }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${member.orgId}-2$`));

    const stranger = await orgMember(url);
    await page.goto(`/org/${stranger.orgId}/members`);
    await expect(page.getByRole('heading', { name: 'Which org do you want to view?' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await context.close();
  });

  test('an admin changes a member’s roles and removes them; the last admin cannot step down', async ({
    browser,
    baseURL,
  }) => {
    const url = baseURL!;
    const admin = await orgMember(url);
    const colleagueEmail = email('nurse');
    const colleague = await fullyAuthenticated(url, colleagueEmail, MEMBER_PASSWORD);
    await admin.browser.gql(
      'mutation ($orgId: String, $email: String!) { createOrgInvitation(orgId: $orgId, email: $email, roles: ["member"]) { id } }',
      { orgId: admin.orgId, email: colleagueEmail },
    );
    const accepted = await colleague.browser.gql(
      'mutation ($id: String) { acceptOrgInvitation(invitationId: $id) { orgId } }',
      { id: await invitationCode(url, colleagueEmail) },
    );
    expect(accepted.code).toBeFalsy();

    const context = await contextWith(browser, url, admin.browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/org/${admin.orgId}/members`);
    const self = page.getByRole('listitem').filter({ hasText: admin.email });
    await self.getByRole('button', { name: /Change roles/ }).click();
    await self.getByLabel('Admin').uncheck();
    await self.getByRole('button', { name: 'Save Roles' }).click();
    await expect(
      self.getByText('An organization needs at least one admin. Make someone else an admin first.'),
    ).toBeVisible();

    const card = page.getByRole('listitem').filter({ hasText: colleagueEmail });
    await card.getByRole('button', { name: /Change roles/ }).click();
    await card.getByLabel('Provider').check();
    await card.getByRole('button', { name: 'Save Roles' }).click();
    await expect(card.getByText('Provider', { exact: true })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('listitem').filter({ hasText: colleagueEmail }).getByText('Provider', { exact: true }),
    ).toBeVisible();

    // The member's own page (members/{practitionerId}) shows the same, and leads back.
    await page.getByRole('listitem').filter({ hasText: colleagueEmail }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/org/${admin.orgId}/members/prc-`));
    await expect(page.getByRole('heading', { name: 'Dr. Test Person, DDS' })).toBeVisible();
    await expect(page.getByText(colleagueEmail)).toBeVisible();
    await page.getByRole('link', { name: 'All members' }).click();

    await page
      .getByRole('listitem')
      .filter({ hasText: colleagueEmail })
      .getByRole('button', { name: /^Remove/ })
      .click();
    await page.getByRole('dialog', { name: 'Remove member' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: colleagueEmail })).toHaveCount(0);
    await expect(page.getByRole('listitem')).toHaveCount(1);
    await context.close();
  });

  test('an invitee with an account signs in from the invitation page, verifies, comes back and joins', async ({
    page,
    baseURL,
  }) => {
    const url = baseURL!;
    const admin = await orgMember(url);
    const inviteeEmail = email('existing');
    await fullyAuthenticated(url, inviteeEmail, MEMBER_PASSWORD);
    await admin.browser.gql(
      'mutation ($orgId: String, $email: String!) { createOrgInvitation(orgId: $orgId, email: $email, roles: ["provider"]) { id } }',
      { orgId: admin.orgId, email: inviteeEmail },
    );
    const code = await invitationCode(url, inviteeEmail);
    const seen = (await outbox(url, inviteeEmail)).length;

    await page.goto(`/invitation?invitationId=${encodeURIComponent(code)}`);
    await expect(
      page.getByText('Validating invitation...').or(page.getByRole('heading', { name: /invited/ })),
    ).toBeVisible();
    await page.getByRole('link', { name: 'I already have an account' }).click();
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Finvitation$/);
    await page.getByLabel('Email Address').fill(inviteeEmail);
    await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Verify Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill(await nextCode(url, inviteeEmail, seen));

    await expect(page).toHaveURL(/\/invitation$/);
    await page.getByRole('button', { name: `Join as ${inviteeEmail}` }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${admin.orgId}$`));
    await expect(page.getByTestId('app-name')).toHaveText('Case Manager');
  });

  test('an invitee without an account creates one from the invitation page and then joins', async ({
    page,
    baseURL,
  }) => {
    const url = baseURL!;
    const admin = await orgMember(url);
    const inviteeEmail = email('newcomer');
    await admin.browser.gql(
      'mutation ($orgId: String, $email: String!) { createOrgInvitation(orgId: $orgId, email: $email, roles: ["member"]) { id } }',
      { orgId: admin.orgId, email: inviteeEmail },
    );
    const code = await invitationCode(url, inviteeEmail);

    await page.goto(`/invitation?invitationId=${encodeURIComponent(code)}`);
    await page.getByRole('link', { name: 'Create a new account' }).click();
    await expect(page).toHaveURL(/\/signup\?returnUrl=%2Finvitation$/);
    await page.getByLabel('Your Full Name').fill('Dr. New Colleague, DMD');
    await page.getByLabel('Email Address').fill(inviteeEmail);
    await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByLabel('Verification code').fill(await nextCode(url, inviteeEmail, 1));
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill(await nextCode(url, inviteeEmail, 2));

    // The returnUrl survives sign-up, email verification and MFA (spec 000 §5): back at the invitation.
    await expect(page).toHaveURL(/\/invitation$/);
    await page.getByRole('button', { name: `Join as ${inviteeEmail}` }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${admin.orgId}$`));
    await expect(page.getByTestId('app-name')).toHaveText('Case Manager');
  });

  test('a parent admin opens a child org and manages its members; an unrelated parent admin may look but not manage', async ({
    browser,
    baseURL,
    server,
  }) => {
    const url = baseURL!;
    const office = await orgMember(url);
    const parentAdmin = await orgMember(url);
    const parentId = `${office.orgId}-group`;
    const madeParent = await parentAdmin.browser.gql(
      'mutation ($orgId: String) { createOrg(orgId: $orgId, orgType: "parent", orgName: "Harbour Group") { orgId } }',
      { orgId: parentId },
    );
    expect(madeParent.code).toBeFalsy();
    const otherParent = await orgMember(url);
    const madeOther = await otherParent.browser.gql(
      'mutation ($orgId: String) { createOrg(orgId: $orgId, orgType: "parent", orgName: "Other Group") { orgId } }',
      { orgId: `${otherParent.orgId}-group` },
    );
    expect(madeOther.code).toBeFalsy();
    // Only the internal team links an office to its parent (decisions: internal-only fields).
    const uber = await orgMember(url);
    expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
    const linked = await uber.browser.gql(
      'mutation ($orgId: String, $parents: [ID!]) { updateOrg(orgId: $orgId, properties: { parentOrgs: $parents }) { id } }',
      { orgId: office.orgId, parents: [parentId] },
    );
    expect(linked.code).toBeFalsy();

    const context = await contextWith(browser, url, parentAdmin.browser);
    const page = await context.newPage();
    await page.goto(`/org/${office.orgId}/members`);
    await expect(page.getByRole('heading', { name: 'Current members' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: office.email })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Members', exact: true })).toBeVisible();
    await context.close();

    const otherContext = await contextWith(browser, url, otherParent.browser);
    const other = await otherContext.newPage();
    await other.goto(`/org/${office.orgId}/members`);
    await expect(other).toHaveURL(new RegExp(`/org/${office.orgId}/members$`));
    await expect(other.getByText('Members (requires admin)').first()).toBeVisible();
    await expect(
      other
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Settings (requires admin)' }),
    ).toBeVisible();
    await otherContext.close();
  });

  test('a visitor who is not signed in is sent to sign up, keeping where they were going', async ({ page }) => {
    await page.goto('/org/acme/members');
    await expect(page).toHaveURL(/\/signup\?returnUrl=%2Forg%2Facme%2Fmembers$/);
  });
});
