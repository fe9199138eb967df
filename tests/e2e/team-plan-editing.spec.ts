import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';
import { superuser } from './org-setup.js';

/**
 * Issue 37 in Chromium: a member of the internal team opens The Plan (the pricing table offices
 * see, and the plans with Edit), edits Advanced, changes its monthly price from $149 to $169 and
 * saves; the pricing table then shows $169 a month, offices are offered the new price
 * (availablePlans), and the products list keeps the $149 price as archived. axe-core runs on
 * every screen (the New plan and Archive dialogs included); the screens are photographed at
 * 1280×800, 800×1280 and on a phone, where the page itself never scrolls sideways.
 */

async function axeClean(page: Page, found: Map<string, string[]>, name: string): Promise<void> {
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  found.set(name, await seriousViolations(page));
}

const fitsWidth = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the team changes the Advanced monthly price and the pricing table shows it', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(300_000);
  const found = new Map<string, string[]>();
  const uber = await superuser(server);
  const page = await (await contextWith(browser, baseURL!, uber.browser)).newPage();
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/vigil-team/the-plan');
  await expect(page.getByRole('heading', { name: 'The Plan', level: 1 })).toBeVisible();
  const advancedCard = page.getByTestId('plan-advanced');
  await expect(advancedCard).toContainText('$149');
  await axeClean(page, found, 'the plan');
  await page.screenshot({ path: test.info().outputPath('the-plan-1280.png'), fullPage: true });

  await page.getByRole('link', { name: 'Edit Advanced' }).click();
  await expect(page).toHaveURL(/\/vigil-team\/products\/vigil-advanced$/);
  await expect(page.getByRole('heading', { name: 'Plan: Advanced' })).toBeVisible();
  const monthly = page.getByLabel('Monthly price per provider (dollars)');
  await expect(monthly).toHaveValue('149.00');
  await axeClean(page, found, 'plan product');
  await page.getByRole('button', { name: 'Archive plan' }).click();
  await expect(page.getByRole('dialog', { name: 'Archive Advanced?' })).toBeVisible();
  await axeClean(page, found, 'archive confirmation');
  await page.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A price that is no price is refused on the form, and nothing is sent.
  await monthly.fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter an amount more than $0 and at most $100,000.')).toBeVisible();

  await monthly.fill('169');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(monthly).toHaveValue('169.00');
  await expect(page.getByRole('table', { name: 'Earlier prices' })).toContainText('$149');
  await axeClean(page, found, 'plan product saved');
  await page.screenshot({ path: test.info().outputPath('plan-product-1280.png'), fullPage: true });

  // Offices are offered the new price.
  const offered = await uber.browser.gql<{ availablePlans: { amount: number; lookupKey: string }[] }>(
    'query { availablePlans { amount lookupKey } }',
  );
  expect(offered.data?.availablePlans.find((p) => p.lookupKey === 'advanced_monthly')?.amount).toBe(16_900);

  await page.getByRole('link', { name: 'All plans' }).click();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  const prices = page.getByRole('table', { name: 'Plan prices' });
  await expect(prices.getByRole('row').filter({ hasText: '$169' })).toContainText('Offered');
  await expect(prices.getByRole('row').filter({ hasText: '$149' }).first()).toContainText('Archived');
  await axeClean(page, found, 'products');
  await page.getByRole('button', { name: 'New plan' }).click();
  await expect(page.getByRole('dialog', { name: 'New plan' })).toBeVisible();
  await page.getByLabel('Lookup key').fill('plus_yearly_2027');
  await expect(page.getByText('Plus, yearly')).toBeVisible();
  await axeClean(page, found, 'new plan');
  await page.keyboard.press('Escape');

  await page.goto('/vigil-team/the-plan');
  await expect(advancedCard).toContainText('$169');
  await expect(page.getByRole('table', { name: 'Plans offered' })).toContainText('$169 / month');

  for (const [name, size] of [
    ['800', { width: 800, height: 1280 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto('/vigil-team/the-plan');
    await expect(advancedCard).toContainText('$169');
    expect(await fitsWidth(page), `the plan at ${name}`).toBe(true);
    await axeClean(page, found, `the plan at ${name}`);
    await page.screenshot({ path: test.info().outputPath(`the-plan-${name}.png`), fullPage: true });
    await page.goto('/vigil-team/products/vigil-advanced');
    await expect(page.getByLabel('Monthly price per provider (dollars)')).toHaveValue('169.00');
    expect(await fitsWidth(page), `the plan product at ${name}`).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`plan-product-${name}.png`), fullPage: true });
  }
  await axeClean(page, found, 'plan product on a phone');

  const failures = [...found].filter(([, v]) => v.length > 0).map(([at, v]) => `${at}: ${v.join('; ')}`);
  expect(failures).toEqual([]);
  expect(found.size).toBe(9);
});
