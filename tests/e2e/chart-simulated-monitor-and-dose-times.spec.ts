import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SIMULATED_MARK } from '@vigil/shared';
import { bookCase } from './axe.js';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';
import { REPO_ROOT } from '../utils/start-server.js';

const MINUTE = 60_000;
const pad = (n: number): string => String(n).padStart(2, '0');
const ymd = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const hm = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
const ARTIFACTS = path.join(REPO_ROOT, 'test-results', 'chart-simulated-monitor-and-dose-times');

/** Sets an event time by typing it into its time field. */
async function setEvent(page: Page, label: string, at: Date): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(hm(at));
  await field.press('Enter');
  await expect(field).toHaveValue(hm(at));
}

/** Charts one manual vitals entry through the Add vitals dialog, at `at` when given. */
async function addVitals(page: Page, v: Record<'sbp' | 'dbp' | 'hr' | 'spo2', string>, at?: Date): Promise<void> {
  await page.getByRole('button', { name: 'Add vitals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add vitals' });
  await dialog.getByLabel(/Systolic BP/).fill(v.sbp);
  await dialog.getByLabel(/Diastolic BP/).fill(v.dbp);
  await dialog.getByLabel(/Heart rate/).fill(v.hr);
  await dialog.getByLabel(/SpO2/).fill(v.spo2);
  if (at) await dialog.getByLabel(/^Time/).fill(hm(at));
  await dialog.getByRole('button', { name: 'Save vitals' }).click();
  await expect(dialog).toHaveCount(0);
}

