import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryAppStore } from './memory.js';
import { PostgresAppStore } from './postgres.js';
import { SqliteAppStore } from './sqlite.js';
import type { AppRecord, AppStore, DeliveryRecord, InstallationRecord, WebhookRecord } from './types.js';

/** Every AppStore implementation. */
const implementations = await runnableImplementations<[string, () => AppStore | Promise<AppStore>]>(
  'AppStore contract',
  [
    ['memory', () => new MemoryAppStore(new MemoryDatabase())],
    ['sqlite', () => new SqliteAppStore(openMemoryDatabase())],
    ['postgres', async () => new PostgresAppStore(await testPostgresDatabase())],
  ],
);

const app = (id: string, at = 1000): AppRecord => ({
  id,
  name: `App ${id}`,
  ownerOrgId: null,
  clientId: `client-${id}`,
  secretHash: 'a'.repeat(64),
  scopes: ['system/Patient.read'],
  createdAt: at,
  createdBy: 'usr-1',
  secretRotatedAt: at,
  jwks: null,
  jwksUrl: null,
});
const inst = (id: string, appId: string, orgId: string, at = 2000): InstallationRecord => ({
  id,
  appId,
  orgId,
  installedAt: at,
  installedBy: 'usr-1',
  uninstalledAt: null,
});
const hook = (id: string, installationId: string): WebhookRecord => ({
  id,
  installationId,
  orgId: 'office',
  url: 'https://emr.example/hook',
  secret: 'whsec_c2VjcmV0',
  events: ['resource.created'],
  resourceTypes: ['Patient'],
  createdAt: 3000,
});
const delivery = (
  id: string,
  webhookId: string,
  seq: number,
  subject: string,
  next: number | null = 0,
): DeliveryRecord => ({
  id,
  webhookId,
  orgId: 'office',
  seq,
  event: 'resource.created',
  subject,
  payload: '{}',
  createdAt: 4000,
  status: 'pending',
  windowStart: 4000,
  nextAttemptAt: next,
  attempts: [],
});

async function installed(store: AppStore): Promise<void> {
  await store.createApp(app('app-1'));
  await store.install(inst('ins-1', 'app-1', 'office'));
  await store.createWebhook(hook('wh-1', 'ins-1'));
}

