import { orgMember } from '../utils/members.js';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

/*
 * Issue 40: /org/{orgId}/details, the office's details, addresses, plan and BAA at a glance, each
 * with the link to where it is changed; on a desk screen and on a phone.
 */
test('the office’s details page shows its name, plan, addresses and BAA, and links to where each is changed', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL!;
  const admin = await orgMember(url);
  const renamed = await admin.browser.gql(
    'mutation ($o: String) { updateOrg(orgId: $o, properties: { name: "Harbour Sedation Dentistry", email: "desk@harbour.test" }) { id } }',
    { o: admin.orgId },
  );
  expect(renamed.code).toBeFalsy();
  const context = await contextWith(browser, url, admin.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/org/${admin.orgId}/settings`);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Details' }).click();
  await expect(page.getByRole('heading', { name: 'Details', level: 1 })).toBeVisible();

  const office = page.getByRole('region', { name: 'Office' });
  await expect(office).toContainText('Harbour Sedation Dentistry');
  await expect(office).toContainText(admin.orgId);
  await expect(office).toContainText('desk@harbour.test');
  const plan = page.getByRole('region', { name: 'Plan' });
  // A new office is on its trial.
  await expect(plan).toContainText(/Trial until/);
  const addresses = page.getByRole('region', { name: 'Billing and shipping' });
  await expect(addresses).toContainText('Same as billing');
  const baa = page.getByRole('region', { name: 'Business Associate Agreement' });
  await expect(baa).toContainText('Not signed');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/org-details-1440.png', fullPage: true });

  await baa.getByRole('link', { name: 'Sign the agreement' }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${admin.orgId}/baa$`));
  await page.goBack();
  await page
    .getByRole('region', { name: 'Office' })
    .getByRole('link', { name: 'Change name, email and address' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/org/${admin.orgId}/settings$`));
  await page.goBack();
  await page.getByRole('region', { name: 'Plan' }).getByRole('link', { name: 'Subscription and billing' }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${admin.orgId}/subscription$`));

  // A phone: one column, nothing cut off.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/org/${admin.orgId}/details`);
  await expect(page.getByRole('region', { name: 'Business Associate Agreement' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: 'test-results/org-details-390.png', fullPage: true });
  await context.close();
});
