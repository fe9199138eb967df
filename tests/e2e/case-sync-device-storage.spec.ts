import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, untilControlledByServiceWorker } from './fixtures.js';
import { memberContext } from './members.js';

const notes = (page: Page) => page.getByLabel('Procedure notes');
const deviceStatus = (page: Page) => page.getByTestId('device-status');

/** Case-database writes abort while `window.__vigilFailWrites` is set (a full disk, quota exceeded). */
async function failingCaseWrites(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const add = IDBObjectStore.prototype.add;
    IDBObjectStore.prototype.add = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey): IDBRequest {
      const request = add.call(this, value, key);
      const failing = (window as unknown as { __vigilFailWrites?: boolean }).__vigilFailWrites === true;
      if (failing && this.transaction.db.name.startsWith('vigil-case:')) this.transaction.abort();
      return request;
    };
  });
}

const setFailing = (page: Page, failing: boolean): Promise<void> =>
  page.evaluate((f) => {
    (window as unknown as { __vigilFailWrites?: boolean }).__vigilFailWrites = f;
  }, failing);

test.describe('device storage failing while charting (issue 6: a quota or closed-database error is shown)', () => {
  test('shows the failure, keeps the edits queued, and stores them all once writes work again', async ({
    browser,
    baseURL,
  }) => {
    const { member, context } = await memberContext(browser, baseURL!);
    await failingCaseWrites(context);
    const page = await context.newPage();
    await page.goto(`/org/${member.orgId}/cases/apt-quota1`);
    await expect(notes(page)).toBeEnabled();
    await expect(deviceStatus(page)).toHaveText('Saved on this device');
    await untilControlledByServiceWorker(page);

    await setFailing(page, true);
    await notes(page).fill('Charted while the disk was full.');
    await expect(deviceStatus(page)).toContainText('Not saved on this device');
    // The server still takes the edits.
    await expect(page.getByTestId('save-status')).toHaveText('saved');

    // Writes work again: the retry (every 10 s) stores the whole state.
    await setFailing(page, false);
    await expect(deviceStatus(page)).toHaveText('Saved on this device');

    // The device alone has every edit: reopen with no network.
    await context.setOffline(true);
    await page.reload();
    await expect(notes(page)).toHaveValue('Charted while the disk was full.');
    await context.close();
  });
});
