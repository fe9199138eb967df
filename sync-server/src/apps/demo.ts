import { createHash, randomBytes } from 'node:crypto';
import type { AppStore, AttemptRecord, DeliveryRecord } from '../store/apps/types.js';

export const DEMO_APP_ID = 'app-demo0000000001';
export const DEMO_INSTALLATION_ID = 'ins-demo0000000001';
export const DEMO_WEBHOOK_ID = 'whk-demo0000000001';

/**
 * The demo's app (issue 42): a team-made "Demo EMR bridge" installed in the demo office, with a
 * webhook and three deliveries already sent (one after two refused attempts), so the apps and
 * webhook-debug screens have something in them. Its client secret is random and never shown (the
 * team rotates it to use the app). The deliveries' seqs are negative so no change of the feed is
 * taken for one of them; none is pending, so the demo never sends to the example address by itself.
 * Once: a database seeded before keeps what it has.
 */
export async function seedDemoApps(store: AppStore, orgId: string, now: Date, userId: string): Promise<void> {
  if (await store.app(DEMO_APP_ID)) return;
  const at = now.getTime();
  const day = 24 * 60 * 60_000;
  await store.createApp({
    id: DEMO_APP_ID,
    name: 'Demo EMR bridge',
    ownerOrgId: null,
    clientId: 'vci_demo0000000000000000000000001',
    secretHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
    scopes: ['system/Appointment.read', 'system/Patient.read'],
    createdAt: at - 30 * day,
    createdBy: userId,
    secretRotatedAt: at - 30 * day,
    jwks: null,
    jwksUrl: null,
  });
  await store.install({
    id: DEMO_INSTALLATION_ID,
    appId: DEMO_APP_ID,
    orgId,
    installedAt: at - 20 * day,
    installedBy: userId,
    uninstalledAt: null,
  });
  await store.createWebhook({
    id: DEMO_WEBHOOK_ID,
    installationId: DEMO_INSTALLATION_ID,
    orgId,
    url: 'https://emr.example.com/vigil/webhooks',
    secret: `whsec_${randomBytes(32).toString('base64')}`,
    events: ['resource.created', 'resource.updated', 'case.finalized'],
    resourceTypes: ['Appointment', 'Patient'],
    createdAt: at - 20 * day,
  });
  const attempt = (n: number, when: number, status: number, body: string): AttemptRecord => ({
    n,
    at: when,
    requestHeaders: JSON.stringify({ 'content-type': 'application/json', 'webhook-id': '(demo)' }),
    responseStatus: status,
    responseBody: body,
    durationMs: 40 + n * 7,
  });
  const delivery = (i: number, subject: string, event: DeliveryRecord['event'], attempts: AttemptRecord[]) => {
    const createdAt = attempts[0]!.at;
    const [type, id] = subject.split('/');
    return store.addDelivery({
      id: `msg_demo00000000000000000000000${i}`,
      webhookId: DEMO_WEBHOOK_ID,
      orgId,
      seq: -10 + i,
      event,
      subject,
      payload: JSON.stringify({
        type: event,
        timestamp: new Date(createdAt).toISOString(),
        data: { orgId, resourceType: type, id, versionId: '1', seq: -10 + i },
      }),
      createdAt,
      status: 'delivered',
      windowStart: createdAt,
      nextAttemptAt: null,
      attempts,
    });
  };
  await delivery(1, 'Patient/pat-demo0000000001', 'resource.created', [attempt(1, at - 2 * day, 200, 'ok')]);
  await delivery(2, 'Appointment/apt-demo0000000001', 'resource.created', [
    attempt(1, at - day, 500, 'Internal Server Error'),
    attempt(2, at - day + 5_000, 500, 'Internal Server Error'),
    attempt(3, at - day + 15_000, 200, 'ok'),
  ]);
  await delivery(3, 'Appointment/apt-demo0000000001', 'resource.updated', [attempt(1, at - 60 * 60_000, 200, 'ok')]);
}

export const DEMO_RESELLER_APP_ID = 'app-demo0000000002';
export const DEMO_RESELLER_INSTALLATION_ID = 'ins-demo0000000002';
export const DEMO_RESELLER_WEBHOOK_ID = 'whk-demo0000000002';

/**
 * The demo reseller's app (issue 42): "Demo Scheduling Connector", made by the demo reseller and
 * installed in the demo office, with a webhook and one delivery already sent, so the reseller
 * app's screens have an app, an installation across organisations and a delivery to show. As the
 * team's demo app: a random secret never shown, a negative seq, nothing pending. Once per database.
 */
export async function seedDemoResellerApp(
  store: AppStore,
  ids: { resellerId: string; orgId: string },
  now: Date,
  people: { resellerUserId: string; officeUserId: string },
): Promise<void> {
  if (await store.app(DEMO_RESELLER_APP_ID)) return;
  const at = now.getTime();
  const day = 24 * 60 * 60_000;
  await store.createApp({
    id: DEMO_RESELLER_APP_ID,
    name: 'Demo Scheduling Connector',
    ownerOrgId: ids.resellerId,
    clientId: 'vci_demo0000000000000000000000002',
    secretHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
    scopes: ['system/Appointment.read', 'system/Appointment.write', 'system/Patient.read'],
    createdAt: at - 40 * day,
    createdBy: people.resellerUserId,
    secretRotatedAt: at - 40 * day,
    jwks: null,
    jwksUrl: null,
  });
  await store.install({
    id: DEMO_RESELLER_INSTALLATION_ID,
    appId: DEMO_RESELLER_APP_ID,
    orgId: ids.orgId,
    installedAt: at - 10 * day,
    installedBy: people.officeUserId,
    uninstalledAt: null,
  });
  await store.createWebhook({
    id: DEMO_RESELLER_WEBHOOK_ID,
    installationId: DEMO_RESELLER_INSTALLATION_ID,
    orgId: ids.orgId,
    url: 'https://scheduling.example.com/vigil/events',
    secret: `whsec_${randomBytes(32).toString('base64')}`,
    events: ['resource.created', 'resource.updated'],
    resourceTypes: ['Appointment'],
    createdAt: at - 10 * day,
  });
  const sentAt = at - 3 * 60 * 60_000;
  await store.addDelivery({
    id: 'msg_demo000000000000000000000011',
    webhookId: DEMO_RESELLER_WEBHOOK_ID,
    orgId: ids.orgId,
    seq: -5,
    event: 'resource.created',
    subject: 'Appointment/apt-demo0000000001',
    payload: JSON.stringify({
      type: 'resource.created',
      timestamp: new Date(sentAt).toISOString(),
      data: { orgId: ids.orgId, resourceType: 'Appointment', id: 'apt-demo0000000001', versionId: '1', seq: -5 },
    }),
    createdAt: sentAt,
    status: 'delivered',
    windowStart: sentAt,
    nextAttemptAt: null,
    attempts: [
      {
        n: 1,
        at: sentAt,
        requestHeaders: JSON.stringify({ 'content-type': 'application/json', 'webhook-id': '(demo)' }),
        responseStatus: 200,
        responseBody: 'ok',
        durationMs: 52,
      },
    ],
  });
}
