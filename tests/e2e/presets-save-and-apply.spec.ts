import AxeBuilder from '@axe-core/playwright';
import { bookCase } from './axe.js';
import { bookChild, choose } from './charting.js';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

test('a provider saves a charted case as a preset without its notes, applies it to the next patient offline, and Undo takes it back', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const { caseId } = await bookChild(baseURL!, member.orgId, member.token);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  await expect(page.getByLabel('Procedure', { exact: true })).toBeEnabled();

  // Chart a moderate case: the level, an oral sedative and the procedure notes.
  await choose(page, 'Sedation level', 'Moderate');
  await page.getByLabel('Drug', { exact: true }).fill('Midazolam');
  await page.getByLabel('Route', { exact: true }).selectOption('PO');
  await page.getByLabel('Dose', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Add drug', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Oral sedatives' })).toContainText('Midazolam');
  await page.getByLabel('Procedure notes').fill('Tolerated well; no complications.');

  // Save as preset, the notes left out.
  await page.getByRole('button', { name: 'Save as preset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as preset' });
  await expect(dialog.getByTestId('preset-save-block')).toHaveText('Must specify a preset name.');
  // axe-core (WCAG 2.1 A and AA) on the dialog: no serious or critical violation.
  await page.mouse.move(0, 0);
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await dialog.getByLabel('Preset name').fill('Moderate oral');
  await dialog.getByRole('checkbox', { name: /^procedureNotes/ }).uncheck();
  await expect(dialog.getByRole('checkbox', { name: /Midazolam/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByTestId('preset-save-status')).toHaveText('Preset saved');
  // It closes itself (after 2 s).
  await expect(dialog).toBeHidden();

  // The next patient's case, opened once online; then the tablet loses the network.
  const next = await bookCase(baseURL!, member.orgId, member.token);
  await page.goto(`/org/${member.orgId}/cases/${next}`);
  const item = page.getByTestId('preset-item').filter({ hasText: 'Moderate oral' });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('preset-owner')).toHaveText('you');
  await context.setOffline(true);

  await item.getByRole('checkbox', { name: 'Use Moderate oral' }).check();
  await expect(item.getByTestId('preset-order')).toHaveText('1');
  await page.getByRole('button', { name: 'Apply preset' }).click();
  await expect(page.getByTestId('presets-applied')).toHaveText('Applied Moderate oral.');
  await expect(page.getByRole('table', { name: 'Oral sedatives' })).toContainText('Midazolam');
  await expect(page.getByTestId('case-sedation')).toHaveText('Moderate');
  // The notes were not in the preset.
  await expect(page.getByLabel('Procedure notes')).toHaveValue('');

  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Oral sedatives' }).filter({ hasText: 'Midazolam' })).toHaveCount(0);
  await context.close();
});
