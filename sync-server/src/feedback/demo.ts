import type { FeedbackStore } from '../store/feedback/types.js';

/** The demo's Help / Feedback messages (issue 40): the team's Customer Support list has something in it. */
export async function seedDemoFeedback(
  store: FeedbackStore,
  orgId: string,
  now: Date,
  from: { userId: string; name: string; email: string },
): Promise<void> {
  // Once: a database seeded before keeps its messages (demo seeding may run again on it).
  if ((await store.countSince(from.userId, 0)) > 0) return;
  const at = now.getTime();
  const actions = (paths: string[]): string =>
    JSON.stringify(paths.map((target, i) => ({ at: at - (paths.length - i) * 60_000, kind: 'navigate', target })));
  await store.add({
    id: 'fb-demo00000000001',
    at: at - 2 * 24 * 60 * 60_000,
    ...{ userId: from.userId, userName: from.name, email: from.email, orgId },
    message: 'How do I add our own sedative to the drug list? We use a compounded midazolam syrup.',
    page: `/org/${orgId}/settings`,
    appVersion: '0.1.0',
    recentActions: actions([`/org/${orgId}/cases`, `/org/${orgId}/settings`]),
  });
  await store.add({
    id: 'fb-demo00000000002',
    at: at - 3 * 60 * 60_000,
    ...{ userId: from.userId, userName: from.name, email: from.email, orgId },
    message: 'The calendar took a while to show today’s appointments on the operatory tablet this morning.',
    page: `/org/${orgId}/calendar`,
    appVersion: '0.1.0',
    recentActions: actions([`/org/${orgId}/cases`, `/org/${orgId}/calendar`]),
  });
}
