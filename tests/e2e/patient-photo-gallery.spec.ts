import { encodePng, type Patient } from '@vigil/shared';
import { orgMember } from '../utils/members.js';
import { withStores } from '../utils/stores.js';
import { bookPatientCase, seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

/*
 * Issue 40, the image gallery and viewer (spec 000 §2, §9; spec 002 §2, §9): two photos uploaded
 * for a patient are both kept (the newest is the current photo, PH4), the patient page's Photos
 * gallery shows them, and the viewer moves between them with the arrow keys and closes on Escape,
 * the focus back on the thumbnail that opened it.
 */
test('two uploaded photos show in the patient gallery and the viewer moves between them by keyboard', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(300_000);
  const url = baseURL!;
  const member = await orgMember(url);
  const { patientId } = await bookPatientCase(url, member.orgId, member.token);
  const context = await contextWith(browser, url, member.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/org/${member.orgId}/patients/${patientId}`);
  await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();

  const upload = async (button: string, colour: readonly number[]): Promise<void> => {
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: 'Patient photo' });
    await dialog.getByLabel('Upload the patient photo').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(encodePng(320, 240, () => colour)),
    });
    await expect(dialog.getByRole('img', { name: /^Cropped patient photo/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Use photo' }).click();
    await expect(dialog).toHaveCount(0);
  };
  await upload('Add photo', [200, 40, 40]);
  await upload('Change photo', [40, 40, 200]);

  const gallery = page.getByRole('group', { name: 'Photos of Ada Lovelace' });
  const thumbs = gallery.getByRole('button', { name: /^Open image/ });
  await expect(thumbs).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  const first = gallery.getByRole('button', { name: 'Open image 1 of 2: Current photo of Ada Lovelace' });
  await first.click();
  const viewer = page.getByRole('dialog', { name: 'Photos of Ada Lovelace' });
  await expect(viewer.getByTestId('viewer-position')).toHaveText('Image 1 of 2');
  await expect(viewer.getByTestId('viewer-image')).toHaveAttribute('alt', 'Current photo of Ada Lovelace');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByTestId('viewer-position')).toHaveText('Image 2 of 2');
  await expect(viewer.getByTestId('viewer-image')).toHaveAttribute('alt', 'Earlier photo 1 of Ada Lovelace');
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByTestId('viewer-position')).toHaveText('Image 2 of 2');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByTestId('viewer-position')).toHaveText('Image 1 of 2');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(first).toBeFocused();

  // The server keeps both: the newest first.
  const photos = await withStores(
    server.dataDir,
    async (s) => ((await s.resources.read(member.orgId, 'Patient', patientId))!.resource as Patient).photo ?? [],
    { readonly: true },
  );
  expect(photos).toHaveLength(2);
  expect(photos.every((p) => p.url?.startsWith('Binary/'))).toBe(true);
  await context.close();
});
