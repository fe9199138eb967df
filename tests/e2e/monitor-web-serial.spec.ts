import type { Page } from '@playwright/test';
import { FAKE_TEST_VENDOR, MASIMO_ASCII1_NOTE } from '@vigil/shared';
import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from '../utils/start-server.js';
import { bookCase, seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { installFakeSerial } from './fake-serial.js';
import { memberContext } from './members.js';

/*
 * Monitors in the browser (issue 38): a page-level fake of `navigator.serial` (Web Serial) that
 * hands out one port of the fake test vendor (spec 002 §9; pid.codes' test id), fed by the test
 * with the monitor simulator's own bytes (scripts/monitor-sim). The page's clock is Playwright's,
 * so two minutes of a monitor speaking once a second run in seconds.
 */

/**
 * The first `count` lines of a scenario as the simulator (`npm run monitor-sim`, a real process)
 * writes them to stdout, each line's bytes with its CR LF.
 */
function simulatorLines(scenario: string, protocol: 'nonin' | 'masimo', count: number): number[][] {
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/monitor-sim/main.ts',
      '--protocol',
      protocol,
      '--scenario',
      scenario,
      '--out',
      '-',
      '--speed',
      '1000',
    ],
    { cwd: REPO_ROOT },
  );
  const lines: number[][] = [];
  let line: number[] = [];
  for (const b of out) {
    line.push(b);
    if (line.length >= 2 && line.at(-2) === 0x0d && line.at(-1) === 0x0a) {
      lines.push(line);
      line = [];
    }
  }
  return lines.slice(0, count);
}

async function push(page: Page, bytes: number[]): Promise<void> {
  await page.evaluate((b) => window.__monitorPush(b), bytes);
}

test('a Nonin on Web Serial (fake test vendor) fed the simulator charts a case by itself at the chosen interval, and the banner turns orange then red when the stream stops', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { member, context } = await memberContext(browser, baseURL!);
  const caseId = await bookCase(baseURL!, member.orgId, member.token);
  const page = await context.newPage();
  await page.addInitScript(installFakeSerial, FAKE_TEST_VENDOR);
  await page.clock.install();
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  await expect(page.getByLabel('Procedure', { exact: true })).toBeEnabled({ timeout: 90_000 });
  // The case screen mounts its sections one timer task at a time (useSectionsMounted): the clock
  // is paused only once the vitals section is there, or its timers would never run.
  const connect = page.getByRole('button', { name: 'Connect monitor' });
  await expect(connect).toBeEnabled({ timeout: 60_000 });
  // From here the page's time moves only when the test runs it: a second between two lines.
  await page.clock.pauseAt(Date.now() + 2_000);

  await connect.click();
  await expect(page.getByTestId('monitor-status')).toContainText('Test serial device (1209:0001)');
  const asked = (await page.evaluate(() => window.__monitorAsked)) as { filters: unknown[] }[];
  expect(asked[0]!.filters).toContainEqual({ usbVendorId: 0x1209, usbProductId: 0x0001 });

  // Two minutes of the steady scenario: a line a second (SpO2 98, HR 72).
  const lines = simulatorLines('steady', 'nonin', 120);
  expect(lines).toHaveLength(120);
  for (const line of lines) {
    await push(page, line);
    await page.clock.runFor(1_000);
  }
  const banner = page.getByTestId('vitals-banner');
  await expect(banner.getByTestId('banner-spo2')).toContainText('98');
  await expect(banner.getByTestId('banner-hr')).toContainText('72');
  await expect(banner.locator('[data-delayed]')).toHaveCount(0);
  // Charted every 15 s (the interval a connection starts with): 8 readings of the 120, at 0, 15 … 105 s.
  await expect(page.getByRole('img', { name: 'Vitals chart, 8 readings' })).toBeVisible();

  // The stream stops: waiting after 5 s, then 'Data is delayed' orange after 20 s and red after 30 s.
  await page.clock.runFor(6_000);
  await expect(page.getByTestId('monitor-status')).toContainText('Waiting for readings');
  await page.clock.runFor(15_000);
  await expect(banner.locator('[data-delayed="orange"]')).toHaveText('Data is delayed');
  await page.clock.runFor(10_000);
  await expect(banner.locator('[data-delayed="red"]')).toHaveText('Data is delayed');
  // Nothing more was charted while it was silent.
  await expect(page.getByRole('img', { name: 'Vitals chart, 8 readings' })).toBeVisible();
});

