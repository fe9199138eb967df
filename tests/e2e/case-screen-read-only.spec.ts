import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

test('a case this device opened without its appointment charts from its own data, and turns read-only with the reason once the 24-hour provider editing window has passed (spec 000 §9)', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  // No Appointment with this id exists (a case created offline on another tablet): it still opens.
  await page.goto(`/org/${member.orgId}/cases/apt-offline-made-1`);
  await expect(page.getByLabel('Procedure', { exact: true })).toBeEnabled();
  await expect(page.getByTestId('case-patient')).toHaveText('Unknown patient');
  await page.getByLabel('Weight (kg)').fill('31');
  await page.getByLabel('Height (cm)').fill('130');
  await page.getByLabel('Birth date').fill('2016-01-15');
  await page.getByLabel('Allergies').fill('Latex');
  await expect(page.getByTestId('case-weight')).toHaveText('31 kg');
  // 31 / 1.3² = 18.3 → green (spec 002 §9: up to 24).
  await expect(page.getByTestId('case-bmi')).toHaveText('BMI 18.3');
  await expect(page.getByTestId('case-age')).toHaveText(/^\d+ y$/);
  await expect(page.getByTestId('case-allergies')).toHaveText('Allergies: Latex');

  // Monitoring started two days ago (typed with the optional date edit) and never ended.
  const twoDaysAgo = await page.evaluate(() => {
    const d = new Date(Date.now() - 2 * 24 * 3_600_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await page.getByRole('button', { name: 'Started Monitoring: change date' }).click();
  await page.getByLabel('Started Monitoring date').fill(twoDaysAgo);
  await page.getByLabel('Started Monitoring', { exact: true }).fill('9:00a');
  await page.getByLabel('Started Monitoring', { exact: true }).press('Enter');

  const reason = page.getByTestId('read-only-reason');
  await expect(reason).toContainText('The provider editing window of 24 hours closed at');
  await expect(page.getByLabel('Procedure', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add Signature' })).toBeDisabled();
  await expect(page.getByTestId('save-status')).toHaveText('saved');

  await page.reload();
  await expect(page.getByTestId('read-only-reason')).toContainText('The provider editing window of 24 hours closed at');
  await expect(page.getByLabel('Started Monitoring', { exact: true })).toHaveValue('09:00');
  // Started, so the pre-op details open folded; a read-only case still unfolds them to read.
  await page.getByRole('button', { name: 'Show details' }).click();
  await expect(page.getByLabel('Weight (kg)')).toBeDisabled();
  await expect(page.getByTestId('case-weight')).toHaveText('31 kg');
});
