/**
 * Issue 38: readings a tablet parses and charts while the case screen stays responsive. The
 * case screen in Chromium (4× CPU throttling, the built client, as the case-screen section) with
 * a monitor on a page-level fake of Web Serial streaming Nonin data format 2 (a reading and 25
 * pleth samples a packet) at 10 packets a second: 10 readings/s and 250 pleth samples/s, more
 * than the 100 Hz waveform the issue asks for (format 2 carries a reading every 25 samples).
 * The add-vital and give-drug flows are measured with the stream and without it on the same
 * case, taken in turns. Reports only; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { FAKE_TEST_VENDOR, newId, noninFormat2Bytes } from '@vigil/shared';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../sync-server/src/report/chromium.js';
import { orgMember } from '../../tests/utils/members.js';
import { REPO_ROOT, startServer } from '../../tests/utils/start-server.js';
import {
  addVitalFlow,
  buildClient,
  giveDrugFlow,
  interactive,
  measureFlows,
  observeInteractions,
  seedCase,
  throttle,
  type Latency,
} from './case-screen.js';
import type { Section } from './report-types.js';
import { sleep } from './stats.js';

export const MONITOR_STREAM_CONFIG = {
  packetsPerSecond: 10,
  /** Measured rounds, each the two flows without the stream then with it (or the other way, in turns). */
  rounds: 2,
  caseHours: 1,
} as const;

interface StreamWindow {
  /** Starts (true) or stops the fake port's packets. */
  __stream(on: boolean): void;
  __streamStats: { sent: number; backlogMax: number; lastHr: number };
}

/**
 * Runs in the page before its scripts: navigator.serial with one fake port of the fake test
 * vendor whose reader gets a format 2 packet every 1000 / packetsPerSecond ms while the stream is
 * on; the heart rate walks 60–119 so the banner's last value shows the page kept up. As text: a
 * function would be compiled with helpers the page does not have.
 */
function fakeSerialScript(packets: number[][], everyMs: number): string {
  return `(() => {
  const packets = ${JSON.stringify(packets)};
  const queue = [];
  let wake = null;
  let timer = null;
  const stats = { sent: 0, backlogMax: 0, lastHr: 0 };
  window.__streamStats = stats;
  window.__stream = (on) => {
    clearInterval(timer);
    if (!on) return;
    timer = setInterval(() => {
      const k = stats.sent % packets.length;
      queue.push(packets[k]);
      stats.sent++;
      stats.lastHr = 60 + k;
      stats.backlogMax = Math.max(stats.backlogMax, queue.length);
      if (wake) { wake(); wake = null; }
    }, ${everyMs});
  };
  const next = async () => {
    while (queue.length === 0) await new Promise((resolve) => (wake = resolve));
    return queue.shift();
  };
  let readable = null;
  const port = {
    get readable() { return readable; },
    open: () => {
      readable = new ReadableStream({ async pull(c) { c.enqueue(new Uint8Array(await next())); } }, { highWaterMark: 0 });
      return Promise.resolve();
    },
    close: () => { readable = null; return Promise.resolve(); },
    getInfo: () => (${JSON.stringify(FAKE_TEST_VENDOR)}),
  };
  Object.defineProperty(navigator, 'serial', {
    configurable: true,
    value: { requestPort: () => Promise.resolve(port) },
  });
})();`;
}

/** 60 packets, heart rate 60–119, a pleth pulse of 0.8 s (75 Hz samples). */
function packets(): number[][] {
  return Array.from({ length: 60 }, (_, k) =>
    noninFormat2Bytes(
      Array.from({ length: 25 }, (_, i) => {
        const phase = ((k * 25 + i) % 60) / 60;
        return Math.round(200 * (phase < 0.15 ? phase / 0.15 : Math.exp(-(phase - 0.15) * 4)));
      }),
      { hr: 60 + k, spo2: 97 },
    ),
  );
}

async function connectMonitor(page: Page): Promise<void> {
  await page.getByLabel('Monitor type').first().selectOption('noninPleth');
  await page.getByRole('button', { name: 'Connect monitor' }).click();
  await page
    .getByTestId('monitor-status')
    .getByText(/1209:0001/)
    .waitFor();
}

/** Where a long run is, on stderr. */
const progress = (step: string): void => console.error(`${new Date().toISOString()} monitor stream: ${step}`);

/**
 * A flow that did not finish (sessions 29 and 30 saw the add-vital dialog stay open at load 7–20):
 * the page as it was, for the next person, then the error.
 */
async function failed(page: Page, error: unknown): Promise<never> {
  const file = path.join(REPO_ROOT, 'test-results', 'bench-monitor-stream-failure.png');
  await page.screenshot({ path: file, fullPage: false }).catch(() => undefined);
  const dialog = await page
    .getByRole('dialog')
    .allInnerTexts()
    .catch(() => []);
  console.error(`monitor stream: a flow failed; the page is in ${file}; open dialogs: ${JSON.stringify(dialog)}`);
  throw error;
}

interface Round {
  addVital: Latency;
  giveDrug: Latency;
}

async function flows(page: Page): Promise<Round> {
  return { addVital: await measureFlows(page, addVitalFlow), giveDrug: await measureFlows(page, giveDrugFlow) };
}

const worst = (rounds: Round[], key: keyof Round): number => Math.max(...rounds.map((r) => r[key].p75));
const best = (rounds: Round[], key: keyof Round): number => Math.min(...rounds.map((r) => r[key].p75));

