import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, untilControlledByServiceWorker } from './fixtures.js';
import { memberContext } from './members.js';

const notes = (page: Page) => page.getByLabel('Procedure notes');

/** Counts, per page, the IndexedDB databases of cases it opens (`window.__caseOpens`). */
async function countCaseDatabaseOpens(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __caseOpens: string[] };
    w.__caseOpens = [];
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number): IDBOpenDBRequest {
      if (name.startsWith('vigil-case:')) w.__caseOpens.push(name);
      return open.call(this, name, version);
    };
  });
}

const caseOpens = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __caseOpens: string[] }).__caseOpens);

test('a case screen opened at its own address reads its case once, while the app loads, and charts offline', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  await countCaseDatabaseOpens(context);
  const path = `/org/${member.orgId}/cases/apt-cold-start`;
  let page = await context.newPage();
  await page.goto(path);
  await expect(notes(page)).toBeEnabled();
  await notes(page).fill('Opened online.');
  await expect(page.getByTestId('save-status')).toHaveText('saved');
  await untilControlledByServiceWorker(page);
  // The case opened with the page is the one the screen charts in: one database open, not two.
  expect(await caseOpens(page)).toEqual([`vigil-case:${member.orgId}/apt-cold-start`]);
  await page.close();

  await context.setOffline(true);
  page = await context.newPage();
  await page.goto(path);
  await expect(notes(page)).toHaveValue('Opened online.');
  await notes(page).fill('Opened online. Charted offline.');
  await expect(page.getByTestId('device-status')).toHaveText('Saved on this device');
  expect(await caseOpens(page)).toEqual([`vigil-case:${member.orgId}/apt-cold-start`]);

  // Any other screen opens no case.
  await page.goto(`/org/${member.orgId}/cases`);
  await expect(page.getByRole('heading', { name: 'Cases' })).toBeVisible();
  expect(await caseOpens(page)).toEqual([]);

  // Back on the case (a new page load), what was charted offline is there.
  await page.goto(path);
  await expect(notes(page)).toHaveValue('Opened online. Charted offline.');
  await context.setOffline(false);
  await expect(page.getByTestId('save-status')).toHaveText('saved');
  await context.close();
});
