import { bookCase, seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

/*
 * Issue 39: the office's administrator adds a drug of its own at /org/{orgId}/customize-drugs
 * (reached from the office's navigation); the case screen's drug picker then offers it first,
 * with its unit, route and common doses, and charts it. The screen is clean for axe-core.
 */

test('a drug added at customise-drugs appears first in the case’s drug picker and is charted with its common dose', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/org/${member.orgId}`);
  await page.getByRole('link', { name: 'Drugs', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${member.orgId}/customize-drugs$`));
  await expect(page.getByRole('heading', { name: 'Customize Drugs', level: 1 })).toBeVisible();

  // A drug of the office's own: without a name it is refused with the spec's text.
  const own = page.getByRole('region', { name: 'Add a drug of the office’s own' });
  await own.getByRole('button', { name: 'Add drug' }).click();
  await expect(own.getByText('Every drug used must have a name')).toBeVisible();
  await own.getByLabel('Drug name').fill('Remimazolam');
  await own.getByLabel('Common doses').fill('2.5, 5');
  await own.getByRole('button', { name: 'Add drug' }).click();
  const parenteral = page.getByRole('region', { name: 'Parenteral drugs' });
  await expect(parenteral.getByTestId('office-drug')).toHaveText(/Remimazolam \(office drug\)/);
  await expect(parenteral.getByText(/No maximum on file/)).toBeVisible();
  // And a catalogue drug first in the oral sedatives.
  const oral = page.getByRole('region', { name: 'Oral sedatives' });
  await oral.getByLabel('Show first: oral sedatives').selectOption({ label: 'Triazolam' });
  await oral.getByRole('button', { name: 'Add to the list' }).click();
  await expect(oral.getByTestId('office-drug')).toHaveText(/Triazolam/);
  await page.getByRole('button', { name: 'Save drug list' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  // axe-core (WCAG 2.1 A and AA) on the screen with its lists filled: no serious or critical violation.
  expect(await seriousViolations(page)).toEqual([]);

  // The next case: the office's drug is the picker's first name, then the rest of the catalogue.
  const caseId = await bookCase(baseURL!, member.orgId, member.token);
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  const names = page.locator('#vigil-drug-catalogue option');
  await expect(names.first()).toHaveAttribute('value', 'Remimazolam');
  await expect(names.nth(1)).toHaveAttribute('value', 'Triazolam');
  await page.getByLabel('Drug', { exact: true }).fill('Remimazolam');
  // Leave the name field: its suggestions popup would stay over the form.
  await page.getByLabel('Drug', { exact: true }).press('Tab');
  await expect(page.getByLabel('Route', { exact: true })).toHaveValue('IV');
  await expect(page.getByTestId('dose-check')).toContainText('has no maximum on file');
  await page.getByRole('button', { name: '2.5 mg', exact: true }).click();
  await expect(page.getByLabel('Dose', { exact: true })).toHaveValue('2.5');
  await page.getByRole('button', { name: 'Add drug', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Parenteral' })).toContainText('Remimazolam');
  await context.close();
});