/** The monitor-stream section of docs/benchmarks.md. */
export async function monitorStreamSection(): Promise<Section> {
  const distDir = buildClient();
  const server = await startServer({ env: { STATIC_DIR: distDir, BOT_CHECK: 'off' }, timeoutMs: 240_000 });
  const profileDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const member = await orgMember(server.url);
    const caseId = newId('case');
    await seedCase(server, member, caseId, MONITOR_STREAM_CONFIG.caseHours);
    progress('the case seeded');
    await context.addCookies([...member.browser.cookies].map(([name, value]) => ({ name, value, url: server.url })));
    await context.addInitScript(observeInteractions);
    await context.addInitScript({
      content: fakeSerialScript(packets(), 1000 / MONITOR_STREAM_CONFIG.packetsPerSecond),
    });
    const page = await context.newPage();
    // Clicks at 4× throttle on a loaded machine: Playwright's 30 s default was not enough to connect (session 29).
    page.setDefaultTimeout(120_000);
    await throttle(page);
    await page.goto(`/org/${member.orgId}/cases/${caseId}`);
    await interactive(page);
    await connectMonitor(page);
    progress('the monitor connected');
    const quiet: Round[] = [];
    const streaming: Round[] = [];
    const stream = (on: boolean): Promise<void> =>
      page.evaluate((o) => (window as unknown as StreamWindow).__stream(o), on);
    for (let r = 0; r < MONITOR_STREAM_CONFIG.rounds; r++) {
      for (const on of r % 2 === 0 ? [false, true] : [true, false]) {
        await stream(on);
        await sleep(2000); // the stream running (or drained) before the flows
        (on ? streaming : quiet).push(await flows(page).catch((error: unknown) => failed(page, error)));
        progress(`round ${r + 1}, ${on ? 'streaming' : 'no stream'}, measured`);
      }
    }
    await stream(true);
    await page.getByTestId('live-wave').waitFor({ timeout: 10_000 });
    // Streaming for a while: the wave may still be shown from the last round, and a stream stopped at
    // once left the page nothing new to read (the banner went blank after the minute without data).
    await sleep(5000);
    await stream(false);
    await sleep(2000);
    const stats = await page.evaluate(() => (window as unknown as StreamWindow).__streamStats);
    // A banner without a heart rate is a finding to report ('blank' below), not a reason to lose the rounds measured.
    const bannerHr = await page
      .getByTestId('vitals-banner')
      .getByTestId('banner-hr')
      .innerText({ timeout: 15_000 })
      .then((text) => text.trim())
      .catch(async () => {
        const file = path.join(REPO_ROOT, 'test-results', 'bench-monitor-stream-banner.png');
        await page.screenshot({ path: file }).catch(() => undefined);
        progress(`the banner showed no heart rate after the stream stopped; the page is in ${file}`);
        return '';
      });
    const kept = bannerHr.includes(String(stats.lastHr));
    const rows = (['addVital', 'giveDrug'] as const).map((key) => ({
      label: `${key === 'addVital' ? 'add vital' : 'give drug'}: interaction p75, worst round (${MONITOR_STREAM_CONFIG.packetsPerSecond} readings/s streaming vs none)`,
      unit: 'ms',
      ours: worst(streaming, key),
      reference: worst(quiet, key),
      goal: { text: 'ratio < 1.5', met: worst(streaming, key) < 1.5 * Math.max(16, best(quiet, key)) },
    }));
    return {
      title: 'Monitor stream on the case screen (issue 38)',
      setup:
        `Debian's Chromium, headless, 4× CPU throttling, 1280×800, the built client; a ${MONITOR_STREAM_CONFIG.caseHours}-hour case. ` +
        `A page-level fake of Web Serial (the fake test vendor) streams Nonin data format 2 to the case screen's serial monitor: ` +
        `${MONITOR_STREAM_CONFIG.packetsPerSecond} packets a second, each a reading and 25 pleth samples, so ` +
        `${MONITOR_STREAM_CONFIG.packetsPerSecond} readings/s and ${MONITOR_STREAM_CONFIG.packetsPerSecond * 25} pleth samples/s ` +
        '(more than the 100 Hz the issue asks: format 2 carries a reading every 25 samples). Every reading is parsed and shown ' +
        'on the banner; one every 15 s is charted into the case; the waveform section draws the live pleth. ' +
        `The add-vital and give-drug flows of the case-screen section (INP-style, Event Timing), ${MONITOR_STREAM_CONFIG.rounds} rounds ` +
        'with the stream and without it taken in turns; "reference" is without it.',
      rows: [
        ...rows,
        {
          label: 'readings streamed / the banner showed the last one',
          unit: 'count',
          ours: stats.sent,
          reference: null,
          goal: { text: 'kept up', met: kept && stats.backlogMax <= 2 },
        },
      ],
      notes: [
        `p75 by round, streaming (ms): add vital ${streaming.map((r) => r.addVital.p75).join(', ')}; give drug ` +
          `${streaming.map((r) => r.giveDrug.p75).join(', ')}. Without: add vital ${quiet.map((r) => r.addVital.p75).join(', ')}; ` +
          `give drug ${quiet.map((r) => r.giveDrug.p75).join(', ')}.`,
        `The fake port's backlog (packets sent but not yet read by the page) peaked at ${stats.backlogMax}; the banner's heart rate ` +
          `at the end was ${bannerHr || 'blank'} (the last sent: ${stats.lastHr}).`,
      ],
    };
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
    await server.dispose();
    rmSync(distDir, { recursive: true, force: true });
  }
}
