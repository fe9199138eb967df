import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { BridgeView, VitalsRecord } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStores } from '../utils/stores.js';
import { asCaseDoc, readVitalsRecords } from '../../client/src/case/index.js';
import { ensureCaseStructure } from '../../client/src/sync/caseStructure.js';
import { REPO_ROOT, startServer, type TestServer } from '../utils/start-server.js';
import { caughtUp, connectClient, eventually, synced } from '../utils/yjs-clients.js';
import { fhir, patientBody } from './fhir-helpers.js';
import { createOrg, join, person, type Person } from './orgs-helpers.js';

/*
 * Issue 38, the Vigil Bridge end to end: a real bridge process (`npm run bridge`) paired by a
 * one-time code an administrator created, fed HL7 over MLLP by the simulator (`npm run
 * monitor-sim`, a real process) and a Nonin on a pseudo-terminal, delivers readings to a case
 * through the real server, which charts them into the case's document at the interval the
 * provider picked. The server is then
 * stopped while the simulator goes on: the bridge keeps the readings on disk and sends them once
 * the server is back, none lost and none charted twice. A revoked bridge is refused; another
 * organisation's bridge cannot reach the case.
 */

const OFFICE = 'bridge-office';
const OTHER = 'bridge-other';
/** The simulator's steady scenario in HL7: 60 messages 5 s apart on its device clock (OBX-14). */
const STEADY_MESSAGES = 60;
const STEADY_STEP_MS = 5000;
/** The provider's pick: a reading every 15 s of the device's time, so every third message. */
const INTERVAL_MS = 15_000;
const CHARTED_PER_RUN = STEADY_MESSAGES / 3;
const MONITOR_KEY = 'hl7:VIGIL_SIM';
/** The steady scenario as Nonin lines: one a second for 300 s. */
const NONIN_LINES = 300;

let server: TestServer;
let admin: Person;
let provider: Person;
let otherAdmin: Person;
let caseId = '';
const started: ChildProcess[] = [];
const dirs: string[] = [];

interface RunningBridge {
  child: ChildProcess;
  hl7Port: number;
  log: string[];
  dataDir: string;
}

async function startBridge(args: string[], dataDir: string): Promise<RunningBridge> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bridge/src/main.ts', '--data', dataDir, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const log: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => log.push(line));
  const hl7Port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const ready = JSON.parse(line) as { ready?: boolean; hl7Port?: number };
      if (ready.ready) resolve(ready.hl7Port!);
    });
    child.once('exit', (code) => reject(new Error(`bridge exited with ${code}: ${log.join('\n')}`)));
  });
  return { child, hl7Port, log, dataDir };
}