test('a case charted with the simulated monitor, a backdated local and nitrous from anesthesia start: the signed PDF marks every page and each simulated reading, the discharge score ignores them, and each dose prints at its time (issue 35 items 10, 11)', async ({
  browser,
  baseURL,
}) => {
  // A case charted and printed: generous on a shared 2-core machine.
  test.setTimeout(360_000);
  const { member, context } = await memberContext(browser, baseURL!);
  const caseId = await bookCase(baseURL!, member.orgId, member.token);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  await expect(page.getByLabel('Procedure', { exact: true })).toBeEnabled({ timeout: 90_000 });

  // Monitoring started 20 minutes ago, anesthesia 10 (or at midnight, early in the day).
  const opened = new Date();
  const dayStart = new Date(ymd(opened) + 'T00:00').getTime();
  const started = new Date(Math.max(opened.getTime() - 20 * MINUTE, dayStart));
  const anesthesia = new Date(Math.max(opened.getTime() - 10 * MINUTE, dayStart));
  const lidocaineAt = new Date(Math.max(opened.getTime() - 15 * MINUTE, dayStart));
  await setEvent(page, 'Started Monitoring', started);
  await setEvent(page, 'Anes. Start', anesthesia);

  // The patient's own vitals: SpO2 97 then 94, by hand.
  await addVitals(page, { sbp: '120', dbp: '80', hr: '80', spo2: '97' }, started);
  await addVitals(page, { sbp: '116', dbp: '76', hr: '78', spo2: '94' });

  // The simulated monitor writes a few readings (SpO2 96–99), marked simulated, then stops.
  await page.getByLabel('Simulated monitor').check();
  await expect(page.getByTestId('vitals-banner').getByText('Simulated')).toBeVisible();
  await expect(page.getByRole('img', { name: /Vitals chart, ([4-9]|\d\d+) readings/ })).toBeVisible();
  await page.getByLabel('Simulated monitor').uncheck();
  await expect(page.getByTestId('vitals-chart-simulated')).toBeVisible();
  // The screen's chart with its time axis, MAP and the gap between the two manual readings, kept
  // with the artifacts to look at.
  mkdirSync(ARTIFACTS, { recursive: true });
  await expect(
    page
      .getByRole('img', { name: /Vitals chart/ })
      .locator('canvas')
      .first(),
  ).toBeVisible();
  await page
    .getByRole('img', { name: /Vitals chart/ })
    .locator('..')
    .screenshot({ path: path.join(ARTIFACTS, 'screen-chart.png') });

  // Lidocaine given 15 minutes ago, charted now with its time; a second cartridge now.
  const locals = page.getByRole('region', { name: 'Local Anesthetics' });
  await locals.getByLabel('Time given').fill(hm(lidocaineAt));
  await locals.getByRole('button', { name: 'Give dose' }).click();
  await expect(locals.getByRole('row').filter({ hasText: hm(lidocaineAt) })).toHaveCount(1);
  await expect(locals.getByLabel('Time given')).toHaveValue('');
  await locals.getByRole('button', { name: 'Give dose' }).click();
  await expect(locals.getByRole('button', { name: /^Remove .* at / })).toHaveCount(2);
  // A time in the future is refused, as for drugs.
  const future = new Date(opened.getTime() + 30 * MINUTE);
  if (ymd(future) === ymd(opened)) {
    await locals.getByLabel('Time given').fill(hm(future));
    await expect(locals.getByText(/^max is \d\d:\d\d$/)).toBeVisible();
    await expect(locals.getByRole('button', { name: 'Give dose' })).toBeDisabled();
    await locals.getByLabel('Time given').fill('');
  }

  // Nitrous oxide from anesthesia start.
  await page.getByLabel('Nitrous Oxide (L/min)').fill('4');
  await page.getByLabel('Nitrous Oxide time').fill(hm(anesthesia));
  await page.getByRole('button', { name: 'Set Nitrous Oxide' }).click();
  await expect(page.getByTestId('agent-nitrous')).toHaveText(`4 L/min since ${hm(anesthesia)}`);

  // The discharge comparison reads the patient's readings only: SpO2 97 → 94 by hand.
  const discharge = page.getByRole('region', { name: 'Discharge' });
  await expect(discharge.getByTestId('discharge-simulated')).toBeVisible();
  const spo2 = discharge.getByRole('table', { name: 'Vitals comparison' }).getByRole('row', { name: /SpO2/ });
  await expect(spo2.getByRole('cell')).toHaveText(['SpO2', '97', '94', '-3%']);

  // No 'charted twice' flag: the two lidocaine doses are 15 minutes apart.
  const signoff = page.getByRole('region', { name: 'Sign-off checks' });
  await expect(signoff).toBeVisible();
  await expect(signoff).not.toContainText('charted twice');
  await expect(page.getByTestId('save-status')).toHaveText('saved');

  // Sign and finalize.
  const report = page.getByRole('region', { name: 'Report', exact: true });
  await report.getByRole('button', { name: 'Sign and Finalize' }).click();
  const dialog = page.getByRole('dialog');
  const box = (await dialog.getByTestId('signature-pad').boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 150);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, box.y + 80, { steps: 6 });
  await page.mouse.move(box.x + 280, box.y + 190, { steps: 6 });
  await page.mouse.up();
  await dialog.getByRole('button', { name: 'Sign and Finalize' }).click();
  await expect(report.getByText('Report finalized')).toBeVisible({ timeout: 90_000 });

  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    report.getByRole('button', { name: 'Open PDF' }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/\/api\/report-pdf\/[A-Za-z0-9_-]+$/);
  const pdf = await context.request.get(tab.url());
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, 'report.pdf');
  writeFileSync(file, await pdf.body());
  execFileSync('pdftoppm', ['-png', '-r', '80', file, path.join(ARTIFACTS, 'page')]);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

  // Every printed page says the record holds simulated readings.
  const pages = text.split('\f').filter((p) => p.trim() !== '');
  expect(pages.length).toBeGreaterThanOrEqual(2);
  pages.forEach((p, i) => expect(p, `page ${i + 1}`).toContain(SIMULATED_MARK));
  // Each monitor row of the Vitals Data Reference says Simulated, none Monitor.
  const vitalsData = text.slice(text.indexOf('Vitals Data Reference'));
  expect(vitalsData).toMatch(/\bSimulated\b/);
  expect(vitalsData).not.toMatch(/\bMonitor\b/);
  // The doses at their times.
  expect(text).toMatch(new RegExp(`${hm(lidocaineAt)}.*Lidocaine`, 'i'));
  expect(text).toMatch(new RegExp(`${hm(anesthesia)}.*Nitrous`, 'i'));
});
