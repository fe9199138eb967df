import WebSocket from 'ws';
import { HEALTH_HISTORY_ROOT, type Composition } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../integration/accounts-client.js';
import { fhir } from '../integration/fhir-helpers.js';
import {
  formsWorld,
  intakeForm,
  newAppointment,
  patientAnswers,
  PHONE_ANSWERS,
  publicPost,
  sendFormLink,
  type FormsWorld,
} from '../integration/forms-helpers.js';
import type { Person } from '../integration/orgs-helpers.js';
import type { TestServer } from '../utils/start-server.js';
import { caughtUp, connectClient, eventually, synced } from '../utils/yjs-clients.js';

/*
 * Issue 27: the health history calls × every kind of caller, against the real server. Signed
 * out: NO_AUTHENTICATION; another organisation's admin: NOT_AUTHORIZED (403 on FHIR, 4403 on
 * the room); a member without the provider role may create, copy and mark complete but not
 * sign; a provider may do everything. Issue 28 adds mergeHhx (a patient's answers into a history). A signed history then refuses the FHIR API's writes
 * (423) and plain y-websocket writes from every member.
 */

const ROLES = ['none', 'recorder', 'provider', 'otherOrgAdmin'] as const;
type Role = (typeof ROLES)[number];
const CALLS = ['newHhx', 'markComplete', 'sign', 'copyHhx', 'mergeHhx'] as const;
type Call = (typeof CALLS)[number];

const EXPECTED: Record<Call, Record<Role, string>> = {
  newHhx: { none: 'NO_AUTHENTICATION', recorder: 'ok', provider: 'ok', otherOrgAdmin: 'NOT_AUTHORIZED' },
  markComplete: { none: 'NO_AUTHENTICATION', recorder: 'ok', provider: 'ok', otherOrgAdmin: 'NOT_AUTHORIZED' },
  sign: { none: 'NO_AUTHENTICATION', recorder: 'NOT_AUTHORIZED', provider: 'ok', otherOrgAdmin: 'NOT_AUTHORIZED' },
  copyHhx: { none: 'NO_AUTHENTICATION', recorder: 'ok', provider: 'ok', otherOrgAdmin: 'NOT_AUTHORIZED' },
  // Issue 28: a patient's answers merged into a history in progress.
  mergeHhx: { none: 'NO_AUTHENTICATION', recorder: 'ok', provider: 'ok', otherOrgAdmin: 'NOT_AUTHORIZED' },
};

let w: FormsWorld;
let server: TestServer;
let answersId: string;
let orgId: string;
let patientId: string;
const people = {} as Record<Exclude<Role, 'none'>, Person>;
let anonymous: Person;

const SIGNATURE = 'M 10 150 L 120 60 L 200 220';

async function call(who: Person, what: Call, historyId: string): Promise<{ outcome: string; id?: string }> {
  const gql = who.browser.gql.bind(who.browser);
  if (what === 'newHhx') {
    const r = await gql<{ newHhx: { id: string } }>(
      'mutation ($o: String!, $p: String!) { newHhx(orgId: $o, patientId: $p) { id fhirJSON } }',
      { o: orgId, p: patientId },
    );
    return { outcome: r.code ?? 'ok', ...(r.data ? { id: r.data.newHhx.id } : {}) };
  }
  if (what === 'copyHhx') {
    const r = await gql('mutation ($o: String!, $c: String!) { copyHhx(orgId: $o, compositionId: $c) { id } }', {
      o: orgId,
      c: historyId,
    });
    return { outcome: r.code ?? 'ok' };
  }
  if (what === 'mergeHhx') {
    const r = await gql(
      'mutation ($o: String!, $a: String!, $t: String) { mergeHhx(orgId: $o, answersId: $a, targetId: $t, allergies: [0], medications: []) { id } }',
      { o: orgId, a: answersId, t: historyId },
    );
    return { outcome: r.code ?? 'ok' };
  }
  const r = await gql(
    'mutation ($o: String!, $c: String!, $s: String) { finalizeHhx(orgId: $o, compositionId: $c, signature: $s) { checkSum } }',
    { o: orgId, c: historyId, s: what === 'sign' ? SIGNATURE : null },
  );
  return { outcome: r.code ?? 'ok' };
}

