import { randomAlphanumeric } from '@vigil/shared';
import { fullyAuthenticated } from '../integration/accounts-client.js';
import { MEMBER_PASSWORD, uniqueOrgId } from '../utils/members.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

/**
 * Issue 37 in Chromium: the admin of a trial office that chose Basic at sign-up finds the form
 * builder, the drug inventory and the sign-off policies on in Settings ("Included in your plan"),
 * switches the form builder off and on; the new case form offers only Local and Minimal and names
 * the plans of the deeper levels with a link to the Subscription page.
 */
test('a Basic trial office switches what its plan includes and starts cases at the levels it allows', async ({
  browser,
  baseURL,
}) => {
  const email = `plan-${randomAlphanumeric(8).toLowerCase()}@vigil.test`;
  const { browser: jar } = await fullyAuthenticated(baseURL!, email, MEMBER_PASSWORD);
  const plans = await jar.gql<{ availablePlans: { id: string; lookupKey: string }[] }>(
    'query { availablePlans { id lookupKey } }',
  );
  const orgId = uniqueOrgId('basic');
  const created = await jar.gql(
    'mutation ($o: String, $p: String) { createOrg(orgId: $o, orgType: "regular", orgName: "Basic Dental", planId: $p) { orgId } }',
    { o: orgId, p: plans.data!.availablePlans.find((p) => p.lookupKey === 'basic_monthly')!.id },
  );
  expect(created.code).toBeFalsy();

  const context = await contextWith(browser, baseURL!, jar);
  const page = await context.newPage();
  await page.goto(`/org/${orgId}/settings`);
  const included = page.getByRole('region', { name: 'Included in your plan' });
  const builder = included.getByRole('switch', { name: 'Form builder' });
  await expect(builder).toBeChecked();
  await expect(included.getByRole('switch', { name: 'Drug inventory' })).toBeChecked();
  await expect(included.getByRole('switch', { name: 'Policies' })).toBeChecked();
  for (const [name, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['tablet', { width: 800, height: 1280 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await included.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/plan-settings-${name}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Off for the whole office, read again from the server; then on again.
  await builder.click({ force: true });
  await expect(builder).not.toBeChecked();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Included in your plan' }).getByRole('switch', { name: 'Form builder' }),
  ).not.toBeChecked();
  const again = page
    .getByRole('region', { name: 'Included in your plan' })
    .getByRole('switch', { name: 'Form builder' });
  await again.click({ force: true });
  await expect(again).toBeChecked();

  // The new case form: Basic allows up to Minimal.
  await page.goto(`/org/${orgId}/new-case`);
  const note = page.getByTestId('deeper-levels');
  await expect(note).toContainText('Moderate in the Plus plan; Deep and GA in the Advanced plan');
  await expect(note.getByRole('link', { name: 'Change the plan on the Subscription page' })).toHaveAttribute(
    'href',
    `/org/${orgId}/subscription`,
  );
  await page
    .getByRole('form', { name: 'New case' })
    .getByLabel(/^Sedation level/)
    .click();
  await expect(page.getByRole('option')).toHaveText(['Local', 'Minimal']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option')).toHaveCount(0);
  for (const [name, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['tablet', { width: 800, height: 1280 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/plan-newcase-${name}.png` });
  }
  await context.close();
});
