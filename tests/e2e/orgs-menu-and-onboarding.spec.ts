import { randomAlphanumeric } from '@vigil/shared';
import { invitationCode } from '../integration/orgs-helpers.js';
import { orgMember } from '../utils/members.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

test.describe('account menu, new onboarding and invitation address (issue 4; spec 000 §2)', () => {
  test('the account menu has the items of spec 000 §2, each leading to its screen', async ({ browser, baseURL }) => {
    const url = baseURL!;
    const admin = await orgMember(url);
    const context = await contextWith(browser, url, admin.browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/org/${admin.orgId}/settings`);
    const openMenu = async (): Promise<void> => {
      await page.getByRole('button', { name: /^Account menu for/ }).click();
    };
    await openMenu();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Profile',
      'Help / Feedback',
      'Test Monitor Connection',
      'Open L.A. Tracker',
      'Start Tour Mode',
      'Switch organizations',
      'Sign Out',
    ]);
    await page.getByRole('menuitem', { name: 'Help / Feedback' }).click();
    await expect(page).toHaveURL(/#helpFeedback$/);
    await expect(page.getByRole('dialog', { name: 'Help / Feedback' })).toContainText('Ask for help or tell us');
    await page.keyboard.press('Escape');

    await openMenu();
    await page.getByRole('menuitem', { name: 'Open L.A. Tracker' }).click();
    const tracker = page.getByRole('dialog', { name: 'Open L.A. Tracker' });
    await expect(tracker).toContainText('Open a case to use it.');
    await tracker.getByRole('link', { name: 'Go to Cases' }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${admin.orgId}/cases$`));

    await openMenu();
    await page.getByRole('menuitem', { name: 'Start Tour Mode' }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${admin.orgId}/tour$`));
    await expect(page.getByRole('dialog', { name: 'Welcome to tour mode' })).toBeVisible();
    await page.goto(`/org/${admin.orgId}/cases`);

    await openMenu();
    await page.getByRole('menuitem', { name: 'Test Monitor Connection' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo\\?orgId=${admin.orgId}&mode=testMonitors$`));
    await expect(page.getByRole('heading', { name: 'Test Monitor Connection' })).toBeVisible();
    await context.close();
  });

  test('/create-org-alt makes an onboarding organisation named from its name, which then goes live', async ({
    browser,
    baseURL,
  }) => {
    const url = baseURL!;
    const someone = await orgMember(url);
    const context = await contextWith(browser, url, someone.browser);
    const page = await context.newPage();
    await page.goto('/create-org-alt');
    await expect(page.getByRole('heading', { name: "Let's set up your new organization!" })).toBeVisible();
    await expect(page.getByLabel('Organization ID')).toHaveCount(0);
    const name = `Tidewater ${randomAlphanumeric(6)} Dental PLLC`;
    await page.getByLabel('Organization Name').fill(name);
    await page.getByRole('radio', { name: 'Google' }).check();
    await page.getByRole('button', { name: 'Create Organization' }).click();
    await expect(page).toHaveURL(/\/org\/t-[a-z0-9]+-d(-\d+)?\/go-live$/);
    const onboarding = page.getByRole('alert').filter({ hasText: 'Onboarding' });
    await expect(onboarding).toContainText('test patients');
    await page.getByRole('button', { name: 'Go live' }).click();
    await expect(page.getByText(/Your free trial runs until/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go live' })).toHaveCount(0);
    await context.close();
  });

  test('an invitation opened while signed in with another address suggests signing in as the invitee', async ({
    browser,
    baseURL,
  }) => {
    const url = baseURL!;
    const admin = await orgMember(url);
    const other = await orgMember(url);
    const invitee = `invitee-${randomAlphanumeric(8).toLowerCase()}@vigil.test`;
    const sent = await admin.browser.gql(
      'mutation ($orgId: String, $email: String!) { createOrgInvitation(orgId: $orgId, email: $email, roles: ["member"]) { id } }',
      { orgId: admin.orgId, email: invitee },
    );
    expect(sent.code).toBeFalsy();
    const code = await invitationCode(url, invitee);
    const context = await contextWith(browser, url, other.browser);
    const page = await context.newPage();
    await page.goto(`/invitation?invitationId=${encodeURIComponent(code)}`);
    const warning = page.getByRole('alert').filter({ hasText: 'Different email address' });
    await expect(warning).toContainText(
      `This invitation was sent to i•••@vigil.test, and you are signed in as ${other.email}`,
    );
    await expect(page.getByRole('button', { name: `Join as ${other.email}` })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in as a different user' }).click();
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Finvitation$/);
    await context.close();
  });
});
