import { mkdirSync, rmSync } from 'node:fs';
import { TRIAL_ENDED_MESSAGE, TRIAL_MS } from '@vigil/shared';
import type { Locator } from '@playwright/test';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';
import { join, person } from '../integration/orgs-helpers.js';
import { orgMember, signInAgain } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';

/** An amount shown as "$1,234.50" inside a text, in cents. */
async function centsIn(locator: Locator): Promise<number> {
  const m = /\$([\d,]+(?:\.\d\d)?)/.exec((await locator.textContent()) ?? '');
  if (!m) throw new Error('no amount shown');
  return Math.round(Number(m[1]!.replace(/,/g, '')) * 100);
}

/**
 * Issue 37 in Chromium: an admin at day 31 of the free trial sees the banner, follows it to the
 * Subscription page, picks Advanced yearly, is refused the decline card with the provider's text,
 * enters the success card, subscribes, and adds a patient again; a provider added to the office
 * then shows on the next invoice preview. The server's clock is moved past the trial's end
 * (VIGIL_TEST_CLOCK_OFFSET_MS), and the browser's with it.
 */
test('an admin whose trial ended subscribes to Advanced yearly from the banner and adds a patient again', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  // This spec moves its own server's clock, so it starts (and restarts) one of its own.
  let server: TestServer = await startServer({ timeoutMs: 150_000 });
  const dataDir = server.dataDir;
  try {
    const admin = await orgMember(server.url);
    await server.stop();
    // Day 31: the trial ended an hour ago.
    const offset = TRIAL_MS + 3_600_000;
    server = await startServer({ dataDir, timeoutMs: 150_000, env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(offset) } });
    // The admin signed in again on the restarted server (the browser's cookies and the API calls below).
    const jar = await signInAgain(server.url, admin.email);
    const context = await contextWith(browser, server.url, jar);
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() + offset });

    // The banner says the trial ended and what the office keeps, and links to the Subscription page.
    await page.goto(`/org/${admin.orgId}/patients`);
    const banner = page.getByTestId('subscription-banner');
    await expect(banner).toContainText('Your free trial has ended');
    await expect(banner).toContainText(TRIAL_ENDED_MESSAGE);
    await banner.getByRole('link', { name: 'Go to the Subscription page' }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${admin.orgId}/subscription$`));
    await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
    await expect(page.getByTestId('sub-status')).toHaveText('Trial ended');

    // Advanced, yearly.
    await page.locator('label', { hasText: 'Yearly' }).click();
    const advanced = page.getByRole('region', { name: 'Advanced' });
    await expect(advanced.getByText('Most Popular')).toBeVisible();
    await expect(advanced.getByText('Save 16% against 12 months')).toBeVisible();
    await advanced.getByRole('button', { name: 'Choose Advanced' }).click();
    const choice = page.getByTestId('plan-choice');
    await expect(choice).toContainText('Advanced, yearly: $1,490 / year for 1 provider.');
    await expect(choice.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);

    // The decline card is refused with the provider's text; nothing is saved.
    const cardForm = page.getByRole('form', { name: 'Add a card' });
    await cardForm.getByLabel('Card number').fill('4000 0000 0000 0002');
    await cardForm.getByLabel('Expiry (MM/YY)').fill('12/40');
    await cardForm.getByLabel('CVC').fill('123');
    await cardForm.getByRole('button', { name: 'Save card' }).click();
    await expect(cardForm.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(page.getByTestId('card-on-file')).toHaveCount(0);

    // The success card, then subscribe.
    await cardForm.getByLabel('Card number').fill('4242 4242 4242 4242');
    await cardForm.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByTestId('card-on-file')).toContainText('•••• 4242, expires 12/40');
    await expect(page.getByTestId('card-on-file')).toContainText('Visa');
    await choice.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByTestId('sub-status')).toHaveText('Active');
    await expect(page.getByTestId('current-plan')).toHaveText('Advanced, yearly: $1,490 / year for 1 provider');
    await expect(banner).toHaveCount(0);
    const invoices = page.getByRole('table', { name: 'Past invoices' });
    await expect(invoices.getByRole('row').nth(1)).toContainText('$1,490');
    await expect(invoices.getByRole('row').nth(1)).toContainText('Paid');
    const upcoming = page.getByTestId('upcoming-invoice');
    await expect(upcoming).toContainText('Next invoice: $1,490');
    await expect(page.getByText(/^Invoice due in \d+ day\(s\)$/)).toBeVisible();
    // The next year for 2 providers ($2,980) and the second provider's prorated share of this year.
    const note = page.getByTestId('provider-change-note');
    await expect(note).toContainText('with 2 providers it would be $');
    expect(await centsIn(note)).toBeGreaterThan(2 * 149_000);
    expect(await seriousViolations(page)).toEqual([]);

    mkdirSync('test-results/subscription', { recursive: true });
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 1280 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `test-results/subscription/${size.width}x${size.height}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // New patients are accepted again.
    await page.goto(`/org/${admin.orgId}/patients`);
    await page.getByRole('button', { name: 'New Patient' }).click();
    const form = page.getByRole('form', { name: 'New patient' });
    await form.getByLabel('First Name').fill('Maya');
    await form.getByLabel('Last Name').fill('Okafor');
    await form.getByLabel('Birth Date').fill('3/4/15');
    await form.getByRole('button', { name: 'Add Patient' }).click();
    await expect(page.getByRole('heading', { name: 'Maya Okafor' })).toBeVisible();

    // A provider joins the office: the next invoice bills two.
    await page.goto(`/org/${admin.orgId}/subscription`);
    await expect(page.getByTestId('providers-billed')).toContainText('Providers billed: 1');
    const before = await centsIn(upcoming);
    const colleague = await person(server, `provider-${Date.now()}@subscription.test`);
    await join(server, { browser: jar, email: admin.email, userId: '' }, admin.orgId, colleague, ['provider']);
    await page.reload();
    await expect(page.getByTestId('providers-billed')).toContainText('Providers billed: 2');
    await expect(page.getByTestId('current-plan')).toHaveText('Advanced, yearly: $2,980 / year for 2 providers');
    await expect.poll(async () => centsIn(upcoming)).toBeGreaterThan(before);
    await context.close();
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
