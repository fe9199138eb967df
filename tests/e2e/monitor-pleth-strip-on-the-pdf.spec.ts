import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FAKE_TEST_VENDOR, noninFormat2Bytes } from '@vigil/shared';
import { REPO_ROOT } from '../utils/start-server.js';
import { bookCase } from './axe.js';
import { installFakeSerial } from './fake-serial.js';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';
import { drawSignature } from './signature.js';

/*
 * Issue 38: a pleth from a monitor on Web Serial (the page-level fake, fed Nonin data format 2:
 * 75 frames a second, each a pleth sample) is drawn live on the case screen; the provider
 * captures a strip with a note; the finalized PDF's Captured Waveforms page shows it.
 */

/** `seconds` of Nonin data format 2: a pulse of 72 (a beat every 62.5 samples), SpO2 98. */
function plethStream(seconds: number): number[][] {
  const samples = Array.from({ length: seconds * 75 }, (_, i) => {
    const phase = (i % 62.5) / 62.5;
    return Math.round(200 * (phase < 0.15 ? phase / 0.15 : Math.exp(-(phase - 0.15) * 4)));
  });
  // One push a packet (25 frames, a third of a second), as a port delivers them.
  const packets: number[][] = [];
  for (let k = 0; k < samples.length; k += 25)
    packets.push(noninFormat2Bytes(samples.slice(k, k + 25), { hr: 72, spo2: 98 }));
  return packets;
}

test('a pleth streamed by a monitor on Web Serial is captured as a strip with a note and printed on the finalized PDF’s waveform page', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const { member, context } = await memberContext(browser, baseURL!);
  const caseId = await bookCase(baseURL!, member.orgId, member.token);
  const page = await context.newPage();
  await page.addInitScript(installFakeSerial, FAKE_TEST_VENDOR);
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  await expect(page.getByLabel('Procedure', { exact: true })).toBeEnabled({ timeout: 150_000 });
  const notes = page.getByRole('textbox', { name: 'Procedure notes' });
  await expect(notes).toBeEnabled({ timeout: 90_000 });
  await page.getByRole('button', { name: 'Started Monitoring: now' }).click();

  await page.getByLabel('Monitor type').selectOption('noninPleth');
  await page.getByRole('button', { name: 'Connect monitor' }).click();
  await expect(page.getByTestId('monitor-status')).toContainText('Test serial device (1209:0001)');
  for (const packet of plethStream(8)) await page.evaluate((b) => window.__monitorPush(b), packet);
  await expect(page.getByTestId('vitals-banner').getByTestId('banner-spo2')).toContainText('98');

  const waves = page.getByRole('region', { name: 'Captured waveforms' });
  await expect(waves.getByTestId('live-wave')).toBeVisible();
  await waves.getByLabel('Waveform notes').fill('Good pleth after repositioning the probe');
  await waves.getByRole('button', { name: 'Capture monitor strip' }).click();
  const strip = waves.getByTestId('wave');
  await expect(strip).toHaveCount(1);
  await expect(strip).toContainText('Pleth (monitor) at');
  await expect(strip).toContainText('Good pleth after repositioning the probe');
  await expect(strip.getByRole('img', { name: 'Pleth (monitor) strip' })).toBeVisible();

  await notes.fill('Extraction; pleth strip captured from the oximeter.');
  await expect(page.getByTestId('save-status')).toHaveText('saved');
  const report = page.getByRole('region', { name: 'Report', exact: true });
  await report.getByRole('button', { name: 'Sign and Finalize' }).click();
  const dialog = page.getByRole('dialog');
  await drawSignature(page, dialog.getByTestId('signature-pad'), { inputs: ['mouse'], strokes: 4 });
  await dialog.getByRole('button', { name: 'Sign and Finalize' }).click();
  // spec 001 §8 step messages, as the finalize spec waits for them.
  await expect(page.getByTestId('finalize-progress').locator('[data-step]')).toHaveText(
    [/Generating PDF$/, /Saving report$/, /Report signed and saved$/],
    { timeout: 120_000 },
  );
  await expect(report.getByText('Report finalized')).toBeVisible();
  await expect(notes).toBeDisabled();

  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    report.getByRole('button', { name: 'Open PDF' }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/\/api\/report-pdf\/[A-Za-z0-9_-]+$/);
  const pdf = await context.request.get(tab.url());
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const dir = path.join(REPO_ROOT, 'test-results', 'monitor-pleth-strip-on-the-pdf');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Captured Waveforms');
  expect(text).toMatch(/Pleth \(monitor\) - pleth - /);
  expect(text).toContain('Good pleth after repositioning the probe');
  // The waveform page as an image with the test's artifacts.
  const pages = text.split('\f');
  const wavePage = pages.findIndex((p) => p.includes('Captured Waveforms')) + 1;
  expect(wavePage).toBeGreaterThan(0);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    String(wavePage),
    '-l',
    String(wavePage),
    '-singlefile',
    file,
    path.join(dir, 'waveform-page'),
  ]);
});
