import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CASE_ROOT, isSafeWaveSvg, mllpEncode, type BridgeView, type WaveEntry } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCaseStructure } from '../../client/src/sync/caseStructure.js';
import { PCD01_WAVEFORMS } from '../../shared/src/monitors/fixtures/streams.js';
import { REPO_ROOT, startServer, type TestServer } from '../utils/start-server.js';
import { caughtUp, connectClient, eventually, synced } from '../utils/yjs-clients.js';
import { fhir, patientBody } from './fhir-helpers.js';
import { createOrg, person, type Person } from './orgs-helpers.js';

/*
 * Issue 38, session 30: waveforms from a Vigil Bridge. A real bridge process, paired by a
 * one-time code, is fed an IHE PCD-01 waveform ORU^R01 (pleth, ECG II, capnogram) over MLLP; it
 * relays the samples through its authenticated channel (POST /api/bridge/waveforms); the server
 * keeps them for the case screen and a provider captures a pleth strip into the case. A delivery
 * too large, one naming another organisation, one too soon after the last are refused; another
 * office cannot read them; an ECG strip is refused on a plan without waveform capture (MON22).
 */

const OFFICE = 'wave-office';
const OTHER = 'wave-other';
const PLUS = 'wave-plus';

let server: TestServer;
let admin: Person;
let otherAdmin: Person;
let plusAdmin: Person;
let caseId = '';
const started: ChildProcess[] = [];
const dirs: string[] = [];

async function pairingCode(who: Person, orgId: string): Promise<string> {
  const made = await who.browser.gql<{ createBridgePairingCode: { code: string } }>(
    'mutation ($o: String) { createBridgePairingCode(orgId: $o, location: "Operatory 1") { code } }',
    { o: orgId },
  );
  if (made.code) throw new Error(made.code);
  return made.data!.createBridgePairingCode.code;
}

