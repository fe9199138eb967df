import type { Locator, Page } from '@playwright/test';
import { Browser, outbox, signIn } from '../integration/accounts-client.js';
import { MEMBER_PASSWORD } from '../utils/members.js';
import { memberContext, secondDevice } from './members.js';
import { expect, test } from './fixtures.js';

const PHONE = '+14155552671';

/** Waits for a new message to an address (after `before` messages) and returns its 6-digit code. */
async function nextCode(baseUrl: string, to: string, before: number): Promise<string> {
  await expect.poll(async () => (await outbox(baseUrl, to)).length).toBeGreaterThan(before);
  return /\b(\d{6})\b/.exec((await outbox(baseUrl, to)).at(-1)!.body)![1]!;
}

/** Confirms identity in a dialog with the code mailed to `email`. */
async function confirmIdentity(dialog: Locator, baseUrl: string, email: string): Promise<void> {
  await expect(
    dialog.getByText('You are about to perform a sensitive action, so we need to confirm your identity.'),
  ).toBeVisible();
  const before = (await outbox(baseUrl, email)).length;
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('Verification code').fill(await nextCode(baseUrl, email, before));
}

async function openProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
}

test.describe('accounts: modals opened through the URL hash (spec 000 §2)', () => {
  test('changes the password in the updatePassword modal after confirming identity, and closes it with Escape', async ({
    browser,
    server,
  }) => {
    const { member, context } = await memberContext(browser, server.url);
    const page = await context.newPage();
    await openProfile(page);
    await page.getByRole('link', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/profile#updatePassword$/);
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/profile$/);

    await page.goto('/profile#updatePassword');
    await confirmIdentity(dialog, server.url, member.email);
    await dialog.getByLabel('New Password', { exact: true }).fill('a modal password 2026');
    await dialog.getByLabel('Confirm New Password').fill('a modal password 2026');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Your password has been changed. Other devices have been signed out.',
    );
    // The old password no longer works.
    expect((await signIn(new Browser(server.url), member.email, MEMBER_PASSWORD)).code).toBe(
      'INVALID_LOGIN_CREDENTIALS',
    );
    expect((await signIn(new Browser(server.url), member.email, 'a modal password 2026')).code).toBeUndefined();
    await context.close();
  });

  test('switches verification to text messages with updateMfaChannelTo: confirm identity, verify the number, the email option goes', async ({
    browser,
    server,
  }) => {
    const { member, context } = await memberContext(browser, server.url);
    const page = await context.newPage();
    await openProfile(page);
    await page.getByRole('link', { name: 'Use text messages only' }).click();
    await expect(page).toHaveURL(/#updateMfaChannelTo=%7B%22channel%22%3A%22sms%22%7D$/);
    const dialog = page.getByRole('dialog', { name: 'Use text messages for verification' });
    await confirmIdentity(dialog, server.url, member.email);
    await dialog.getByLabel('Mobile number').fill('(415) 555-2671');
    const before = (await outbox(server.url, PHONE)).length;
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Verification code').fill(await nextCode(server.url, PHONE, before));
    await expect(dialog.getByRole('status')).toHaveText(
      'Verification codes now go by text message to +1 (415) 555-2671.',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('listitem')).toHaveText(['Text message to +1 (415) 555-2671']);
    // One option left: nothing to remove.
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await context.close();
  });

  test('removes a verification option after the sudoMfa modal (opened through the hash), and Cancel leaves it', async ({
    browser,
    server,
  }) => {
    const { member, context } = await memberContext(browser, server.url);
    // A second option, added through the API under sudo.
    const gql = member.browser.gql.bind(member.browser);
    await gql('mutation ($to: String!) { sendMfaVerification(to: $to, channel: "email", sudo: true) }', {
      to: member.email,
    });
    await gql(
      'mutation ($to: String!, $code: String!) { verifyMfaCode(to: $to, channel: "email", code: $code, sudo: true) { user { id } } }',
      { to: member.email, code: await nextCode(server.url, member.email, 0) },
    );
    await gql('mutation ($to: String!) { sendMfaVerification(to: $to, channel: "sms") }', { to: PHONE });
    await gql(
      'mutation ($to: String!, $code: String!) { verifyMfaCode(to: $to, channel: "sms", code: $code) { user { id } } }',
      { to: PHONE, code: await nextCode(server.url, PHONE, 0) },
    );
    // A fresh device (no sudo yet) for the same person.
    const device = await secondDevice(browser, server.url, member);
    const page = await device.newPage();
    await openProfile(page);
    await expect(page.getByRole('listitem')).toHaveText([/^Text message to/, /^Email to/]);

    await page.getByRole('button', { name: `Remove Email to ${member.email}` }).click();
    await expect(page).toHaveURL(/\/profile#sudoMfa$/);
    const dialog = page.getByRole('dialog', { name: 'Confirm your identity' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('listitem')).toHaveCount(2);

    await page.getByRole('button', { name: `Remove Email to ${member.email}` }).click();
    // The code goes to the first verified option: text messages sort first (spec 000 §3).
    await expect(dialog.getByText('You are about to perform a sensitive action')).toBeVisible();
    const before = (await outbox(server.url, PHONE)).length;
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByLabel('Verification code').fill(await nextCode(server.url, PHONE, before));
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('listitem')).toHaveText(['Text message to +1 (415) 555-2671']);
    await device.close();
    await context.close();
  });
});
