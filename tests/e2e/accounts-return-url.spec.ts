import { outbox } from '../integration/accounts-client.js';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

async function nextCode(baseUrl: string, to: string, before: number): Promise<string> {
  await expect.poll(async () => (await outbox(baseUrl, to)).length).toBeGreaterThan(before);
  return /\b(\d{6})\b/.exec((await outbox(baseUrl, to)).at(-1)!.body)![1]!;
}

test.describe('accounts: returnUrl through sign-up (spec 000 §4, §5)', () => {
  test('keeps the returnUrl from /signup through /verify-email and /mfa, and arrives there', async ({
    page,
    server,
  }) => {
    const email = 'returning.signup@example.com';
    await page.goto('/profile');
    // Not signed in, no token: /signup keeps where the guest was going.
    await expect(page).toHaveURL(/\/signup\?returnUrl=%2Fprofile$/);
    await page.getByLabel('Your Full Name').fill('Dr. Return Trip, DDS');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a long way home 2026');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/verify-email\?returnUrl=%2Fprofile$/);
    await page.getByLabel('Verification code').fill(await nextCode(server.url, email, 0));
    await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
    // After 2.5 s it goes to / (spec 000 §2) with the returnUrl, which sends a partial session to /mfa.
    await expect(page).toHaveURL(/\/mfa\?returnUrl=%2Fprofile$/);
    await expect(page.getByRole('heading', { name: 'Set up Account Verification' })).toBeVisible();
    const before = (await outbox(server.url, email)).length;
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill(await nextCode(server.url, email, before));
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  });

  test('ignores a foreign returnUrl carried to /verify-email (spec 000 §5)', async ({ page, server }) => {
    const email = 'foreign.return@example.com';
    await page.goto('/signup?returnUrl=https%3A%2F%2Fevil.example.com%2F');
    await page.getByLabel('Your Full Name').fill('Dr. Careful');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a long way home 2026');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/verify-email$/);
    // The page mails a code when it opens; wait for it, so the reload below is not racing that request
    // (a navigation can cancel it before it reaches the server, and then only one code is ever sent).
    await nextCode(server.url, email, 0);
    await page.goto('/verify-email?returnUrl=https%3A%2F%2Fevil.example.com%2F');
    await page.getByLabel('Verification code').fill(await nextCode(server.url, email, 1));
    await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    await expect(page).toHaveURL(/\/mfa$/);
  });
});

test.describe('accounts: token in the URL hash (spec 000 §4)', () => {
  test('#token=null signs the tablet out and goes to the root; a token value is removed from the address, not adopted', async ({
    browser,
    server,
  }) => {
    const { context } = await memberContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/profile#token=planted-token-value');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    await page.goto('/profile#token=null');
    await expect(page).toHaveURL(new RegExp(`^${server.url}/(signup)?$`));
    expect((await context.cookies()).some((c) => c.name === 'vigil-uid')).toBe(false);
    await context.close();
  });
});
