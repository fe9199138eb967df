/**
 * Issue 35 item 9: the provider editing window (spec 000 §9: 24 hours; rules EW1, EW2) is the
 * server's, not only the browser's. Past it, by the server's clock and on the document the server
 * holds, a write over sync is refused EDITING_WINDOW_CLOSED and nothing of it is stored, and
 * finalize is refused with the same code. The server runs with its clock two days ahead of this
 * process's (VIGIL_TEST_CLOCK_OFFSET_MS), so only the server's clock can close a window here:
 * every case time is set from `serverNow()`.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CASE_ROOT, DAY, EDITING_WINDOW_CLOSED, HOUR, REFUSAL_REASONS } from '@vigil/shared';
import { fhir } from './fhir-helpers.js';
import { addAddendum, chartedCase, finalize, SIGNATURE, type ChartedCase } from './report-helpers.js';
import { orgMember, signInAgain, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { storedRoom } from '../utils/stores.js';
import { connectClient, connectVigilClient, eventually, synced } from '../utils/yjs-clients.js';

/** The server's clock runs this far ahead of the test's. */
const OFFSET = 2 * DAY;
/** The server's clock now (it reads the same machine clock, shifted). */
const serverNow = (): number => Date.now() + OFFSET;
/** chartedCase's end time follows its start by 50 minutes. */
const CHARTED_END = 50 * 60_000;

let server: TestServer;
let member: OrgMember;
beforeAll(async () => {
  server = await startServer({ env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(OFFSET) } });
  member = await orgMember(server.url);
});
afterAll(async () => {
  await server.dispose();
});

const caseOf = (doc: Y.Doc): Y.Map<unknown> => doc.getMap(CASE_ROOT);

/** What the server holds of a case: its content read by a fresh plain y-websocket client. */
async function stored(c: ChartedCase): Promise<unknown> {
  const reader = connectClient(server.url, `${c.orgId}/${c.caseId}`, { token: c.member.token });
  try {
    await synced(reader.provider);
    return caseOf(reader.doc).toJSON();
  } finally {
    reader.destroy();
  }
}

/** The case's stored snapshot and updates, byte for byte, as the sync store loads them (beside the running server). */
function storedRows(c: ChartedCase): Promise<string> {
  return storedRoom(server.dataDir, `${c.orgId}/${c.caseId}`);
}

/** A case charted in one write whose end time lies `ago` before the server's clock. */
function endedAgo(ago: number): Promise<ChartedCase> {
  return chartedCase(server, member, serverNow() - ago - CHARTED_END);
}

async function hasPdf(c: ChartedCase): Promise<boolean> {
  const apt = await fhir<{ extension?: { url: string }[] }>(
    server,
    c.member.browser,
    'GET',
    `${c.orgId}/Appointment/${c.caseId}`,
  );
  return apt.body.extension?.some((e) => e.url.endsWith('appointment-pdf')) ?? false;
}

