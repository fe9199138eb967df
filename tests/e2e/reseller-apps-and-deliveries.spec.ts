import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminCli } from '../integration/orgs-helpers.js';
import { bookCase, seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith, memberContext } from './members.js';

/*
 * Issue 42, the reseller app (spec 000 §2 /reseller/{resellerId}): a reseller's administrator makes
 * an app (its secret shown once), an office installs it, and the reseller sees the installation,
 * the office's webhook, its delivery with the attempt, and redelivers it from the webhook-debug
 * screens under its app; each screen is clean for axe-core.
 */

test("a reseller makes an app and follows its installation's webhook deliveries", async ({
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
  const { member, context: first } = await memberContext(browser, baseURL!);
  await first.close();
  // Resellers are made by the team: the member, made an internal uber, makes one and is its admin.
  expect((await adminCli(server, 'make-uber', member.email)).code).toBe(0);
  const resellerId = `vendor-${member.orgId}`.slice(0, 64).replace(/-+$/, '');
  const made = await member.browser.gql(
    'mutation ($id: String) { createOrg(orgId: $id, orgType: "reseller", orgName: "Vendor Inc") { orgId } }',
    { id: resellerId },
  );
  expect(made.code).toBeFalsy();
  // Making an organisation renews the session: the browser takes the renewed cookie.
  const context = await contextWith(browser, baseURL!, member.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/reseller/${resellerId}/apps`);
  await expect(page.getByRole('heading', { name: 'Apps', level: 1 })).toBeVisible();
  await expect(page.getByText('No apps yet.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A new app: its name and one scope; the secret is shown once.
  await page.getByLabel('App name').fill('Recall Reminders');
  await page.getByRole('combobox', { name: 'Scopes' }).click();
  await page.getByRole('option', { name: 'system/Patient.read', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create app' }).click();
  await expect(page.getByText('Client secret', { exact: true })).toBeVisible();
  await expect(page.getByText(/^vcs_/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Recall Reminders' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The office (the member administers it too) installs the app and adds a webhook.
  const apps = await member.browser.gql<{ resellerApps: { id: string }[] }>(
    'query ($r: String!) { resellerApps(resellerId: $r) { id } }',
    { r: resellerId },
  );
  const appId = apps.data!.resellerApps[0]!.id;
  const installed = await member.browser.gql<{ installApp: { id: string } }>(
    'mutation ($o: String!, $a: String!) { installApp(orgId: $o, appId: $a) { id } }',
    { o: member.orgId, a: appId },
  );
  expect(installed.code).toBeFalsy();
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const hook = await member.browser.gql(
    'mutation ($o: String!, $i: String!, $u: String!) { createWebhook(orgId: $o, installationId: $i, url: $u, events: ["resource.created"], resourceTypes: ["Patient"]) { webhook { id } } }',
    { o: member.orgId, i: installed.data!.installApp.id, u: url },
  );
  expect(hook.code).toBeFalsy();
  // createOrg renewed the session: the jar holds the renewed token, member.token the old one.
  await bookCase(baseURL!, member.orgId, member.browser.token!);

  // The app's page: its credentials, the installation across organisations, the webhook.
  await page.getByRole('link', { name: 'Recall Reminders' }).click();
  await expect(page.getByRole('heading', { name: 'Recall Reminders', level: 1 })).toBeVisible();
  await expect(page.getByText('system/Patient.read')).toBeVisible();
  // One installation, the office's (the first table; the webhooks' table names the office too).
  await expect(page.getByRole('table').first().getByRole('row').filter({ hasText: member.orgId })).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Rotate client secret' }).click();
  await expect(page.getByText(/^vcs_/)).toBeVisible();

  await page.getByRole('link', { name: url }).click();
  await expect(page.getByRole('heading', { name: 'Webhook', level: 1 })).toBeVisible();
  expect(page.url()).toContain(`/reseller/${resellerId}/apps/${appId}/webhooks/`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'All deliveries' }).click();
  await expect(page.getByRole('heading', { name: 'Webhook Deliveries', level: 1 })).toBeVisible();
  const delivered = page.getByRole('row').filter({ hasText: 'Delivered' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(delivered).toHaveCount(1, { timeout: 1_000 });
  }).toPass();
  await expect(delivered).toContainText('Patient/');
  expect(await seriousViolations(page)).toEqual([]);
  await delivered.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Webhook Delivery', level: 1 })).toBeVisible();
  const attempts = page.getByRole('table');
  await expect(attempts.getByRole('row')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Redeliver' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Queued' })).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(attempts.getByRole('row')).toHaveCount(3, { timeout: 1_000 });
  }).toPass();
  // The receiver got the same message twice (one webhook-id).
  expect(received).toHaveLength(2);
  expect(received[1]).toBe(received[0]);
  await context.close();
  await new Promise((resolve) => receiver.close(resolve));
});
