import { orgMember, uniqueOrgId } from '../utils/members.js';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';
import { bookCaseOf, superuser } from './org-setup.js';

/*
 * The parent organisation's calendar (issue 41 "Parent organisation"): a group's clinical director
 * sees its offices' appointments on one grid, filters to one office, and opens a case.
 */

test("a parent admin sees both offices' appointments on one calendar, filters to one office and opens its case (issue 41)", async ({
  browser,
  baseURL,
  server,
}) => {
  const [east, west, parent, uber] = await Promise.all([
    orgMember(baseURL!),
    orgMember(baseURL!),
    orgMember(baseURL!),
    superuser(server),
  ]);
  const groupId = uniqueOrgId('group');
  const made = await parent.browser.gql(
    'mutation ($o: String) { createOrg(orgId: $o, orgType: "parent", orgName: "Smile Group") { orgId } }',
    { o: groupId },
  );
  expect(made.code).toBeFalsy();
  for (const office of [east, west]) {
    const linked = await uber.browser.gql(
      'mutation ($o: String!, $p: [ID!]) { updateOrg(orgId: $o, properties: { parentOrgs: $p }) { id } }',
      { o: office.orgId, p: [groupId] },
    );
    expect(linked.code).toBeFalsy();
  }
  const eastCase = await bookCaseOf(
    baseURL!,
    east.orgId,
    east.token,
    { name: [{ given: ['Amélie'], family: 'Roux' }] },
    {
      description: 'Wisdom teeth',
    },
  );
  await bookCaseOf(
    baseURL!,
    west.orgId,
    west.token,
    { name: [{ given: ['Bruno'], family: 'Lefèvre' }] },
    {
      description: 'Implant',
      status: 'noshow',
    },
  );

  const page = await (await contextWith(browser, baseURL!, parent.browser)).newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/parent/${groupId}/calendar`);
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
  const today = await page.evaluate(() => {
    const d = new Date();
    const two = (n: number): string => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  });
  const cell = page.getByTestId(`day-${today}`);
  await expect(cell.getByTestId('appointment-chip')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  // The day's popup names each office; the no-show is struck through as on the office's calendar.
  await cell.click();
  const popup = page.getByTestId('day-popup');
  const eastItem = popup.locator(`[data-testid="office-appointment"][data-org-id="${east.orgId}"]`);
  const westItem = popup.locator(`[data-testid="office-appointment"][data-org-id="${west.orgId}"]`);
  await expect(eastItem).toContainText(`Practice ${east.orgId}`);
  await expect(eastItem).toContainText('Amélie Roux');
  await expect(westItem).toContainText('Bruno Lefèvre');
  await expect(westItem.getByTestId('appointment-status')).toHaveText('no-show');
  await expect(westItem.getByText('Bruno Lefèvre')).toHaveCSS('text-decoration-line', 'line-through');
  expect(await seriousViolations(page)).toEqual([]);
  await popup.getByRole('button', { name: 'Close' }).click();

  // One office: the other's appointment leaves the grid, and the office stays in the address.
  await page.getByRole('combobox', { name: 'Office' }).click();
  await page.getByRole('option', { name: `Practice ${west.orgId}` }).click();
  await expect(page).toHaveURL(new RegExp(`orgId=${west.orgId}`));
  await expect(cell.getByTestId('appointment-chip')).toHaveCount(1);
  await expect(cell.getByTestId('appointment-chip')).toContainText('Bruno Lefèvre');

  // The other office; its case opens from the popup (the parent's admin administers its offices).
  await page.getByRole('combobox', { name: 'Office' }).click();
  await page.getByRole('option', { name: `Practice ${east.orgId}` }).click();
  await expect(cell.getByTestId('appointment-chip')).toContainText('Amélie Roux');
  await cell.click();
  await eastItem.getByRole('link', { name: /^Open case: Amélie Roux/ }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${east.orgId}/cases/${eastCase.caseId}$`));
});
