import { randomBytes } from 'node:crypto';
import { signEmrLaunch } from '../../sync-server/src/auth/emr.js';
import { orgMember } from '../utils/members.js';
import { expect, test } from './fixtures.js';

const SECRET = 'an emr launch secret for the e2e test 0123456789';

// This file's server signs EMR launches with the secret (the launch route exists only with one).
test.use({ serverOptions: { env: { EMR_LAUNCH_SECRET: SECRET } } });

test.describe('accounts: EMR single-organisation session (spec 000 §2, §4)', () => {
  test("shows the 'Signed Out' card after an unattended EMR session ends, with 'Return to EMR' and a direct login", async ({
    browser,
    baseURL,
  }) => {
    const member = await orgMember(baseURL!);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() });
    const now = Date.now();
    const token = signEmrLaunch(SECRET, {
      orgId: member.orgId,
      email: member.email,
      iat: now,
      exp: now + 2 * 60_000,
      nonce: randomBytes(16).toString('hex'),
      path: '/profile',
      returnUrl: 'https://emr.example.com/chart/42',
    });
    await page.goto(`/api/emr/launch?token=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    // spec 000 §5: the name is not editable in a session tied to a single EMR organisation.
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();

    // Nobody touches the tablet for 31 minutes: the 30-minute EMR session is not extended and ends.
    await page.clock.fastForward('31:00');
    await page.clock.runFor(2_000);
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fprofile$/);
    const card = page.getByTestId('emr-signed-out');
    await expect(card.getByRole('heading', { name: 'Signed Out' })).toBeVisible();
    await expect(card.getByText('You were signed out due to inactivity.', { exact: true })).toBeVisible();
    await expect(card.getByText('To log in again, please launch from within your EMR.', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Return to EMR' })).toHaveAttribute(
      'href',
      'https://emr.example.com/chart/42',
    );
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);

    await card.getByRole('button', { name: 'Log in directly with email and password' }).click();
    await expect(page.getByLabel('Email Address')).toHaveValue(member.email);
    await expect(page.getByText('Please re-enter your password.')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await context.close();
  });
});
