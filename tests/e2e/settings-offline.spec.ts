import type { Page } from '@playwright/test';
import { orgMember } from '../utils/members.js';
import { bookChild } from './charting.js';
import { expect, test, untilControlledByServiceWorker } from './fixtures.js';
import { contextWith } from './members.js';
import { turnOnFeatures } from './org-setup.js';

/** The names of the settings this device keeps for an organisation (IndexedDB vigil-resources, table settings). */
function keptSettings(page: Page, orgId: string): Promise<string[]> {
  return page.evaluate(
    (org) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('vigil-resources');
        open.onerror = () => reject(new Error('vigil-resources did not open'));
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('settings')) {
            database.close();
            resolve([]);
            return;
          }
          const all = database.transaction('settings').objectStore('settings').getAll();
          all.onsuccess = () => {
            database.close();
            resolve(
              (all.result as { orgId: string; name: string }[])
                .filter((s) => s.orgId === org)
                .map((s) => s.name)
                .sort(),
            );
          };
          all.onerror = () => reject(new Error('settings could not be read'));
        };
      }),
    orgId,
  );
}

test('a tablet that starts offline after one online visit still has the forms list, the case settings and the sign-off policies (issue 36 item 6)', async ({
  browser,
  baseURL,
  server,
}) => {
  // An office with the policies flag on (SO6 and SO13 block by default) and the form builder, with one form of its own.
  const member = await orgMember(baseURL!);
  const [{ caseId }] = await Promise.all([
    bookChild(baseURL!, member.orgId, member.token),
    turnOnFeatures(server, member.orgId, 'policies', 'formBuilder'),
  ]);
  const made = await member.browser.gql(
    'mutation ($o: String, $p: OrgFormProperties!) { createOrgForm(orgId: $o, properties: $p) { id } }',
    { o: member.orgId, p: { name: 'Sedation consent', markdown: 'I agree.', fields: [] } },
  );
  expect(made.code).toBeFalsy();

  const context = await contextWith(browser, baseURL!, member.browser);
  const page = await context.newPage();
  const formsPath = `/org/${member.orgId}/forms`;
  const casePath = `/org/${member.orgId}/cases/${caseId}`;
  const formsList = page.getByRole('list', { name: 'Forms' });
  const signoff = page.getByTestId('signoff-count');

  // Online: the forms list, and the case screen whose sign-off checks say which flags block.
  await page.goto(formsPath);
  await expect(formsList.getByRole('link', { name: 'Sedation consent' })).toBeVisible();
  await untilControlledByServiceWorker(page);
  await page.goto(casePath);
  await expect(signoff).toContainText('blocking');
  const online = await signoff.textContent();
  // The three this test needs are kept (the office app keeps others too: the subscription banner's status…).
  await expect
    .poll(() => keptSettings(page, member.orgId))
    .toEqual(expect.arrayContaining(['features', 'forms', 'policies']));

  // The tablet starts again with no network: each screen answers this device's copy.
  await context.setOffline(true);
  await page.reload();
  await expect(signoff).toContainText('blocking');
  expect(await signoff.textContent()).toBe(online);
  await page.goto(formsPath);
  await expect(formsList.getByRole('link', { name: 'Sedation consent' })).toBeVisible();
  await context.close();
});