async function freshHistory(): Promise<string> {
  const r = await call(people.provider, 'newHhx', '');
  expect(r.outcome).toBe('ok');
  return r.id!;
}

const closeCode = (path: string): Promise<number> =>
  new Promise((resolve) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}${path}`);
    ws.on('close', (code) => resolve(code));
    ws.on('error', () => undefined);
  });

beforeAll(async () => {
  // office's admin is its provider; its member records; elsewhere's admin is another organisation's.
  w = await formsWorld({ prefix: 'hhxs' });
  server = w.server;
  orgId = 'office';
  people.provider = w.admin;
  people.recorder = w.member;
  people.otherOrgAdmin = w.otherAdmin;
  anonymous = { browser: new Browser(server.url), email: 'nobody@vigil.test', userId: '' };
  // The patient answers an intake form on the phone: the patient-answers history mergeHhx reads
  // (only the server writes one, SG2).
  const booked = await newAppointment(w, 'Ben');
  patientId = booked.patientId;
  const { token } = await sendFormLink(w, await intakeForm(w), booked.appointmentId);
  expect((await publicPost(w, `patient-forms/${token}/submit`, { accepted: true, values: PHONE_ANSWERS })).status).toBe(
    200,
  );
  answersId = (await patientAnswers(w, w.member.browser, patientId))[0]!.id!;
}, 300_000);
afterAll(async () => {
  await server.dispose();
});

describe('health history access matrix (issue 27)', () => {
  it.each(CALLS)('%s answers every caller as the table says', async (what) => {
    const got: Record<string, string> = {};
    for (const role of ROLES) {
      // Each caller gets a fresh history, so one caller's finalize does not decide the next one's answer.
      const id = await freshHistory();
      if (what === 'copyHhx') expect((await call(people.provider, 'sign', id)).outcome).toBe('ok');
      got[role] = (await call(role === 'none' ? anonymous : people[role], what, id)).outcome;
    }
    expect(got).toEqual(EXPECTED[what]);
  });

  it('another organisation and the signed-out get 403 on the FHIR API and 4403 / 4401 on the room', async () => {
    const id = await freshHistory();
    expect((await fhir(server, people.otherOrgAdmin.browser, 'GET', `${orgId}/Composition/${id}`)).status).toBe(403);
    expect((await fhir(server, null, 'GET', `${orgId}/Composition/${id}`)).status).toBe(401);
    expect(await closeCode(`/api/sync/${orgId}/${id}?token=${people.otherOrgAdmin.browser.token!}`)).toBe(4403);
    expect(await closeCode(`/api/sync/${orgId}/${id}`)).toBe(4401);
  });

  it('a signed history refuses FHIR writes (423) and plain y-websocket writes from every member', async () => {
    const id = await freshHistory();
    expect((await call(people.provider, 'sign', id)).outcome).toBe('ok');
    const current = await fhir<Composition>(server, people.provider.browser, 'GET', `${orgId}/Composition/${id}`);
    expect(current.body.status).toBe('final');
    for (const who of [people.provider, people.recorder]) {
      const put = await fhir(server, who.browser, 'PUT', `${orgId}/Composition/${id}`, {
        ...current.body,
        title: 'Changed',
      });
      expect(put.status).toBe(423);
      const client = connectClient(server.url, `${orgId}/${id}`, { token: who.browser.token! });
      try {
        await synced(client.provider);
        client.doc.getMap(HEALTH_HISTORY_ROOT).set('healthHistoryNotes', 'tampered');
        // A plain client is sent no refusal: a round trip on its socket proves the server handled the write.
        await caughtUp(client);
        const probe = connectClient(server.url, `${orgId}/${id}`, { token: who.browser.token! });
        try {
          await synced(probe.provider);
          await eventually(() =>
            expect(probe.doc.getMap(HEALTH_HISTORY_ROOT).get('finalReportSignature')).toBe(SIGNATURE),
          );
          // The server refused the write; the probe now holds all the server's copy holds.
          await caughtUp(probe);
          expect(probe.doc.getMap(HEALTH_HISTORY_ROOT).get('healthHistoryNotes')).toBeUndefined();
        } finally {
          probe.destroy();
        }
      } finally {
        client.destroy();
      }
    }
  });
});
