import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminCli } from '../integration/orgs-helpers.js';
import { bookCase, seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

/*
 * Issue 42: an office's administrator installs an app at /org/{orgId}/apps, adds a webhook on the
 * installation's screen, sees the delivery of a new patient in the webhook-debug screens with its
 * attempt, and redelivers it; each screen is clean for axe-core.
 */

test('an admin installs an app, adds a webhook, sees its delivery and redelivers it', async ({
  browser,
  baseURL,
  server,
}) => {
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']));
      res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { member, context } = await memberContext(browser, baseURL!);
  // The app is the team's: the member, made an internal uber, makes it for every office.
  expect((await adminCli(server, 'make-uber', member.email)).code).toBe(0);
  const made = await member.browser.gql<{ createApp: { app: { id: string } } }>(
    'mutation { createApp(name: "Chart Exporter", scopes: ["system/Patient.read"]) { app { id } } }',
  );
  expect(made.code).toBeFalsy();

  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/org/${member.orgId}/apps`);
  await expect(page.getByRole('heading', { name: 'Apps', level: 1 })).toBeVisible();
  await expect(page.getByText('No apps installed.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Chart Exporter' }).click();
  await expect(page.getByRole('heading', { name: 'Chart Exporter', level: 1 })).toBeVisible();
  await expect(page.getByText('system/Patient.read')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Install' }).click();
  await expect(page).toHaveURL(/\/apps\/installed\/ins-/);
  await expect(page.getByText('No webhooks.')).toBeVisible();

  // A webhook for new patients, to the receiver in this test.
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await page.getByLabel('URL').fill(url);
  await page.getByLabel('Resource created').check();
  await page.getByLabel('Resource types (for resource events)').fill('Patient');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByText('Signing secret')).toBeVisible();
  await expect(page.getByRole('link', { name: url })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A new patient: the webhook's delivery.
  await bookCase(baseURL!, member.orgId, member.token);
  await page.getByRole('link', { name: url }).click();
  await expect(page.getByRole('heading', { name: 'Webhook', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'All deliveries' }).click();
  await expect(page.getByRole('heading', { name: 'Webhook Deliveries', level: 1 })).toBeVisible();
  const delivered = page.getByRole('row').filter({ hasText: 'Delivered' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(delivered).toHaveCount(1, { timeout: 1_000 });
  }).toPass();
  await expect(delivered).toContainText('Resource created');
  await expect(delivered).toContainText('Patient/');
  expect(await seriousViolations(page)).toEqual([]);
  await delivered.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Webhook Delivery', level: 1 })).toBeVisible();
  const attempts = page.getByRole('table');
  await expect(attempts.getByRole('row')).toHaveCount(2);
  await expect(attempts).toContainText('200');
  await expect(attempts).toContainText('thanks');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Redeliver' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Queued' })).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(attempts.getByRole('row')).toHaveCount(3, { timeout: 1_000 });
  }).toPass();
  await expect(page.getByText('Delivered', { exact: true })).toBeVisible();
  // The receiver got the same message twice (one webhook-id).
  expect(received).toHaveLength(2);
  expect(received[1]).toBe(received[0]);

  // The integrations screen: the installed app and the two flags with what each changes.
  await page.goto(`/org/${member.orgId}/integrations`);
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chart Exporter' })).toBeVisible();
  await expect(page.getByText('EMR lockdown mode')).toBeVisible();
  await expect(page.getByText('Legacy integrations')).toBeVisible();
  await expect(page.getByText('Off', { exact: true })).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
  await new Promise((resolve) => receiver.close(resolve));
});
