import { bookCase, caseScreenViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

test('the case screen has no serious or critical accessibility violations at tablet size (axe-core)', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const caseId = await bookCase(baseURL!, member.orgId, member.token);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  // The first load on a busy machine: the case document and the appointment come from the server.
  await expect(page.getByTestId('case-patient')).toHaveText('Ada Lovelace');
  await expect(page.getByLabel('Procedure', { exact: true })).toBeEnabled();

  expect(await caseScreenViolations(page)).toEqual([]);

  // Once the case is under way it opens with its Start section folded to one line: checked too.
  await page.getByRole('button', { name: 'Started Monitoring: now' }).click();
  await expect(page.getByTestId('save-status')).toHaveText('saved');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show details' })).toBeVisible();
  expect(await caseScreenViolations(page)).toEqual([]);
});

test('the case screen keeps touch targets of at least 44 px and its sections reachable from the keyboard', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const caseId = await bookCase(baseURL!, member.orgId, member.token);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  await expect(page.getByLabel('Procedure', { exact: true })).toBeEnabled();

  // Buttons and inputs of the case frame's sections: every one at least 44 px high.
  for (const id of ['case-start', 'case-times', 'case-discharge', 'case-notes', 'case-signatures']) {
    // Sections further down mount just after the first ones (CasePage's useSectionsMounted).
    await expect(page.locator(`#${id} h2`)).toBeVisible();
    const controls = page
      .locator(`#${id}`)
      .locator(
        'button:visible, input:not([type="radio"]):not([type="checkbox"]):not([type="hidden"]):visible, textarea:visible, [role="radiogroup"] label:visible',
      );
    const heights = await controls.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(heights.length, id).toBeGreaterThan(0);
    expect(
      heights.filter((h) => h < 44),
      id,
    ).toEqual([]);
  }

  // The manual vitals dialog's fields, buttons and close button too.
  await page.getByRole('button', { name: 'Add vitals', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add vitals' });
  // Drawn over the whole screen, sticky header included (not clipped inside its section), with
  // the focus on its first field.
  await expect(dialog.getByLabel(/Systolic BP/)).toBeFocused();
  const onTop = await dialog.evaluate((d) => {
    const r = d.getBoundingClientRect();
    return d.contains(document.elementFromPoint(r.left + r.width / 2, r.top + 8));
  });
  expect(onTop).toBe(true);
  const dialogHeights = await dialog
    .locator('input:visible, button:visible')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  // Thirteen values (the monitor's seven and PEEP, PIP, TV, RSS, GCS, ESS), the time (TI4),
  // close, cancel, save.
  expect(dialogHeights.length).toBe(17);
  expect(dialogHeights.filter((h) => h < 44)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add vitals', exact: true })).toBeFocused();

  // The header stays in view and its navigation moves the focus to a section's heading.
  const nav = page.getByRole('navigation', { name: 'Case sections' });
  await nav.getByRole('button', { name: 'Discharge' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Discharge' })).toBeFocused();
  await expect(page.getByTestId('case-patient')).toBeInViewport();
});