test("Test Monitor Connection shows a Masimo's raw lines and the readings read from them, with the ASCII 1 note, and is axe-clean", async ({
  page,
}) => {
  await page.addInitScript(installFakeSerial, FAKE_TEST_VENDOR);
  await page.goto('/demo?mode=testMonitors');
  await expect(page.getByRole('heading', { name: 'Test Monitor Connection' })).toBeVisible();
  await page.getByLabel('Monitor type').selectOption('masimo');
  await expect(page.getByText(MASIMO_ASCII1_NOTE)).toBeVisible();
  await page.getByRole('button', { name: 'Connect monitor' }).click();
  await expect(page.getByTestId('monitor-status')).toContainText('Test serial device (1209:0001)');

  // The first 4 s of the desaturation scenario: SpO2 98 %, pulse 72 (scenarios/desaturation.json).
  const lines = simulatorLines('desaturation', 'masimo', 4);
  for (const line of lines) await push(page, line);
  await expect(page.getByTestId('monitor-status')).toContainText('Connected: Test serial device (1209:0001)');
  await expect(page.getByTestId('raw-bytes')).toContainText('SPO2=098% BPM=072');
  const rows = page.getByTestId('parsed-readings').locator('tbody tr');
  await expect(rows).toHaveCount(4);
  // Columns: received, HR, SpO2, PI, flags.
  await expect(rows.first().locator('td').nth(1)).toHaveText('72');
  await expect(rows.first().locator('td').nth(2)).toHaveText('98');
  expect(await seriousViolations(page)).toEqual([]);
});

test('Test Monitor Connection shows a Vigil Bridge monitor’s latest readings to a member of the office, and is axe-clean', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const made = await member.browser.gql<{ createBridgePairingCode: { code: string } }>(
    'mutation ($o: String) { createBridgePairingCode(orgId: $o, location: "Operatory 1") { code } }',
    { o: member.orgId },
  );
  expect(made.code).toBeUndefined();
  const post = (path: string, body: unknown, token?: string): Promise<Response> =>
    fetch(`${baseURL!}/api/bridge/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const paired = await post('pair', { code: made.data!.createBridgePairingCode.code, name: 'Front desk computer' });
  expect(paired.status).toBe(201);
  const { token } = (await paired.json()) as { token: string };
  const delivered = await post(
    'readings',
    {
      monitors: [{ key: 'nonin:ox', label: 'Operatory 1 oximeter', protocol: 'nonin' }],
      readings: [
        {
          id: 'e2e-reading-1',
          monitorKey: 'nonin:ox',
          receivedAt: Date.now(),
          vitals: { hr: { value: 72, time: Date.now() }, spo2: { value: 97, time: Date.now() } },
        },
      ],
    },
    token,
  );
  expect(delivered.status).toBe(200);

  const page = await context.newPage();
  await page.goto(`/demo?orgId=${member.orgId}&mode=testMonitors`);
  await page
    .getByLabel('Bridge monitor')
    .selectOption({ label: 'Operatory 1 oximeter (Front desk computer, Operatory 1)' });
  const rows = page.getByTestId('bridge-readings').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('td').nth(1)).toHaveText('72');
  await expect(rows.first().locator('td').nth(2)).toHaveText('97');
  expect(await seriousViolations(page)).toEqual([]);
});
