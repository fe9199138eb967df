import type { Page } from '@playwright/test';
import { SHOP_TEXTS } from '@vigil/shared';
import type { Browser as CookieJar } from '../integration/accounts-client.js';
import { orgMember } from '../utils/members.js';
import { addLocalCard } from './cards.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';
import { superuser } from './org-setup.js';

/**
 * Issue 37 in Chromium: two internal team members open the same paid order in the team's store.
 * The first fulfils it with a double click (one move); the second, whose screen still says Paid,
 * clicks "Mark fulfilled": the server refuses the stale move (CONFLICT), the screen says so and
 * shows the order as it is now, and the order was fulfilled once. The second then ships it from
 * what they now see.
 */

/** A paid order of a new office with the store on: a card entered with the local provider, one demo scanner bought. */
async function paidOrder(baseURL: string, jar: CookieJar, orgId: string): Promise<string> {
  await addLocalCard(baseURL, jar, orgId);
  const cart = await jar.gql(
    'mutation ($o: String) { setCartLine(orgId: $o, productId: "prd-demoscanner000", quantity: 1) { total } }',
    {
      o: orgId,
    },
  );
  expect(cart.code).toBeFalsy();
  const placed = await jar.gql<{ checkout: { id: string } }>('mutation ($o: String) { checkout(orgId: $o) { id } }', {
    o: orgId,
  });
  expect(placed.code).toBeFalsy();
  return placed.data!.checkout.id;
}

/** The order as the server has it. */
async function stored(jar: CookieJar, orderId: string): Promise<{ status: string; fulfilledAt: number | null }> {
  const found = await jar.gql<{ storeOrder: { status: string; fulfilledAt: number | null } }>(
    'query ($id: String!) { storeOrder(orderId: $id) { status fulfilledAt } }',
    { id: orderId },
  );
  expect(found.code).toBeFalsy();
  return found.data!.storeOrder;
}

/** The order's progress steps as the screen lists them, each with its date or "Not yet". */
async function progress(page: Page): Promise<string[]> {
  return page.getByLabel('Order progress').locator('.mantine-Timeline-item').allInnerTexts();
}

test('two team members moving one order: the stale fulfilment is refused, the order is fulfilled once', async ({
  browser,
  baseURL,
  server,
}, testInfo) => {
  test.setTimeout(300_000);
  const office = await orgMember(baseURL!);
  const first = await superuser(server);
  const second = await superuser(server);
  const flag = await first.browser.gql(
    'mutation ($o: String!, $f: String!) { addOrgFeature(orgId: $o, featureName: $f) { name } }',
    {
      o: office.orgId,
      f: 'store',
    },
  );
  expect(flag.code).toBeFalsy();
  const orderId = await paidOrder(baseURL!, office.browser, office.orgId);

  // The office's menu links to its shop now that the store is on for it.
  const officePage = await (await contextWith(browser, baseURL!, office.browser)).newPage();
  await officePage.setViewportSize({ width: 1280, height: 800 });
  await officePage.goto(`/org/${office.orgId}/patients`);
  const menu = officePage.getByRole('navigation', { name: 'Main navigation' });
  await menu.getByRole('link', { name: 'Shop' }).click();
  await expect(officePage).toHaveURL(new RegExp(`/org/${office.orgId}/shop$`));
  await expect(officePage.getByRole('listitem', { name: '2D barcode scanner' })).toBeVisible();
  await officePage.screenshot({ path: testInfo.outputPath('office-menu-shop.png') });
  await officePage.context().close();

  const pageOf = async (jar: CookieJar): Promise<Page> => {
    const page = await (await contextWith(browser, baseURL!, jar)).newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/vigil-team/store/orders/${orderId}`);
    await expect(page.getByTestId('order-status')).toHaveText('Paid');
    return page;
  };
  const a = await pageOf(first.browser);
  const b = await pageOf(second.browser);

  // The first fulfils it with a double click: one move, no refusal of its own second click.
  await a.getByRole('button', { name: 'Mark fulfilled' }).dblclick();
  await expect(a.getByTestId('order-status')).toHaveText('Fulfilled');
  await expect(a.getByRole('button', { name: 'Ship', exact: true })).toBeEnabled();
  await expect(a.getByRole('alert')).toHaveCount(0);
  const fulfilled = await stored(first.browser, orderId);
  expect(fulfilled.status).toBe('fulfilled');
  expect(fulfilled.fulfilledAt).not.toBeNull();

  // The second still sees Paid and fulfils too: refused, told why, shown the order as it is now.
  await expect(b.getByTestId('order-status')).toHaveText('Paid');
  await b.getByRole('button', { name: 'Mark fulfilled' }).click();
  await expect(b.getByRole('alert')).toHaveText(SHOP_TEXTS.staleMove);
  await expect(b.getByTestId('order-status')).toHaveText('Fulfilled');
  await expect(b.getByRole('button', { name: 'Mark fulfilled' })).toHaveCount(0);
  expect(await stored(second.browser, orderId)).toEqual(fulfilled);
  // One entry per step: paid, fulfilled (the first member's time), shipped not yet.
  const steps = await progress(b);
  expect(steps.map((s) => s.split('\n')[0])).toEqual(['Paid', 'Fulfilled', 'Shipped']);
  expect(steps[2]).toContain('Not yet');
  for (const [name, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['tablet', { width: 800, height: 1280 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await b.setViewportSize(size);
    await b.screenshot({ path: testInfo.outputPath(`stale-move-${name}.png`), fullPage: true });
  }
  await b.setViewportSize({ width: 1280, height: 800 });

  // From what the second now sees, the next step works.
  await b.getByLabel('Carrier').selectOption('UPS');
  await b.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await b.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(b.getByTestId('order-status')).toHaveText('Shipped');
  await expect(b.getByRole('alert')).toHaveCount(0);
  expect(await stored(first.browser, orderId)).toEqual({ status: 'shipped', fulfilledAt: fulfilled.fulfilledAt });

  // The first's screen is now the stale one: its Ship is refused the same way.
  await a.getByLabel('Tracking number').fill('1Z999AA10123456785');
  await a.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(a.getByRole('alert')).toHaveText(SHOP_TEXTS.staleMove);
  await expect(a.getByTestId('order-status')).toHaveText('Shipped');
  await expect(a.getByTestId('tracking')).toHaveText('UPS 1Z999AA10123456784');
});
