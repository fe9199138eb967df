import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { mllpEncode } from '@vigil/shared';
import { PCD01_WAVEFORMS } from '../../shared/src/monitors/fixtures/streams.js';
import { REPO_ROOT } from '../utils/start-server.js';
import { bookCase } from './axe.js';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';
import { drawSignature } from './signature.js';

/*
 * Issue 38, end to end through a real Vigil Bridge: the bridge process (`npm run bridge`'s entry,
 * as the integration tests start it) pairs with the office by a code and listens for HL7; a
 * "monitor" sends it IHE PCD-01 ORU^R01 messages with SpO2, a pleth, ECG II and a capnogram over
 * MLLP. On a browser with no `navigator.serial` (Safari on an iPad, here Chromium with it taken
 * away) the provider picks that bridge monitor on the case screen: its SpO2 is charted, its live
 * waves show in the Waveforms section, a pleth strip captured with a note shows in the case's
 * waves list, and the finalized PDF's waveform page prints it.
 */

const BRIDGE = 'Operatory 4 bridge';
const MONITOR = 'Operatory 4 monitor';
const NOTE = 'Pleth from the bridge before induction';

/** The fixture's message with its device times set to now (the parser takes a device time with its offset as the moment). */
function pcd01Now(): string {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return PCD01_WAVEFORMS.replace(/20261128\d{6}\+0000/g, `${stamp}+0000`);
}

/** The monitor's side of MLLP: one message, its ACK read. */
function sendHl7(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(mllpEncode(pcd01Now())));
    socket.on('data', (d: Buffer) => {
      resolve(d.toString('latin1'));
      socket.end();
    });
    socket.on('error', reject);
  });
}

/** Starts a paired bridge process listening for HL7 on a free port; resolves with that port. */
function startBridge(child: ChildProcess): Promise<number> {
  const log: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => log.push(line));
  return new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const ready = JSON.parse(line) as { ready?: boolean; hl7Port?: number };
      if (ready.ready) resolve(ready.hl7Port!);
    });
    child.once('exit', (c) => reject(new Error(`bridge exited with ${c}: ${log.join('\n')}`)));
  });
}

test('a real bridge’s HL7 monitor charts a case on a browser without Web Serial; its live pleth is captured as a strip with a note and printed on the PDF', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { member, context } = await memberContext(browser, baseURL!);
  // No Web Serial, as on Safari: the case screen names the bridge instead.
  await context.addInitScript(() => {
    delete (Navigator.prototype as { serial?: unknown }).serial;
  });
  const made = await member.browser.gql<{ createBridgePairingCode: { code: string } }>(
    'mutation ($o: String) { createBridgePairingCode(orgId: $o, location: "Operatory 4") { code } }',
    { o: member.orgId },
  );
  expect(made.code).toBeUndefined();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-e2e-bridge-'));
  const child = spawn(
    process.execPath,
    [
      ...['--import', 'tsx', 'bridge/src/main.ts', '--data', dataDir, '--server', baseURL!],
      ...['--code', made.data!.createBridgePairingCode.code, '--name', BRIDGE],
      ...['--hl7-port', '0', '--hl7-host', '127.0.0.1', '--hl7-label', `B40_GE=${MONITOR}`],
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // The monitor sends a message every 2 s for as long as the test runs (the bridge relays each second's samples).
  let monitor: NodeJS.Timeout | undefined;
  try {
    const hl7Port = await startBridge(child);
    expect(await sendHl7(hl7Port)).toContain('MSA|AA');
    monitor = setInterval(() => void sendHl7(hl7Port).catch(() => undefined), 2000);

    const caseId = await bookCase(baseURL!, member.orgId, member.token);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/org/${member.orgId}/cases/${caseId}`);
    expect(await page.evaluate(() => 'serial' in navigator)).toBe(false);
    await expect(page.getByText(/This browser cannot connect to a monitor itself/).first()).toBeVisible({
      timeout: 120_000,
    });

    const picker = page.getByRole('region', { name: 'Bridge monitors' });
    await picker.getByLabel('Bridge monitor').selectOption({ label: `${MONITOR} (${BRIDGE}, Operatory 4)` });
    await picker.getByLabel('Chart a reading every').selectOption({ label: '5 s' });
    const charting = picker.getByText(`Charting from ${MONITOR} (${BRIDGE}) every 5 s.`);
    // The case's document reaches the server a moment after the screen opens it (CASE_NOT_OPENED before).
    await expect(async () => {
      await picker.getByRole('button', { name: 'Chart from this monitor' }).click();
      await expect(charting).toBeVisible({ timeout: 2000 });
    }).toPass();
    await expect(page.getByTestId('vitals-banner').getByTestId('banner-spo2')).toContainText('97');

    // The Waveforms section mounts late (one section a task after the first four).
    const waves = page.getByRole('region', { name: 'Captured waveforms' });
    await expect(waves).toBeVisible({ timeout: 120_000 });
    const live = waves.getByRole('region', { name: `Live waves from ${MONITOR} (${BRIDGE})` });
    await expect(live.getByTestId('live-wave').first()).toBeVisible();
    await live.getByLabel('Monitor waveform').selectOption({ label: 'Pleth' });
    await live.getByLabel('Strip notes').fill(NOTE);
    await live.getByRole('button', { name: 'Capture strip' }).click();
    await expect(live.getByRole('status')).toHaveText('Pleth (monitor) captured.');
    const strip = waves.getByTestId('wave');
    await expect(strip).toHaveCount(1);
    await expect(strip).toContainText('Pleth (monitor) at');
    await expect(strip).toContainText(NOTE);
    await expect(strip.getByRole('img', { name: 'Pleth (monitor) strip' })).toBeVisible();
    clearInterval(monitor);

    // Finalized: the PDF's Captured Waveforms page carries the strip and its note.
    await page.getByRole('button', { name: 'Started Monitoring: now' }).click();
    await page.getByRole('textbox', { name: 'Procedure notes' }).fill('Extraction; monitored through the bridge.');
    await expect(page.getByTestId('save-status')).toHaveText('saved');
    const report = page.getByRole('region', { name: 'Report', exact: true });
    await report.getByRole('button', { name: 'Sign and Finalize' }).click();
    const dialog = page.getByRole('dialog');
    await drawSignature(page, dialog.getByTestId('signature-pad'), { inputs: ['mouse'], strokes: 4 });
    await dialog.getByRole('button', { name: 'Sign and Finalize' }).click();
    await expect(report.getByText('Report finalized')).toBeVisible({ timeout: 120_000 });
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      report.getByRole('button', { name: 'Open PDF' }).click(),
    ]);
    await expect.poll(() => tab.url()).toMatch(/\/api\/report-pdf\/[A-Za-z0-9_-]+$/);
    const pdf = await context.request.get(tab.url());
    const dir = path.join(REPO_ROOT, 'test-results', 'bridge-waves');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, await pdf.body());
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Captured Waveforms');
    expect(text).toMatch(/Pleth \(monitor\) - pleth - /);
    expect(text).toContain(NOTE);
  } finally {
    clearInterval(monitor);
    child.kill('SIGTERM');
    await context.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