describe.each(implementations)('apps contract (%s)', (_name, make) => {
  it('keeps apps by id and client id, and replaces the secret hash on rotation', async () => {
    const store = await make();
    await store.createApp(app('app-2', 2000));
    await store.createApp(app('app-1', 1000));
    expect((await store.apps()).map((a) => a.id)).toEqual(['app-1', 'app-2']);
    expect(await store.appByClientId('client-app-2')).toEqual(app('app-2', 2000));
    expect(await store.app('nope')).toBe(null);
    await store.setSecret('app-1', 'b'.repeat(64), 5000);
    expect(await store.app('app-1')).toMatchObject({ secretHash: 'b'.repeat(64), secretRotatedAt: 5000 });
  });

  it('refuses an assertion id used twice by a client until it expires', async () => {
    const store = await make();
    expect(await store.claimAssertion('c1', 'j1', 2000, 1000)).toBe(true);
    expect(await store.claimAssertion('c1', 'j1', 2000, 1500)).toBe(false);
    expect(await store.claimAssertion('c2', 'j1', 2000, 1500)).toBe(true);
    // Expired at 2001: forgotten.
    expect(await store.claimAssertion('c1', 'j1', 3000, 2001)).toBe(true);
  });

  it('installs an app once per organisation; uninstalling deletes its tokens at once', async () => {
    const store = await make();
    await store.createApp(app('app-1'));
    expect(await store.install(inst('ins-1', 'app-1', 'office'))).toBe(true);
    expect(await store.install(inst('ins-2', 'app-1', 'office'))).toBe(false);
    expect(await store.install(inst('ins-3', 'app-1', 'other'))).toBe(true);
    expect((await store.installations('office')).map((i) => i.id)).toEqual(['ins-1']);
    const token = {
      hash: 'h1',
      installationId: 'ins-1',
      orgId: 'office',
      scopes: ['system/Patient.read'],
      expiresAt: 9,
    };
    await store.putToken(token);
    expect(await store.token('h1')).toEqual(token);
    expect(await store.uninstall('ins-1', 6000)).toBe(true);
    expect(await store.uninstall('ins-1', 6001)).toBe(false);
    expect(await store.token('h1')).toBe(null);
    expect(await store.installations('office')).toEqual([]);
    expect(await store.installation('ins-1')).toMatchObject({ uninstalledAt: 6000 });
    // Installed again after an uninstall: a new installation.
    expect(await store.install(inst('ins-4', 'app-1', 'office'))).toBe(true);
    // The app's current installations across organisations (its reseller's list), oldest first.
    expect((await store.appInstallations('app-1')).map((i) => i.id)).toEqual(['ins-3', 'ins-4']);
    expect(await store.appInstallations('app-none')).toEqual([]);
  });

  it('keeps the address of an app JWK Set', async () => {
    const store = await make();
    await store.createApp({ ...app('app-u'), jwksUrl: 'https://vendor.example/jwks.json' });
    expect((await store.app('app-u'))?.jwksUrl).toBe('https://vendor.example/jwks.json');
    expect((await store.appByClientId('client-app-u'))?.jwksUrl).toBe('https://vendor.example/jwks.json');
  });

  it('lists the webhooks of current installations only', async () => {
    const store = await make();
    await installed(store);
    expect((await store.activeWebhooks()).map((w) => w.id)).toEqual(['wh-1']);
    expect(await store.webhook('wh-1')).toEqual(hook('wh-1', 'ins-1'));
    await store.uninstall('ins-1', 7000);
    expect(await store.activeWebhooks()).toEqual([]);
    expect((await store.webhooks('ins-1')).map((w) => w.id)).toEqual(['wh-1']);
  });

  it('adds one delivery per webhook and change, and answers the due ones in order per subject', async () => {
    const store = await make();
    await installed(store);
    await store.addDelivery(delivery('d1', 'wh-1', 10, 'Patient/a'));
    await store.addDelivery(delivery('d1b', 'wh-1', 10, 'Patient/a'));
    await store.addDelivery(delivery('d2', 'wh-1', 11, 'Patient/a'));
    await store.addDelivery(delivery('d3', 'wh-1', 12, 'Patient/b'));
    await store.addDelivery(delivery('d4', 'wh-1', 13, 'Patient/c', 50_000));
    const page = async (first: number, after: string | null): Promise<string[]> =>
      (await store.deliveries('wh-1', { first, after })).map((d) => d.id);
    expect(await page(10, null)).toEqual(['d4', 'd3', 'd2', 'd1']);
    expect(await page(2, null)).toEqual(['d4', 'd3']);
    expect(await page(2, 'd3')).toEqual(['d2', 'd1']);
    expect(await page(2, 'nope')).toEqual([]);
    // d2 waits for d1 (same subject); d4 is not due yet.
    expect((await store.due(1000, 10)).map((d) => d.id)).toEqual(['d1', 'd3']);
    const attempt = { n: 1, at: 1000, requestHeaders: '{}', responseStatus: 500, responseBody: 'no', durationMs: 3 };
    await store.addAttempt('d1', attempt, 'pending', 6000);
    expect((await store.due(1000, 10)).map((d) => d.id)).toEqual(['d3']);
    expect((await store.due(6000, 10)).map((d) => d.id)).toEqual(['d1', 'd3']);
    await store.addAttempt('d1', { ...attempt, n: 2, responseStatus: 200 }, 'delivered', null);
    expect((await store.due(6000, 10)).map((d) => d.id)).toEqual(['d2', 'd3']);
    const d1 = await store.delivery('d1');
    expect(d1?.attempts.map((a) => [a.n, a.responseStatus])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(d1?.status).toBe('delivered');
    // Redeliver: pending again, due now, its 24 hours from now.
    expect(await store.redeliver('d1', 9000)).toBe(true);
    expect(await store.delivery('d1')).toMatchObject({ status: 'pending', nextAttemptAt: 9000, windowStart: 9000 });
    expect(await store.redeliver('nope', 9000)).toBe(false);
    // An uninstalled app's deliveries are not due.
    await store.uninstall('ins-1', 9500);
    expect(await store.due(10_000, 10)).toEqual([]);
  });

  it('deletes a webhook with its deliveries', async () => {
    const store = await make();
    await installed(store);
    await store.addDelivery(delivery('d1', 'wh-1', 10, 'Patient/a'));
    await store.deleteWebhook('wh-1');
    expect(await store.webhook('wh-1')).toBe(null);
    expect(await store.delivery('d1')).toBe(null);
  });
});
