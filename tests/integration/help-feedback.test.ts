/**
 * Issue 40, against the real server: Help / Feedback (spec 000 §2 the helpFeedback modal). A
 * signed-in user's message reaches the team's list (with the page, the app's version, the
 * organisation they wrote from and the recent actions log) and the support mailbox; a bad message
 * is refused with a clear error; at most 10 an hour per user; only internal staff read the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackView } from '@vigil/shared';
import { startServer, type TestServer } from '../utils/start-server.js';
import { Browser, outbox } from './accounts-client.js';
import { adminCli, createOrg, person, type Person } from './orgs-helpers.js';

const HOUR = 60 * 60_000;
const SEND = `mutation ($m: String!, $p: String!, $v: String!, $a: String!, $o: String) {
  sendFeedback(message: $m, page: $p, appVersion: $v, recentActions: $a, orgId: $o)
}`;
const LIST =
  'query ($first: Int, $after: String) { feedbackMessages(first: $first, after: $after) { id userId email orgId message page appVersion recentActions } }';
const ACTIONS = JSON.stringify([{ at: 1, kind: 'navigate', target: '/org/fb-office/cases' }]);

let server: TestServer;
let ada: Person;
let team: Person;

const send = (who: Person, message: string, orgId: string | null = 'fb-office') =>
  who.browser.gql<{ sendFeedback: string }>(SEND, {
    m: message,
    p: '/org/fb-office/cases',
    v: '0.1.0',
    a: ACTIONS,
    o: orgId,
  });
const list = async (first = 50, after: string | null = null): Promise<FeedbackView[]> => {
  const res = await team.browser.gql<{ feedbackMessages: FeedbackView[] }>(LIST, { first, after });
  expect(res.code).toBeUndefined();
  return res.data!.feedbackMessages;
};

beforeAll(async () => {
  server = await startServer({ env: { SUPPORT_EMAIL: 'help@vigil.test' } });
  ada = await person(server, 'ada@fb.test');
  expect((await createOrg(ada, 'fb-office')).code).toBeUndefined();
  team = await person(server, 'team@fb.test');
  expect((await adminCli(server, 'make-uber', team.email)).code).toBe(0);
}, 120_000);
afterAll(async () => {
  await server?.dispose();
});

describe('Help / Feedback (issue 40)', () => {
  it("reaches the team's list with its page, version, organisation and recent actions, and the support mailbox", async () => {
    const sent = await send(ada, '  The PDF did not open on the tablet.  ');
    expect(sent.code).toBeUndefined();
    const [newest] = await list();
    expect(newest).toEqual({
      id: sent.data!.sendFeedback,
      userId: ada.userId,
      email: 'ada@fb.test',
      orgId: 'fb-office',
      message: 'The PDF did not open on the tablet.',
      page: '/org/fb-office/cases',
      appVersion: '0.1.0',
      recentActions: ACTIONS,
    });
    const mail = (await outbox(server.url, 'help@vigil.test')).at(-1);
    expect(mail?.subject).toMatch(/^Help \/ Feedback from /);
    expect(mail?.body).toContain('The PDF did not open on the tablet.');
    expect(mail?.body).toContain('ada@fb.test');
    expect(mail?.body).toContain(sent.data!.sendFeedback);
  });

  it('records no organisation the user does not belong to', async () => {
    const sent = await send(ada, 'Written from a link to another office', 'not-my-office');
    expect(sent.code).toBeUndefined();
    expect((await list()).find((m) => m.id === sent.data!.sendFeedback)?.orgId).toBeNull();
  });

  it('refuses an empty message, one too long and a log over 10,000 bytes, keeping nothing', async () => {
    const before = (await list()).length;
    expect((await send(ada, '   ')).code).toBe('INVALID_INPUT');
    expect((await send(ada, 'x'.repeat(5001))).code).toBe('INVALID_INPUT');
    const big = await ada.browser.gql(SEND, { m: 'Hello', p: '/', v: '0.1.0', a: 'x'.repeat(10_001), o: null });
    expect(big.code).toBe('INVALID_INPUT');
    expect((await list()).length).toBe(before);
  });

  it('pages the list newest first', async () => {
    const all = await list();
    const firstPage = await list(2);
    const secondPage = await list(2, firstPage[1]!.id);
    expect([...firstPage, ...secondPage].map((m) => m.id)).toEqual(all.slice(0, 4).map((m) => m.id));
  });

  it('takes exactly 10 of 12 messages sent at once through the API (a double click, two tabs)', async () => {
    const cy = await person(server, 'cy@fb.test');
    const codes = await Promise.all(Array.from({ length: 12 }, (_, i) => send(cy, `At once ${i}`, null)));
    expect(codes.filter((r) => r.code === undefined)).toHaveLength(10);
    expect(codes.filter((r) => r.code === 'TOO_MANY_REQUESTS')).toHaveLength(2);
  });

  it('takes 10 messages a user an hour, then TOO_MANY_REQUESTS; another user still sends, and the next hour it takes more', async () => {
    const bo = await person(server, 'bo@fb.test');
    for (let i = 0; i < 10; i += 1) expect((await send(bo, `Message ${i}`, null)).code).toBeUndefined();
    expect((await send(bo, 'One too many', null)).code).toBe('TOO_MANY_REQUESTS');
    expect((await send(ada, 'Still me', null)).code).toBeUndefined();
    // The same database an hour later.
    const dataDir = server.dataDir;
    await server.stop();
    const later = await startServer({ dataDir, env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(HOUR + 1000) } });
    try {
      const again = new Browser(later.url);
      for (const [name, value] of bo.browser.cookies) again.cookies.set(name, value);
      expect((await send({ ...bo, browser: again }, 'The next hour', null)).code).toBeUndefined();
    } finally {
      // The first server's dispose (afterAll) removes the data directory.
      await later.stop();
    }
  }, 120_000);
});
