import { Browser, latestCode, outbox, signUp } from '../integration/accounts-client.js';
import { accept, invitationCode, invite } from '../integration/orgs-helpers.js';
import { orgMember } from '../utils/members.js';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

/*
 * Issue 40 (spec 000 §1, §2): a member who joined by invitation and set up text-message
 * verification has not verified their email. The sticky status bar asks them to; its link goes
 * through /verify-email (a code is sent as it opens) and back to the page, and the bar is gone.
 */
test('the status bar prompts an unverified email until it is verified, through /verify-email and back', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL!;
  const admin = await orgMember(url);
  const email = 'unverified.member@example.com';
  const phone = '+14155550123';
  const jar = new Browser(url);
  expect((await signUp(jar, { email, password: 'granite lantern 42 meadow' })).code).toBeUndefined();
  await jar.gql('mutation ($to: String!) { sendMfaVerification(to: $to, channel: "sms") }', { to: phone });
  const mfa = await jar.gql(
    'mutation ($to: String!, $code: String!) { verifyMfaCode(to: $to, channel: "sms", code: $code) { user { emailVerified } } }',
    { to: phone, code: await latestCode(url, phone) },
  );
  expect(mfa.data).toEqual({ verifyMfaCode: { user: { emailVerified: false } } });
  expect(
    (await invite({ browser: admin.browser, email: admin.email, userId: '' }, admin.orgId, email)).code,
  ).toBeUndefined();
  expect((await accept(jar, await invitationCode(url, email))).code).toBeUndefined();

  const context = await contextWith(browser, url, jar);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/org/${admin.orgId}/cases`);
  await expect(page.getByRole('heading', { name: 'Cases', level: 1 })).toBeVisible();
  const bar = page.getByTestId('status-bar');
  await expect(bar).toContainText('Your email address is not verified yet.');
  await expect(bar).toContainText(email);
  expect(await seriousViolations(page)).toEqual([]);

  const before = (await outbox(url, email)).length;
  await bar.getByRole('link', { name: 'Verify email' }).click();
  await expect(page).toHaveURL(/\/verify-email\?returnUrl=/);
  await expect.poll(async () => (await outbox(url, email)).length).toBeGreaterThan(before);
  await page.getByLabel('Verification code').fill(await latestCode(url, email));
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${admin.orgId}/cases$`));
  await expect(page.getByRole('heading', { name: 'Cases', level: 1 })).toBeVisible();
  await expect(page.getByTestId('status-bar')).toHaveCount(0);
  await context.close();
});
