import type { Page, Request } from '@playwright/test';
import { memberContext } from './members.js';
import { expect, test } from './fixtures.js';

/** GraphQL operations the page sends, by operation name, in order. */
function recordOperations(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/api/graphql') || request.method() !== 'POST') return;
    const body = request.postData() ?? '';
    const name = /"query":"(?:query|mutation)\s+(\w+)/.exec(body)?.[1];
    if (name) names.push(name);
  });
  return names;
}

test.describe('accounts: inactivity (spec 000 §4, §9)', () => {
  test('does not extend the session of an inactive user (quiet for 2 minutes), and extends it as soon as they are active again', async ({
    browser,
    server,
  }) => {
    const { context } = await memberContext(browser, server.url);
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() });
    const operations = recordOperations(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();

    // 11 minutes with nobody at the tablet: past the 10-minute renew age, but inactive, so no extension.
    await page.clock.fastForward('11:00');
    await page.clock.runFor(5_000);
    expect(operations).not.toContain('ExtendSession');

    // The user comes back: input after more than 30 s of quiet re-reads the session, and the next
    // one-second tick extends it (active, valid multi-factor, renewed longer ago than 10 minutes).
    const before = operations.length;
    await page.mouse.move(200, 200);
    await page.mouse.move(220, 240);
    await page.clock.runFor(2_000);
    await expect.poll(() => operations.slice(before)).toContain('ExtendSession');
    expect(operations.slice(before)).toContain('UserAndSession');
    await context.close();
  });

  test('sends an unattended tablet to /mfa once multi-factor lapses after its 12-hour idle timeout', async ({
    browser,
    server,
  }) => {
    const { context } = await memberContext(browser, server.url);
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    await page.clock.fastForward('11:59:00');
    await page.clock.runFor(2_000);
    await expect(page).toHaveURL(/\/profile$/);
    await page.clock.fastForward('02:00');
    await page.clock.runFor(2_000);
    await expect(page).toHaveURL(/\/mfa\?returnUrl=%2Fprofile$/);
    await expect(page.getByRole('heading', { name: 'Verify Account' })).toBeVisible();
    await context.close();
  });

  test('tries a failed session fetch again after 30 seconds (spec 000 §4, §8, §9) and picks the session up', async ({
    browser,
    server,
  }) => {
    const { context } = await memberContext(browser, server.url);
    const page = await context.newPage();
    const start = Date.now();
    await page.clock.install({ time: start });
    // The page's time stands still from here: only runFor moves it, so the 30 seconds counted below
    // are the page's own, however long a loaded machine takes between two steps of this test.
    await page.clock.pauseAt(start + 1_000);
    const operations = recordOperations(page);
    let serverReachable = false;
    await page.route('**/api/graphql', (route) =>
      !serverReachable && (route.request().postData() ?? '').includes('UserAndSession')
        ? route.abort('internetdisconnected')
        : route.continue(),
    );
    await page.goto('/profile');
    await expect.poll(() => operations.filter((o) => o === 'UserAndSession').length).toBe(1);
    serverReachable = true;
    await page.clock.runFor(29_000);
    expect(operations.filter((o) => o === 'UserAndSession')).toHaveLength(1);
    await page.clock.runFor(1_500);
    await expect.poll(() => operations.filter((o) => o === 'UserAndSession').length).toBe(2);
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    await context.close();
  });

  test('leaves the page within 3 seconds when another tab changes the identity cookie (spec 000 §4, §9)', async ({
    browser,
    server,
  }) => {
    const { context } = await memberContext(browser, server.url);
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    await context.addCookies([{ name: 'vigil-uid', value: 'usr_someone_else', url: server.url }]);
    await page.clock.runFor(3_000);
    await expect(page).not.toHaveURL(/\/profile$/);
    await context.close();
  });
});
