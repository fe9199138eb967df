import { base64Bytes, checkImage, IMAGE_BOUNDS, type Binary, type Patient } from '@vigil/shared';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../sync-server/src/report/chromium.js';
import { orgMember } from '../utils/members.js';
import { withStores } from '../utils/stores.js';
import { bookPatientCase, seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

/*
 * Issue 40: the desk takes a patient's photo with the tablet's camera (Chromium's fake camera,
 * permission granted as if allowed), crops it square and keeps it; the server holds a WebP of
 * 480 × 480 as the patient's photo Binary, and the photo shows on the patient page, the cases
 * list and the case header. A file that is not an image is refused with 'Invalid file type!'.
 */
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

test('a photo taken with the camera is cropped, kept as a WebP 480 Binary and shown on the patient, the cases list and the case header', async ({
  browser,
  baseURL,
  server,
}) => {
  const url = baseURL!;
  const member = await orgMember(url);
  const { caseId, patientId } = await bookPatientCase(url, member.orgId, member.token);
  const context = await contextWith(browser, url, member.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/org/${member.orgId}/patients/${patientId}`);
  await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Patient photo' });

  // Not an image: refused, and the choice stays.
  await dialog.getByLabel('Upload the patient photo').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(dialog.getByRole('alert')).toHaveText('Invalid file type!');

  await dialog.getByRole('button', { name: 'Take photo' }).click();
  await expect(dialog.getByLabel('Camera preview for the patient photo')).toBeVisible();
  await dialog.getByRole('button', { name: 'Capture' }).click();
  const crop = dialog.getByRole('img', { name: /^Cropped patient photo/ });
  await expect(crop).toBeVisible();
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await crop.focus();
  await page.keyboard.press('ArrowLeft');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Use photo' }).click();
  await expect(dialog).toHaveCount(0);
  const photo = page.getByRole('img', { name: 'Photo of Ada Lovelace' });
  await expect(photo).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The server holds the patient's photo as a WebP of 480 × 480 that passes the image checks.
  const stored = await withStores(server.dataDir, async (s) => {
    const patient = (await s.resources.read(member.orgId, 'Patient', patientId))!.resource as Patient;
    const binaryId = patient.photo![0]!.url!.replace('Binary/', '');
    return (await s.resources.read(member.orgId, 'Binary', binaryId))!.resource as Binary;
  });
  expect(stored.contentType).toBe('image/webp');
  expect(checkImage(base64Bytes(stored.data!)!, IMAGE_BOUNDS.photo)).toEqual({
    ok: true,
    format: 'webp',
    width: 480,
    height: 480,
  });

  // The cases list (the calendar's appointment item) and, on the tablet, the case header show it.
  await page.goto(`/org/${member.orgId}/cases`);
  await expect(page.getByTestId('appointment').getByRole('img', { name: 'Photo of Ada Lovelace' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  const header = page.locator('header[aria-label="Case header"]');
  await expect(header.getByRole('img', { name: 'Photo of Ada Lovelace' })).toBeVisible();
  await page.screenshot({ path: 'test-results/patient-photo-case-header.png' });
  await context.close();
});
