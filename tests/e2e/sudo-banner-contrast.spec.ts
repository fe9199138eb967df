import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { adminCli, sudo } from '../integration/orgs-helpers.js';
import { orgMember } from '../utils/members.js';
import { REPO_ROOT } from '../utils/start-server.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

const SHOTS = path.join(REPO_ROOT, 'test-results', 'sudo-banner');

/** Every axe-core violation (WCAG 2.1 A and AA, any impact) inside the sudo banner. */
async function bannerViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page })
    .include('[data-testid="sudo-banner"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the sudo banner and its Extend and Exit Sudo buttons pass axe colour contrast, orange and in its red last minute', async ({
  browser,
  baseURL,
  server,
}) => {
  const uber = await orgMember(baseURL!);
  expect((await adminCli(server as never, 'make-uber', uber.email)).code).toBe(0);
  await sudo(server, uber);
  const context = await contextWith(browser, baseURL!, uber.browser);
  const page = await context.newPage();
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${uber.orgId}`);
  const banner = page.getByTestId('sudo-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('data-color', 'orange');
  await expect(banner.getByRole('button', { name: 'Extend' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Exit Sudo' })).toBeVisible();
  expect(await bannerViolations(page)).toEqual([]);
  // Not hidden under the application's header: the buttons are what is drawn at their centre.
  for (const name of ['Extend', 'Exit Sudo']) {
    const button = banner.getByRole('button', { name });
    const box = (await button.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe(name);
  }
  await page.screenshot({ path: path.join(SHOTS, 'orange.png') });

  // The last minute: the page's clock moves to 30 s before sudo ends.
  const [, minutes, seconds] = /(\d+):(\d\d) left/.exec((await banner.textContent()) ?? '')!;
  await page.clock.fastForward((Number(minutes) * 60 + Number(seconds) - 30) * 1000);
  await expect(banner).toHaveAttribute('data-color', 'red');
  expect(await bannerViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, 'red.png') });
});
