import type { ClientLogRecord, ClientLogStore } from '../store/client-logs/types.js';

const HOUR_MS = 3_600_000;

/**
 * The demo's browser errors (issue 41, session 30): a few log beacons of one of the demo office's
 * people over the last two days, so the team's Customer Support shows recent errors for them. Once
 * only: each is kept only while the user has fewer beacons than its place in the list (the store's
 * own atomic count), so seeding again adds nothing.
 */
export async function seedDemoClientLogs(
  logs: ClientLogStore,
  orgId: string,
  now: Date,
  userId: string,
): Promise<void> {
  const at = now.getTime();
  const beacon = (hoursAgo: number, e: Partial<ClientLogRecord>): ClientLogRecord => ({
    ...{ at: at - hoursAgo * HOUR_MS, level: 50, kind: 'error', errorName: null, code: null, where: null },
    ...{ route: `/org/${orgId}/cases/:id`, appVersion: '0.1.0', userId, orgId },
    ...e,
  });
  const beacons = [
    beacon(40, { kind: 'unhandledrejection', errorName: 'RequestError', code: 'NETWORK_ERROR' }),
    beacon(26, { errorName: 'TypeError', where: 'index-Bx81.js:2:14077' }),
    beacon(5, { kind: 'unhandledrejection', errorName: 'RequestError', code: 'NETWORK_ERROR' }),
    beacon(2, { level: 60, kind: 'render', errorName: 'TypeError', route: `/org/${orgId}/calendar` }),
  ];
  for (const [i, b] of beacons.entries()) await logs.record(b, 0, i + 1);
}
