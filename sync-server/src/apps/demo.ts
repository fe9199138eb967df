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