describe('the provider editing window on the server (EW2, spec 000 §9)', () => {
  it('accepts a write within the window, by the server clock', async () => {
    // Ended an hour ago by the server's clock (two days and an hour ago by this process's).
    const c = await endedAgo(HOUR);
    caseOf(c.client.doc).set('recoveryNotes', 'Awake and alert');
    await eventually(() => expect(c.client.provider.status.status).toBe('synced'));
    expect(c.client.provider.status.refused).toBeNull();
    expect(await stored(c)).toMatchObject({ recoveryNotes: 'Awake and alert' });
    c.client.destroy();
  });

  it('refuses a write 24 h + 1 ms after the end time and stores nothing of it', async () => {
    // The charting write set the times on an empty case: judged on the state before it, accepted.
    const c = await endedAgo(24 * HOUR + 1);
    const before = await stored(c);
    expect(before).toMatchObject({ procedure: 'Third molar extraction' });
    const rows = await storedRows(c);

    // Vigil's client (an acknowledged save): refused with the reason, the edit stays on the device.
    caseOf(c.client.doc).set('recoveryNotes', 'written after the window');
    await eventually(() => expect(c.client.provider.status.refused).toBe(REFUSAL_REASONS.EDITING_WINDOW_CLOSED));
    expect(c.client.provider.status.status).toBe('outOfSync');
    expect(caseOf(c.client.doc).get('recoveryNotes')).toBe('written after the window');

    // A plain y-websocket client's write is dropped too.
    const plain = connectClient(server.url, `${c.orgId}/${c.caseId}`, { token: c.member.token });
    await synced(plain.provider);
    caseOf(plain.doc).set('procedureNotes', 'written by a plain client');
    const ws = plain.provider.ws!;
    await eventually(() => expect(ws.bufferedAmount).toBe(0));
    plain.destroy();

    expect(await stored(c)).toEqual(before);
    expect(await storedRows(c)).toBe(rows);
    c.client.destroy();
  });

  it('keeps a case with no times charted open, whatever else is charted', async () => {
    const m = member;
    const client = connectVigilClient(server.url, `${m.orgId}/cmp-window-untimed`, { params: { token: m.token } });
    // A dose given three days ago by the server's clock, but no case start or end: vitals tracking
    // is on, so the case start is not derived from it, and the window has not started.
    caseOf(client.doc).set('drugsAdministered', [
      { name: 'Midazolam', doses: [{ route: 'IV', amount: 2, unit: 'mg', time: serverNow() - 3 * DAY }] },
    ]);
    await eventually(() => expect(client.provider.status.status).toBe('synced'));
    caseOf(client.doc).set('recoveryNotes', 'still open');
    await eventually(() => expect(client.provider.status.status).toBe('synced'));
    expect(client.provider.status.refused).toBeNull();

    // With vitals tracking off the start is derived from that dose (ET3): the window closed.
    caseOf(client.doc).set('vitalsTrackingEnabled', false);
    await eventually(() => expect(client.provider.status.status).toBe('synced'));
    caseOf(client.doc).set('recoveryNotes', 'too late');
    await eventually(() => expect(client.provider.status.refused).toBe(EDITING_WINDOW_CLOSED));
    client.destroy();
  });

  it('does not reopen the window for a write that charts a new end time', async () => {
    const c = await endedAgo(25 * HOUR);
    const before = await stored(c);
    const events = caseOf(c.client.doc).get('events') as Record<string, number>;
    caseOf(c.client.doc).set('events', { ...events, end: serverNow() });
    await eventually(() => expect(c.client.provider.status.refused).toBe(EDITING_WINDOW_CLOSED));
    expect(await stored(c)).toEqual(before);
    c.client.destroy();

    // A tablet that charted offline and comes back after the window: its updates (the new end
    // time among them) reach the server in its first sync and are refused; they stay on the
    // tablet, and what the server holds is unchanged.
    const offline = new Y.Doc();
    Y.applyUpdate(offline, Y.encodeStateAsUpdate(c.client.doc));
    caseOf(offline).set('dischargeNotes', 'charted offline');
    const tablet = connectVigilClient(server.url, `${c.orgId}/${c.caseId}`, { params: { token: c.member.token } });
    Y.applyUpdate(tablet.doc, Y.encodeStateAsUpdate(offline));
    await eventually(() => expect(tablet.provider.status.refused).toBe(EDITING_WINDOW_CLOSED));
    expect(caseOf(tablet.doc).get('dischargeNotes')).toBe('charted offline');
    expect(await stored(c)).toEqual(before);
    tablet.destroy();
    offline.destroy();
  });

  it('refuses finalize after the window and accepts it within', async () => {
    const late = await endedAgo(24 * HOUR + 1);
    const refused = await finalize(server, late.member.browser, late.orgId, late.caseId, {
      signature: SIGNATURE,
      contentHash: late.hash(),
      timeZone: 'UTC',
    });
    expect(refused.status).toBe(409);
    expect(refused.error).toBe(EDITING_WINDOW_CLOSED);
    expect(await hasPdf(late)).toBe(false);
    late.client.destroy();

    const recent = await endedAgo(23 * HOUR);
    const signed = await finalize(server, recent.member.browser, recent.orgId, recent.caseId, {
      signature: SIGNATURE,
      contentHash: recent.hash(),
      timeZone: 'UTC',
    });
    expect(signed.status).toBe(200);
    expect(signed.lines.map((l) => l.step)).toEqual(['pdfGen', 'saveUpdates', 'done']);
    expect(await hasPdf(recent)).toBe(true);
    recent.client.destroy();
  });

  it('still takes an addendum to a case signed within the window once the window closed', async () => {
    // Its own server, started again on the same data two days later by its clock.
    let own = await startServer();
    const dataDir = own.dataDir;
    try {
      const c = await chartedCase(own);
      const signed = await finalize(own, c.member.browser, c.orgId, c.caseId, {
        signature: SIGNATURE,
        contentHash: c.hash(),
        timeZone: 'UTC',
      });
      expect(signed.status).toBe(200);
      c.client.destroy();
      await own.stop();
      own = await startServer({ dataDir, env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(2 * DAY) } });
      const browser = await signInAgain(own.url, c.member.email);
      const addendum = await addAddendum(own, browser, c.orgId, c.caseId, {
        title: 'Late entry',
        text: 'Patient called two days later: doing well.',
        signerName: 'Dr Grace Hopper',
        signature: SIGNATURE,
      });
      expect(addendum.status).toBe(201);
    } finally {
      await own.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