/** The simulator sends the steady scenario's HL7 to the bridge, fast, from a device clock given. */
function simulate(port: number, clock: number): Promise<number | null> {
  const child = spawn(
    process.execPath,
    [
      ...['--import', 'tsx', 'scripts/monitor-sim/main.ts', '--protocol', 'hl7', '--scenario', 'steady'],
      ...['--port', String(port), '--speed', '200', '--clock', String(clock)],
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  started.push(child);
  return new Promise((resolve) => child.once('close', (code) => resolve(code)));
}

/** Two joined pseudo-terminals (socat, which scripts/setup.sh installs): the monitor's end and the bridge's. */
async function pseudoTerminals(): Promise<string[]> {
  const socat = spawn('socat', ['-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  started.push(socat);
  const ptys: string[] = [];
  await new Promise<void>((resolve) => {
    createInterface({ input: socat.stderr }).on('line', (line) => {
      const m = /PTY is (\S+)/.exec(line);
      if (m) ptys.push(m[1]!);
      if (ptys.length === 2) resolve();
    });
  });
  return ptys;
}

/** The simulator writes the steady scenario as Nonin lines to a serial path, fast. */
function simulateSerial(out: string): Promise<number | null> {
  const child = spawn(
    process.execPath,
    [
      ...['--import', 'tsx', 'scripts/monitor-sim/main.ts', '--protocol', 'nonin', '--scenario', 'steady'],
      ...['--out', out, '--speed', '200'],
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  started.push(child);
  return new Promise((resolve) => child.once('close', (code) => resolve(code)));
}

async function pairingCode(who: Person, orgId: string): Promise<string> {
  const made = await who.browser.gql<{ createBridgePairingCode: { code: string } }>(
    'mutation ($o: String) { createBridgePairingCode(orgId: $o, location: "Operatory 2") { code location expiresAt } }',
    { o: orgId },
  );
  if (made.code) throw new Error(made.code);
  return made.data!.createBridgePairingCode.code;
}

async function bridges(who: Person, orgId: string): Promise<BridgeView[]> {
  const res = await who.browser.gql<{ bridges: BridgeView[] }>(
    'query ($o: String) { bridges(orgId: $o) { id name location pairedAt lastSeenAt revokedAt monitors { bridgeId key label protocol lastReadingAt caseId intervalMs } } }',
    { o: orgId },
  );
  if (res.code) throw new Error(res.code);
  return res.data!.bridges;
}

function chartMonitor(who: Person, orgId: string, bridgeId: string, monitorKey = MONITOR_KEY) {
  return who.browser.gql<{ chartBridgeMonitor: { caseId: string; intervalMs: number } }>(
    'mutation ($o: String, $c: String!, $b: String!, $m: String!) { chartBridgeMonitor(orgId: $o, caseId: $c, bridgeId: $b, monitorKey: $m, intervalMs: 15000) { caseId intervalMs } }',
    { o: orgId, c: caseId, b: bridgeId, m: monitorKey },
  );
}

/** The bridge's records in the case, read by a fresh device. */
async function caseRecords(bridgeId: string): Promise<VitalsRecord[]> {
  const client = connectClient(server.url, `${OFFICE}/${caseId}`, { token: provider.browser.token! });
  try {
    await synced(client.provider);
    return readVitalsRecords(asCaseDoc(client.doc)).filter((r) => r.monitorId.startsWith(`${bridgeId}/`));
  } finally {
    client.destroy();
  }
}

function deliver(token: string, readings: unknown[]): Promise<Response> {
  return fetch(`${server.url}/api/bridge/readings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ monitors: [], readings }),
  });
}

/** The organisation trail's sealed records of the bridge actions: action, who, detail. */
async function bridgeAudit(): Promise<{ act: string; userId: string | null; detail: Record<string, unknown> }[]> {
  return withStores(server.dataDir, async ({ audit: store }) => {
    const rows = [];
    for (const link of await store.links()) {
      if (link.source !== 'audit_events') continue;
      const content = await store.content(link.source, link.sourceRow);
      if (content === null) continue;
      const [, , userId, , act, , , , detail] = JSON.parse(content) as (string | number | null)[];
      if (act !== 'bridgePairingCodeCreated' && act !== 'bridgeRevoked') continue;
      rows.push({
        act,
        userId: (userId as string | null) ?? null,
        detail: JSON.parse(String(detail)) as Record<string, unknown>,
      });
    }
    return rows;
  });
}

const credentialOf = (dataDir: string): { bridgeId: string; token: string } =>
  JSON.parse(readFileSync(path.join(dataDir, 'credential.json'), 'utf8')) as { bridgeId: string; token: string };

beforeAll(async () => {
  server = await startServer();
  const [a, p, o] = await Promise.all(['admin', 'provider', 'other'].map((n) => person(server, `${n}@bridge.test`)));
  [admin, provider, otherAdmin] = [a!, p!, o!];
  for (const [who, id] of [
    [admin, OFFICE],
    [otherAdmin, OTHER],
  ] as const) {
    const made = await createOrg(who, id);
    if (made.code) throw new Error(made.code);
  }
  await join(server, admin, OFFICE, provider, ['member', 'provider']);
  const patient = await fhir<{ id: string }>(
    server,
    admin.browser,
    'POST',
    `${OFFICE}/Patient`,
    patientBody('Ada', 'Lovelace'),
  );
  const appointment = await fhir<{ id: string }>(server, admin.browser, 'POST', `${OFFICE}/Appointment`, {
    resourceType: 'Appointment',
    status: 'arrived',
    start: new Date().toISOString(),
    end: new Date(Date.now() + 3_600_000).toISOString(),
    participant: [{ actor: { reference: `Patient/${patient.body.id}` }, status: 'accepted' }],
  });
  expect(appointment.status).toBe(201);
  caseId = appointment.body.id;
  // The provider's tablet opens the case: its structure is what the server charts into.
  const tablet = connectClient(server.url, `${OFFICE}/${caseId}`, { token: provider.browser.token! });
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

describe('the Vigil Bridge (issue 38)', () => {
  let bridge: RunningBridge;
  let bridgeId = '';
  let token = '';

  it('pairs by a one-time code only an administrator creates, and delivers its monitors’ readings (HL7 over MLLP, a Nonin on a pseudo-terminal)', async () => {
    const refused = await provider.browser.gql(
      `mutation { createBridgePairingCode(orgId: "${OFFICE}", location: "Operatory 2") { code } }`,
    );
    expect(refused.code).toBe('NOT_AUTHORIZED');
    const code = await pairingCode(admin, OFFICE);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bridge-'));
    dirs.push(dataDir);
    const [monitorEnd, bridgeEnd] = await pseudoTerminals();
    bridge = await startBridge(
      [
        ...['--server', server.url, '--code', code, '--name', 'Operatory 2 bridge', '--hl7-port', '0'],
        ...['--serial', `file:${bridgeEnd}:nonin:Operatory 2 oximeter`],
      ],
      dataDir,
    );
    bridge.child.stdout?.resume();
    ({ bridgeId, token } = credentialOf(dataDir));
    // The code was taken: it pairs nothing else.
    const again = await fetch(`${server.url}/api/bridge/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, name: 'Second' }),
    });
    expect(again.status).toBe(401);

    // Before a provider picks the monitor, its readings are taken but charted nowhere.
    expect(await simulate(bridge.hl7Port, Date.now())).toBe(0);
    await eventually(async () => {
      const [listed] = await bridges(provider, OFFICE);
      expect(listed).toMatchObject({
        id: bridgeId,
        name: 'Operatory 2 bridge',
        location: 'Operatory 2',
        revokedAt: null,
      });
      expect(listed!.monitors.find((m) => m.key === MONITOR_KEY)).toMatchObject({
        label: 'HL7 monitor VIGIL_SIM',
        protocol: 'hl7',
        caseId: null,
      });
    }, 30_000);
    expect(await caseRecords(bridgeId)).toEqual([]);

    // A Nonin on a serial line (the simulator on a pseudo-terminal): every line read and sent.
    const nonin = simulateSerial(monitorEnd!);
    expect(await nonin).toBe(0);
    await eventually(async () => {
      const [listed] = await bridges(provider, OFFICE);
      expect(listed!.monitors.find((m) => m.protocol === 'nonin')).toMatchObject({
        key: `serial:file:${bridgeEnd}`,
        label: 'Operatory 2 oximeter',
        lastReadingAt: expect.any(Number) as number,
      });
      const lines = readFileSync(path.join(dataDir, 'readings.log'), 'utf8').trim().split('\n');
      expect(lines.filter((l) => l.includes('"serial:file:'))).toHaveLength(NONIN_LINES);
    }, 30_000);
  }, 120_000);

  it('charts into the case the provider picked, at the interval picked, on the monitor’s own clock', async () => {
    const picked = await chartMonitor(provider, OFFICE, bridgeId);
    expect(picked.code).toBeUndefined();
    expect(picked.data?.chartBridgeMonitor).toEqual({ caseId, intervalMs: INTERVAL_MS });
    const clock = Date.now() + 60_000;
    expect(await simulate(bridge.hl7Port, clock)).toBe(0);
    await eventually(async () => expect(await caseRecords(bridgeId)).toHaveLength(CHARTED_PER_RUN), 30_000);
    const records = await caseRecords(bridgeId);
    expect(records[0]).toMatchObject({
      lastUpdated: Math.floor(clock / 1000) * 1000,
      monitorLabel: 'HL7 monitor VIGIL_SIM',
      vitals: { hr: { value: 72 }, spo2: { value: 98 }, sbp: { value: 120 }, dbp: { value: 80 } },
    });
    expect(records.map((r) => r.lastUpdated - records[0]!.lastUpdated)).toEqual(
      Array.from({ length: CHARTED_PER_RUN }, (_, i) => i * INTERVAL_MS),
    );
  }, 120_000);

  it('keeps readings on disk while the server is down and sends them after: none lost, none charted twice', async () => {
    const port = server.port;
    const dataDir = server.dataDir;
    await server.stop();
    // The monitor goes on while the office's server is unreachable.
    const clock = Date.now() + 10 * 60_000;
    expect(await simulate(bridge.hl7Port, clock)).toBe(0);
    await eventually(() => expect(bridge.log.join('\n')).toContain('readings kept on disk'), 30_000);
    server = await startServer({ dataDir, env: { PORT: String(port) } });
    await eventually(async () => expect(await caseRecords(bridgeId)).toHaveLength(2 * CHARTED_PER_RUN), 60_000);
    const records = await caseRecords(bridgeId);
    expect(new Set(records.map((r) => r.id)).size).toBe(2 * CHARTED_PER_RUN);
    expect(records.at(-1)!.lastUpdated).toBe(Math.floor(clock / 1000) * 1000 + (STEADY_MESSAGES - 3) * STEADY_STEP_MS);

    // The same readings sent again (a bridge killed before it saw the answer) are taken, not charted.
    const [kept] = readFileSync(path.join(bridge.dataDir, 'readings.log'), 'utf8').trim().split('\n').slice(-1);
    const resent = await deliver(token, [JSON.parse(kept!)]);
    expect(resent.status).toBe(200);
    expect(await resent.json()).toMatchObject({ charted: 0 });
    expect(await caseRecords(bridgeId)).toHaveLength(2 * CHARTED_PER_RUN);
  }, 180_000);

  it('refuses another organisation’s bridge the case: it cannot be picked for it, and its readings go nowhere', async () => {
    const code = await pairingCode(otherAdmin, OTHER);
    const paired = await fetch(`${server.url}/api/bridge/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, name: 'Elsewhere' }),
    });
    expect(paired.status).toBe(201);
    const other = (await paired.json()) as { bridgeId: string; token: string; orgId: string };
    expect(other.orgId).toBe(OTHER);
    const t = Date.now();
    const delivered = await deliver(other.token, [
      { id: 'x1', monitorKey: MONITOR_KEY, receivedAt: t, vitals: { hr: { value: 40, time: t } } },
    ]);
    expect(delivered.status).toBe(200);
    // Its own organisation's admin names this office's case: no such case there.
    expect((await chartMonitor(otherAdmin, OTHER, other.bridgeId)).code).toBe('CASE_NOT_OPENED');
    // This office's provider names the other office's bridge: not one of this office's.
    expect((await chartMonitor(provider, OFFICE, other.bridgeId)).code).toBe('NOT_FOUND');
    // The other admin names this office: not a member.
    expect((await chartMonitor(otherAdmin, OFFICE, other.bridgeId)).code).toBe('NOT_AUTHORIZED');
    expect(await bridges(provider, OFFICE)).toHaveLength(1);
    expect(await caseRecords(other.bridgeId)).toEqual([]);
  }, 60_000);

  it('refuses a revoked bridge at once, and says so in the office’s list', async () => {
    const byProvider = await provider.browser.gql(
      'mutation ($o: String, $b: String!) { revokeBridge(orgId: $o, bridgeId: $b) { id } }',
      { o: OFFICE, b: bridgeId },
    );
    expect(byProvider.code).toBe('NOT_AUTHORIZED');
    const revoked = await admin.browser.gql<{ revokeBridge: { revokedAt: number | null } }>(
      'mutation ($o: String, $b: String!) { revokeBridge(orgId: $o, bridgeId: $b) { id revokedAt } }',
      { o: OFFICE, b: bridgeId },
    );
    expect(revoked.data?.revokeBridge.revokedAt).toEqual(expect.any(Number));
    const t = Date.now() + 30 * 60_000;
    const refused = await deliver(token, [
      { id: 'after-revoke', monitorKey: MONITOR_KEY, receivedAt: t, vitals: { hr: { value: 50, time: t } } },
    ]);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'BRIDGE_UNAUTHORIZED' });
    const [listed] = await bridges(admin, OFFICE);
    expect(listed?.id).toBe(bridgeId);
    expect(listed?.revokedAt).toEqual(expect.any(Number));
    expect(listed!.monitors.every((m) => m.caseId === null)).toBe(true);
    // The running bridge is told too, at its next delivery.
    expect(await simulate(bridge.hl7Port, t)).toBe(0);
    await eventually(() => expect(bridge.log.join('\n')).toContain('The server refused this bridge'), 30_000);
    expect(await caseRecords(bridgeId)).toHaveLength(2 * CHARTED_PER_RUN);
  }, 60_000);

  it('records who created each pairing code and who revoked the bridge on the organisation’s trail, never the code', async () => {
    await eventually(async () => {
      const rows = await bridgeAudit();
      expect(rows.map((r) => [r.act, r.userId, r.detail.orgId])).toEqual([
        ['bridgePairingCodeCreated', admin.userId, OFFICE],
        ['bridgePairingCodeCreated', otherAdmin.userId, OTHER],
        ['bridgeRevoked', admin.userId, OFFICE],
      ]);
      expect(Object.keys(rows[0]!.detail).sort()).toEqual(['expiresAt', 'location', 'orgId']);
      expect(rows[0]!.detail).toMatchObject({ orgId: OFFICE, location: 'Operatory 2' });
      expect(rows[2]!.detail).toMatchObject({ bridgeId, name: 'Operatory 2 bridge' });
    }, 15_000);
  });
});
