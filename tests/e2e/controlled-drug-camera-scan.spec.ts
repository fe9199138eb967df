import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../sync-server/src/report/chromium.js';
import { orgMember } from '../utils/members.js';
import { REPO_ROOT } from '../utils/start-server.js';
import { gs1Yymmdd, writeBlankCameraVideo, writeGs1CameraVideo, type Gs1Package } from './fake-camera.js';
import { bookCase } from './axe.js';
import { expect, test, untilControlledByServiceWorker } from './fixtures.js';
import { contextWith } from './members.js';
import { turnOnFeatures } from './org-setup.js';

/**
 * The camera this spec's Chromium sees: Chromium's fake camera playing a file the test writes
 * (a package's GS1 DataMatrix), permission granted as if the person had allowed it. The file is
 * opened each time a camera starts, so the test shows the camera one package, then another.
 */
const CAMERA_FILE = path.join(tmpdir(), `vigil-fake-camera-${process.pid}.y4m`);
// Only the worker runs the browser; the file goes with it.
if (process.env.TEST_WORKER_INDEX !== undefined) writeBlankCameraVideo(CAMERA_FILE);
test.afterAll(() => rmSync(CAMERA_FILE, { force: true }));
test.use({
  actionTimeout: 30_000,
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${CAMERA_FILE}`,
    ],
  },
});

const SHOTS = path.join(REPO_ROOT, 'test-results', 'controlled-drug-camera-scan');
const DAY_MS = 86_400_000;
/** A midazolam package good for two more years (GTIN 00312345678906: check digit 6, NDC 1234567890). */
const GOOD: Gs1Package = {
  gtin: '00312345678906',
  expiry: gs1Yymmdd(new Date(Date.now() + 730 * DAY_MS)),
  lot: 'MDZ2291',
  serial: 'S0001',
};
/** A package of another lot whose expiry passed 40 days ago. */
const EXPIRED: Gs1Package = { ...GOOD, expiry: gs1Yymmdd(new Date(Date.now() - 40 * DAY_MS)), lot: 'MDZ1507' };
/** YYMMDD → the date input's YYYY-MM-DD. */
const isoOf = (yymmdd: string): string => `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;

test('midazolam received by the camera with no network, an expired package refused, and drawn for a case by the camera', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  // The office's admin and provider, the ledger turned on as production does.
  const member = await orgMember(baseURL!);
  await turnOnFeatures(server, member.orgId, 'drugInventory');
  await bookCase(baseURL!, member.orgId, member.token);

  const context = await contextWith(browser, baseURL!, member.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/inventories`);
  await page.getByLabel('New inventory').fill('Cart 2');
  await page.getByRole('button', { name: 'Create inventory' }).click();
  await page.getByRole('link', { name: 'Cart 2' }).click();
  await expect(page.getByRole('heading', { name: 'Cart 2', level: 1 })).toBeVisible();

  // The service worker is in control and holds the barcode reader's WebAssembly: it came with
  // the app, from Vigil (a hashed asset of its own build), before the camera was ever opened.
  await untilControlledByServiceWorker(page);
  const precached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls.filter((u) => /zxing_reader.*\.wasm/.test(u));
  });
  expect(precached).toHaveLength(1);
  expect(new URL(precached[0]!).origin).toBe(new URL(baseURL!).origin);

  // The app may compile WebAssembly and nothing else by eval (CSP 3 'wasm-unsafe-eval').
  const csp = (await page.request.get('/')).headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);

  // The tablet loses the network; the camera still reads, the first time it is opened.
  await context.setOffline(true);
  const camera = page.getByRole('dialog', { name: 'Scan the package' });

  // An expired package: refused in the camera's dialog with the ledger's text, scanning goes on.
  await writeGs1CameraVideo(CAMERA_FILE, EXPIRED);
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  await expect(camera.getByRole('alert')).toContainText(
    `This lot is expired and cannot be received or dispensed. Lot MDZ1507, expiry ${isoOf(EXPIRED.expiry)}.`,
  );
  await expect(camera.getByText('Hold the package’s DataMatrix in front of the camera.')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'camera-expired-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, 'camera-expired-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await camera.getByRole('button', { name: 'Type the code instead' }).click();
  await expect(camera).toBeHidden();
  await expect(page.getByLabel('Lot number')).toHaveValue('');

  // A good package: the dialog closes and the receive form has its GTIN, lot and expiry.
  await writeGs1CameraVideo(CAMERA_FILE, GOOD);
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  await expect(camera).toBeHidden();
  await expect(page.getByText('Scanned GTIN 00312345678906 · NDC 1234567890 · serial S0001')).toBeVisible();
  await expect(page.getByLabel('Lot number')).toHaveValue('MDZ2291');
  await expect(page.getByLabel('Expiry')).toHaveValue(isoOf(GOOD.expiry));
  await expect(page.getByText('New lot: complete the details and receive.')).toBeVisible();

  // Back online, the ledger entry is written (entries need the server).
  await context.setOffline(false);
  await page.getByRole('combobox', { name: 'Drug', exact: true }).fill('Midazolam');
  await page.getByRole('option', { name: 'Midazolam' }).click();
  await page.getByLabel('Packages received').fill('5');
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(page.getByText('Received 50 mg of Midazolam, lot MDZ2291.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lots' }).getByText('5 × 10 mg (50 mg)')).toBeVisible();

  // The same package shown to the camera again opens its dispense, as the USB scanner's code does.
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  const dispense = page.getByRole('dialog', { name: 'Dispense · Midazolam lot MDZ2291' });
  await expect(camera).toBeHidden();
  await dispense.getByRole('combobox', { name: 'Case', exact: true }).click();
  await page.getByRole('option', { name: /Ada Lovelace · Implant/ }).click();
  await dispense.getByLabel('Quantity (mg)').fill('10');
  await dispense.getByRole('button', { name: 'Dispense' }).click();
  await expect(dispense).toBeHidden();
  await expect(page.getByRole('region', { name: 'Lots' }).getByText('4 × 10 mg (40 mg)')).toBeVisible();
  await context.close();
});
