import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

test('a provider charts midazolam PO, an IV site, an airway and simulated monitor readings, and a reload keeps them', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/cases/apt-sections1`);
  await expect(page.getByLabel('Weight (kg)')).toBeEnabled();
  await page.getByLabel('Weight (kg)').fill('20');
  await expect(page.getByText('No vitals measurements recorded yet.')).toBeVisible();
  // The case's IV and airway switches (start-case section) show those sections.
  await page.getByRole('switch', { name: 'IV', exact: true }).check();
  await page.getByRole('switch', { name: 'Airway', exact: true }).check();

  // Simulated monitor: readings marked simulated reach the banner (spec 002 §9 generators).
  await page.getByLabel('Simulated monitor').check();
  const banner = page.getByTestId('vitals-banner');
  await expect(banner.getByText('Simulated')).toBeVisible();
  const hr = Number((await banner.getByTestId('banner-hr').textContent())!.replace(/\D/g, ''));
  expect(hr).toBeGreaterThanOrEqual(60);
  expect(hr).toBeLessThanOrEqual(80);
  await expect(page.getByRole('img', { name: /Vitals chart, [1-9]\d* readings/ })).toBeVisible();
  await page.getByLabel('Simulated monitor').uncheck();

  // Midazolam PO 10 mg for a 20 kg child: 0.5 mg/kg.
  await page.getByLabel('Drug', { exact: true }).fill('Midazolam');
  await page.getByLabel('Route', { exact: true }).selectOption('PO');
  await page.getByLabel('Dose', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Add drug', exact: true }).click();
  const oral = page.getByRole('table', { name: 'Oral sedatives' });
  await expect(oral).toContainText('10 mg PO');
  await expect(oral).toContainText('(0.5 mg/kg)');
  await expect(page.getByTestId('total-oral:midazolam')).toHaveText('10 mg');

  // An IV site with every field of the complete rule (spec 001 §5).
  await page.getByLabel('Side', { exact: true }).selectOption('Left');
  await page.getByLabel('Site', { exact: true }).fill('Hand');
  await page.getByLabel('Gauge', { exact: true }).fill('22');
  await page.getByLabel('Secured with', { exact: true }).fill('Tegaderm');
  await page.getByLabel('Solution', { exact: true }).selectOption('LR');
  await page.getByLabel('Bag mL', { exact: true }).fill('500');
  await page.getByRole('button', { name: 'Add IV site', exact: true }).click();
  const iv = page.getByTestId('iv-site');
  await expect(iv).toContainText('Left Hand');
  await expect(iv).toContainText('22 g');
  await expect(iv.getByText('complete', { exact: true })).toBeVisible();

  // An airway: nasal cannula, pre-oxygenated; a PEEP beyond its limit is refused.
  await page.getByRole('button', { name: 'Add airway', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add airway' });
  await dialog.getByLabel('Airway type').selectOption('lma');
  await dialog.getByLabel('PEEP (cmH2O)').fill('60');
  await expect(dialog.getByText('max is 50')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save airway' })).toBeDisabled();
  await dialog.getByLabel('PEEP (cmH2O)').fill('5');
  await dialog.getByLabel('Pre-oxygenated').check();
  await dialog.getByRole('button', { name: 'Save airway' }).click();
  const airway = page.getByTestId('airway');
  await expect(airway).toContainText('Laryngeal mask airway');
  await expect(airway).toContainText('PEEP 5');
  await expect(page.getByTestId('save-status')).toHaveText('saved');

  await page.reload();
  await expect(page.getByRole('table', { name: 'Oral sedatives' })).toContainText('10 mg PO');
  await expect(page.getByTestId('iv-site')).toContainText('22 g');
  await expect(page.getByTestId('iv-site').getByText('complete', { exact: true })).toBeVisible();
  await expect(page.getByTestId('airway')).toContainText('PEEP 5');
  // The monitor is off after the reload: its readings are older than the banner shows for
  // another device's data only after 60 s, so the banner still shows them as simulated.
  await expect(page.getByRole('img', { name: /Vitals chart, [1-9]\d* readings/ })).toBeVisible();
  await expect(page.getByTestId('vitals-banner').getByText('Simulated')).toBeVisible();
});
