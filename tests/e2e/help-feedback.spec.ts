import { adminCli } from '../integration/orgs-helpers.js';
import { outbox } from '../integration/accounts-client.js';
import { orgMember } from '../utils/members.js';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

/*
 * Issue 40: Help / Feedback reaches the team's list. A provider on a tablet writes from the cases
 * list; the network drops as they send (the message stays, nothing is sent), then they send it once
 * with a double press; the team opens Customer Support and reads it with the recent actions.
 */
test('a message sent from Help / Feedback, through a dropped network and a double press, reaches the team’s list once with the recent actions', async ({
  browser,
  baseURL,
  server,
}) => {
  const url = baseURL!;
  const provider = await orgMember(url);
  const context = await contextWith(browser, url, provider.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${provider.orgId}/patients`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A reload keeps the log (the tab's session storage), then a move through the navigation.
  await page.reload();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Cases' }).click();
  await expect(page.getByRole('heading', { name: 'Cases', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Help / Feedback' }).click();
  await expect(page).toHaveURL(/#helpFeedback$/);
  const dialog = page.getByRole('dialog', { name: 'Help / Feedback' });
  const send = dialog.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  const text = 'The finalize progress stopped at 80 % on operatory 2.';
  await dialog.getByLabel('Message').fill(text);
  expect(await seriousViolations(page)).toEqual([]);

  // The network drops: a clear message, and the text is still there.
  await context.setOffline(true);
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'You are offline. Your message is kept here: send it again once you are back online.',
  );
  await expect(dialog.getByLabel('Message')).toHaveValue(text);
  await context.setOffline(false);
  await send.dblclick();
  await expect(dialog.getByRole('status')).toContainText('The Vigil team has your message');
  await page.screenshot({ path: 'test-results/help-feedback-sent.png' });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/org/${provider.orgId}/cases$`));
  // Mailed to the support address once.
  const mails = (await outbox(url, 'support@vigil.health')).filter((m) => m.body.includes(text));
  expect(mails).toHaveLength(1);
  await context.close();

  // The team reads it once, with where it came from and the pages visited before.
  expect((await adminCli(server, 'make-uber', provider.email)).code).toBe(0);
  const teamContext = await contextWith(browser, url, provider.browser);
  const team = await teamContext.newPage();
  await team.setViewportSize({ width: 1440, height: 900 });
  await team.goto('/vigil-team/customer-support');
  await expect(team.getByRole('heading', { name: 'Help / Feedback' })).toBeVisible();
  const card = team.getByRole('listitem', { name: /^Message from / }).filter({ hasText: text });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`page /org/${provider.orgId}/cases`);
  await card.getByRole('button', { name: 'Show recent actions' }).click();
  await expect(card.locator('pre')).toContainText(`navigate /org/${provider.orgId}/patients`);
  await expect(card.locator('pre')).toContainText('menuitem');
  expect(await seriousViolations(team)).toEqual([]);
  await team.screenshot({ path: 'test-results/help-feedback-team.png', fullPage: true });
  await teamContext.close();
});