/** A bridge paired through the route alone (its credential), for the edge's refusals. */
async function pairDirect(who: Person, orgId: string): Promise<{ bridgeId: string; token: string }> {
  const res = await fetch(`${server.url}/api/bridge/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: await pairingCode(who, orgId), name: 'Test bridge' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { bridgeId: string; token: string };
}

function postWaves(token: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}/api/bridge/waveforms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

const segment = (type: string, n: number, at = Date.now()) => ({
  monitorKey: 'hl7:TEST',
  type,
  values: Array.from({ length: n }, (_, i) => Math.round(100 * Math.sin(i / 10))),
  sampleRateHz: 250,
  receivedAt: at,
});

async function waveforms(who: Person, orgId: string, bridgeId: string, monitorKey: string) {
  return who.browser.gql<{ bridgeMonitorWaveforms: { type: string; values: number[]; sampleRateHz: number }[] }>(
    'query ($o: String, $b: String!, $m: String!) { bridgeMonitorWaveforms(orgId: $o, bridgeId: $b, monitorKey: $m) { type values sampleRateHz receivedAt } }',
    { o: orgId, b: bridgeId, m: monitorKey },
  );
}

function capture(who: Person, orgId: string, bridgeId: string, monitorKey: string, type: string, c = caseId) {
  return who.browser.gql<{ captureBridgeWaveform: { id: string; name: string; type: string; notes: string | null } }>(
    'mutation ($o: String, $c: String!, $b: String!, $m: String!, $t: String!) { captureBridgeWaveform(orgId: $o, caseId: $c, bridgeId: $b, monitorKey: $m, type: $t, notes: "Before induction") { id name type notes } }',
    { o: orgId, c, b: bridgeId, m: monitorKey, t: type },
  );
}

beforeAll(async () => {
  server = await startServer();
  const [a, o, p] = await Promise.all(['admin', 'other', 'plus'].map((n) => person(server, `${n}@waves.test`)));
  [admin, otherAdmin, plusAdmin] = [a!, o!, p!];
  for (const [who, id] of [
    [admin, OFFICE],
    [otherAdmin, OTHER],
  ] as const) {
    const made = await createOrg(who, id);
    if (made.code) throw new Error(made.code);
  }
  const plans = await plusAdmin.browser.gql<{ availablePlans: { id: string; lookupKey: string }[] }>(
    'query { availablePlans { id lookupKey } }',
  );
  const planId = plans.data!.availablePlans.find((p) => p.lookupKey === 'plus_monthly')!.id;
  const plus = await plusAdmin.browser.gql(
    `mutation ($p: String) { createOrg(orgId: "${PLUS}", orgType: "regular", orgName: "Plus Dental", planId: $p) { orgId } }`,
    { p: planId },
  );
  expect(plus.code).toBeUndefined();
  const patient = await fhir<{ id: string }>(
    server,
    admin.browser,
    'POST',
    `${OFFICE}/Patient`,
    patientBody('Ada', 'W'),
  );
  const appointment = await fhir<{ id: string }>(server, admin.browser, 'POST', `${OFFICE}/Appointment`, {
    resourceType: 'Appointment',
    status: 'arrived',
    start: new Date().toISOString(),
    end: new Date(Date.now() + 3_600_000).toISOString(),
    participant: [{ actor: { reference: `Patient/${patient.body.id}` }, status: 'accepted' }],
  });
  caseId = appointment.body.id;
  const tablet = connectClient(server.url, `${OFFICE}/${caseId}`, { token: admin.browser.token! });
  await synced(tablet.provider);
  ensureCaseStructure(tablet.doc);
  await caughtUp(tablet);
  tablet.destroy();
}, 240_000);

afterAll(async () => {
  for (const child of started) if (child.exitCode == null && child.signalCode == null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await server?.dispose();
});

describe('waveforms from a Vigil Bridge (issue 38)', () => {
  it('a real bridge relays an HL7 waveform message’s samples; a provider captures a pleth strip into the case', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bridge-waves-'));
    dirs.push(dataDir);
    const code = await pairingCode(admin, OFFICE);
    const child = spawn(
      process.execPath,
      [
        ...['--import', 'tsx', 'bridge/src/main.ts', '--data', dataDir, '--server', server.url],
        ...['--code', code, '--name', 'Operatory 1 bridge', '--hl7-port', '0', '--hl7-host', '127.0.0.1'],
      ],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    started.push(child);
    const log: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line) => log.push(line));
    const hl7Port = await new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const ready = JSON.parse(line) as { ready?: boolean; hl7Port?: number };
        if (ready.ready) resolve(ready.hl7Port!);
      });
      child.once('exit', (c) => reject(new Error(`bridge exited with ${c}: ${log.join('\n')}`)));
    });
    const { bridgeId } = JSON.parse(readFileSync(path.join(dataDir, 'credential.json'), 'utf8')) as {
      bridgeId: string;
    };
    // The monitor sends the message's bytes over MLLP and reads its ACK.
    const ack = await new Promise<string>((resolve, reject) => {
      const socket = connect(hl7Port, '127.0.0.1', () => socket.write(mllpEncode(PCD01_WAVEFORMS)));
      socket.on('data', (d: Buffer) => {
        resolve(d.toString('latin1'));
        socket.end();
      });
      socket.on('error', reject);
    });
    expect(ack).toContain('MSA|AA');
    let monitorKey = '';
    await eventually(async () => {
      const list = await admin.browser.gql<{ bridges: BridgeView[] }>(
        'query ($o: String) { bridges(orgId: $o) { id monitors { key protocol } } }',
        { o: OFFICE },
      );
      monitorKey = list.data!.bridges.find((b) => b.id === bridgeId)!.monitors[0]!.key;
      const got = await waveforms(admin, OFFICE, bridgeId, monitorKey);
      expect(got.data!.bridgeMonitorWaveforms.map((w) => [w.type, w.sampleRateHz, w.values.length])).toEqual([
        ['pleth', 100, 100],
        ['II', 250, 50],
        ['etco2', 25, 8],
      ]);
    }, 30_000);
    expect(monitorKey).toMatch(/^hl7:/);

    const captured = await capture(admin, OFFICE, bridgeId, monitorKey, 'pleth');
    expect(captured.code).toBeUndefined();
    expect(captured.data!.captureBridgeWaveform).toMatchObject({ name: 'Pleth (monitor)', notes: 'Before induction' });
    // An office without a plan is not limited by tier: its ECG strip is taken too.
    expect((await capture(admin, OFFICE, bridgeId, monitorKey, 'II')).code).toBeUndefined();
    const reader = connectClient(server.url, `${OFFICE}/${caseId}`, { token: admin.browser.token! });
    try {
      await synced(reader.provider);
      const waves = (reader.doc.getMap(CASE_ROOT).get('waves') as { toJSON(): WaveEntry[] }).toJSON();
      expect(waves.map((w) => [w.name, w.type, w.notes])).toEqual([
        ['Pleth (monitor)', 'pleth', 'Before induction'],
        ['ECG II (monitor)', 'II', 'Before induction'],
      ]);
      expect(waves.every((w) => isSafeWaveSvg(w.svg))).toBe(true);
    } finally {
      reader.destroy();
    }

    // Another office reads nothing of it, by its own id or this office's.
    expect((await waveforms(otherAdmin, OTHER, bridgeId, monitorKey)).code).toBe('NOT_FOUND');
    expect((await capture(otherAdmin, OTHER, bridgeId, monitorKey, 'pleth')).code).toBe('NOT_FOUND');
  }, 120_000);

  it('refuses at the edge a delivery too large, naming another organisation, or too soon after the last', async () => {
    const { token } = await pairDirect(admin, OFFICE);
    const big = Array.from({ length: 5 }, () => segment('II', 5000));
    expect((await postWaves(token, { orgId: OFFICE, waveforms: big })).status).toBe(413);
    const oneTooMany = await postWaves(token, { orgId: OFFICE, waveforms: [segment('II', 5001)] });
    expect(oneTooMany.status).toBe(400);
    const foreign = await postWaves(token, { orgId: OTHER, waveforms: [segment('pleth', 100)] });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: string }).error).toBe('NOT_AUTHORIZED');
    expect((await postWaves('vgb_nobody', { orgId: OFFICE, waveforms: [segment('pleth', 100)] })).status).toBe(401);
    expect((await postWaves(token, { orgId: OFFICE, waveforms: [segment('pleth', 100)] })).status).toBe(200);
    const soon = await postWaves(token, { orgId: OFFICE, waveforms: [segment('pleth', 100)] });
    expect(soon.status).toBe(429);
  });

  it('refuses an ECG strip on a plan without waveform capture, and takes a pleth one there', async () => {
    const { bridgeId, token } = await pairDirect(plusAdmin, PLUS);
    const sent = await postWaves(token, {
      orgId: PLUS,
      monitors: [{ key: 'hl7:TEST', label: 'Operatory 1 monitor', protocol: 'hl7' }],
      waveforms: [segment('II', 2500), segment('pleth', 1000)],
    });
    expect(sent.status).toBe(200);
    const ecg = await capture(plusAdmin, PLUS, bridgeId, 'hl7:TEST', 'II', 'no-such-case');
    expect(ecg.code).toBe('PLAN_REQUIRED');
    // The pleth is allowed on any plan: it goes on to the case (which was never opened here).
    const pleth = await capture(plusAdmin, PLUS, bridgeId, 'hl7:TEST', 'pleth', 'no-such-case');
    expect(pleth.code).toBe('CASE_NOT_OPENED');
  });
});
