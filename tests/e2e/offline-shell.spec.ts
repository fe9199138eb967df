import { expect, test, untilControlledByServiceWorker } from './fixtures.js';
import { memberContext } from './members.js';

test('an installed app starts with no network once the service worker is ready', async ({ browser, baseURL }) => {
  // The organisation app needs a signed-in member (spec 000 §4, issue 4).
  const { member, context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/cases`);
  await expect(page.getByRole('heading', { name: 'Cases' })).toBeVisible();
  // The worker installs, precaches the shell and every route chunk, and takes control.
  await untilControlledByServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cases' })).toBeVisible();
  await expect(page.getByTestId('app-name')).toHaveText('Case Manager');

  // A screen never opened before is there too: its chunk was precached.
  await page.goto('/vigil-team/users');
  await expect(page.getByTestId('app-name')).toHaveText('Vigil Team');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await context.setOffline(false);
});
