import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, untilControlledByServiceWorker } from './fixtures.js';
import { connectClient, synced } from '../utils/yjs-clients.js';
import { memberContext } from './members.js';

const notes = (page: Page) => page.getByLabel('Procedure notes');
const status = (page: Page) => page.getByTestId('save-status');

/** Makes IndexedDB refuse to open case databases in this context (private mode, storage disabled). */
async function refuseCaseDatabases(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number): IDBOpenDBRequest {
      if (name.startsWith('vigil-case:')) throw new DOMException('Storage is disabled on this device.', 'UnknownError');
      return open.call(this, name, version);
    };
  });
}

test.describe('a case this device cannot store (spec 001 §4 loadFailed, §8 noRemoteData)', () => {
  test('opens from the server, says edits are saved to the server only, and saves them', async ({
    browser,
    baseURL,
  }) => {
    const { member, context: tablet } = await memberContext(browser, baseURL!);
    await refuseCaseDatabases(tablet);
    const path = `/org/${member.orgId}/cases/apt-noidb1`;
    const page = await tablet.newPage();
    await page.goto(path);
    await expect(notes(page)).toBeEnabled();
    await expect(page.getByTestId('device-status')).toContainText('Not stored on this device');
    await expect(page.getByTestId('device-status')).toContainText('Edits are saved to the server only');
    await notes(page).fill('Charted without local storage.');
    await expect(status(page)).toHaveText('saved');

    // 'saved' is true: the server holds the edit (read by the official y-websocket client).
    const server = connectClient(baseURL!, `${member.orgId}/apt-noidb1`, { token: member.token });
    await synced(server.provider);
    await expect
      .poll(() => server.doc.getMap('case').get('procedureNotes')?.toString() ?? '')
      .toBe('Charted without local storage.');
    server.destroy();
    await tablet.close();
  });

  test("with no network either it reads 'failed to load' and charts nothing", async ({ browser, baseURL }) => {
    const { member, context: tablet } = await memberContext(browser, baseURL!);
    await refuseCaseDatabases(tablet);
    const path = `/org/${member.orgId}/cases/apt-noidb2`;
    const page = await tablet.newPage();
    await page.goto(path);
    await expect(notes(page)).toBeEnabled();
    await untilControlledByServiceWorker(page);

    await tablet.setOffline(true);
    await page.reload();
    await expect(status(page)).toHaveText('failed to load');
    await expect(page.getByTestId('load-error')).toContainText('The case cannot be loaded');
    await expect(notes(page)).toBeDisabled();

    // The network returns: the server's copy opens the case.
    await tablet.setOffline(false);
    await expect(notes(page)).toBeEnabled();
    await expect(status(page)).toHaveText('saved');
    await tablet.close();
  });
});
