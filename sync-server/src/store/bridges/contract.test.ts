import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { memoryOrgWorld, postgresOrgWorld, seedOrgs, sqliteOrgWorld, type OrgSeed } from '../orgs/seed.test-util.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryBridgeStore } from './memory.js';
import { PostgresBridgeStore } from './postgres.js';
import { SqliteBridgeStore } from './sqlite.js';
import type { BridgeStore, MonitorAssignment } from './types.js';

const ORGS: OrgSeed[] = [
  { id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' },
  { id: 'other', fhirId: 'o2', name: 'Other', type: 'regular' },
];

async function sqlite(): Promise<BridgeStore> {
  const db = openMemoryDatabase();
  await seedOrgs(sqliteOrgWorld(db), ORGS);
  return new SqliteBridgeStore(db);
}

async function postgres(): Promise<BridgeStore> {
  const db = await testPostgresDatabase();
  await seedOrgs(postgresOrgWorld(db), ORGS);
  return new PostgresBridgeStore(db);
}

async function memory(): Promise<BridgeStore> {
  const db = new MemoryDatabase();
  await seedOrgs(memoryOrgWorld(db), ORGS);
  return new MemoryBridgeStore(db);
}

const code = (codeHash: string, orgId = 'office', expiresAt = 10_000) => ({
  codeHash,
  orgId,
  location: 'Operatory 2',
  createdBy: 'u-admin',
  createdAt: 1000,
  expiresAt,
});

const bridge = (id: string) => ({ id, name: `Bridge ${id}`, secretHash: `hash-${id}` });

const assignment = (monitorKey: string, caseId = 'case-1', bridgeId = 'b1'): MonitorAssignment => ({
  bridgeId,
  monitorKey,
  orgId: 'office',
  caseId,
  intervalMs: 15_000,
  assignedBy: 'u-provider',
  assignedAt: 2000,
  lastChartedAt: null,
});

/** Every BridgeStore implementation. */
const implementations = await runnableImplementations<[string, () => Promise<BridgeStore>]>('BridgeStore contract', [
  ['memory', memory],
  ['sqlite', sqlite],
  ['postgres', postgres],
]);

describe.each(implementations)('bridges contract (%s)', (_name, make) => {
  it('pairs once with a code: the bridge takes its organisation, location and maker; the code is gone after', async () => {
    const store = await make();
    await store.addPairingCode(code('c1'));
    const paired = await store.pair('c1', 5000, bridge('b1'));
    expect(paired).toEqual({
      ...bridge('b1'),
      orgId: 'office',
      location: 'Operatory 2',
      pairedAt: 5000,
      pairedBy: 'u-admin',
      lastSeenAt: 5000,
      revokedAt: null,
      revokedBy: null,
    });
    expect(await store.pair('c1', 5000, bridge('b2'))).toBeNull();
    expect(await store.bridge('b1')).toEqual(paired);
    expect(await store.bridge('b2')).toBeNull();
  });

  it('refuses an expired or unknown code, and an expired code cannot be used later either', async () => {
    const store = await make();
    await store.addPairingCode(code('c1', 'office', 5000));
    expect(await store.pair('c1', 5000, bridge('b1'))).toBeNull();
    expect(await store.pair('nope', 10, bridge('b1'))).toBeNull();
    expect(await store.list('office')).toEqual([]);
  });

  it('lists an organisation’s bridges by pairing time; revoking is once, by its own organisation only, and ends its assignments', async () => {
    const store = await make();
    await store.addPairingCode(code('c1'));
    await store.addPairingCode(code('c2'));
    await store.addPairingCode(code('c3', 'other'));
    await store.pair('c2', 3000, bridge('b2'));
    await store.pair('c1', 4000, bridge('b1'));
    await store.pair('c3', 2000, bridge('b3'));
    expect((await store.list('office')).map((b) => b.id)).toEqual(['b2', 'b1']);
    await store.assign(assignment('m1'));
    expect(await store.revoke('other', 'b1', 'u-x', 6000)).toBe(false);
    expect(await store.revoke('office', 'b1', 'u-admin', 6000)).toBe(true);
    expect(await store.revoke('office', 'b1', 'u-admin', 7000)).toBe(false);
    expect(await store.bridge('b1')).toMatchObject({ revokedAt: 6000, revokedBy: 'u-admin' });
    expect(await store.assignments('b1')).toEqual([]);
  });

  it('keeps the newest last-seen time and monitors’ newest reading, renaming a monitor in place', async () => {
    const store = await make();
    await store.addPairingCode(code('c1'));
    await store.pair('c1', 1000, bridge('b1'));
    await store.seen('b1', 9000);
    await store.seen('b1', 8000);
    expect((await store.bridge('b1'))?.lastSeenAt).toBe(9000);
    await store.putMonitors('b1', [
      { key: 'hl7:GE', label: 'Operatory 2 monitor', protocol: 'hl7', lastReadingAt: 5000 },
      { key: 'serial:/dev/ttyUSB0', label: 'Oximeter', protocol: 'nonin', lastReadingAt: null },
    ]);
    await store.putMonitors('b1', [{ key: 'hl7:GE', label: 'Op 2', protocol: 'hl7', lastReadingAt: 4000 }]);
    expect(await store.monitors(['b1', 'b9'])).toEqual([
      { bridgeId: 'b1', key: 'hl7:GE', label: 'Op 2', protocol: 'hl7', lastReadingAt: 5000 },
      { bridgeId: 'b1', key: 'serial:/dev/ttyUSB0', label: 'Oximeter', protocol: 'nonin', lastReadingAt: null },
    ]);
    expect(await store.monitors([])).toEqual([]);
  });

  it('keeps one assignment per monitor, found by bridge and by case, with its newest charted time', async () => {
    const store = await make();
    await store.addPairingCode(code('c1'));
    await store.pair('c1', 1000, bridge('b1'));
    await store.assign(assignment('m1', 'case-1'));
    await store.assign(assignment('m1', 'case-2'));
    await store.assign(assignment('m2', 'case-2'));
    expect((await store.assignments('b1')).map((a) => `${a.monitorKey}>${a.caseId}`)).toEqual([
      'm1>case-2',
      'm2>case-2',
    ]);
    expect(await store.caseAssignments('office', 'case-1')).toEqual([]);
    await store.charted('b1', 'm1', 7000);
    await store.charted('b1', 'm1', 6000);
    expect((await store.caseAssignments('office', 'case-2'))[0]).toEqual({
      ...assignment('m1', 'case-2'),
      lastChartedAt: 7000,
    });
    expect(await store.unassign('b1', 'm1')).toBe(true);
    expect(await store.unassign('b1', 'm1')).toBe(false);
    expect((await store.caseAssignments('office', 'case-2')).map((a) => a.monitorKey)).toEqual(['m2']);
  });

  it('tells the reading ids not taken before, per bridge, in order and once each', async () => {
    const store = await make();
    await store.addPairingCode(code('c1'));
    await store.addPairingCode(code('c2'));
    await store.pair('c1', 1000, bridge('b1'));
    await store.pair('c2', 1000, bridge('b2'));
    await store.markSeen('b1', ['r1', 'r2'], 2000);
    await store.markSeen('b1', ['r2'], 3000);
    expect(await store.unseen('b1', ['r3', 'r1', 'r4', 'r3', 'r2'])).toEqual(['r3', 'r4']);
    expect(await store.unseen('b2', ['r1'])).toEqual(['r1']);
  });

  it('forgets the reading ids taken before a time, every bridge’s, and keeps the later ones', async () => {
    const store = await make();
    await store.addPairingCode(code('c1'));
    await store.addPairingCode(code('c2'));
    await store.pair('c1', 1000, bridge('b1'));
    await store.pair('c2', 1000, bridge('b2'));
    await store.markSeen('b1', ['r1', 'r2'], 2000);
    await store.markSeen('b1', ['r3'], 3000);
    await store.markSeen('b2', ['r1'], 2500);
    // Marking again keeps the first time taken.
    await store.markSeen('b1', ['r3'], 1000);
    expect(await store.pruneReadings(3000)).toBe(3);
    expect(await store.unseen('b1', ['r1', 'r2', 'r3'])).toEqual(['r1', 'r2']);
    expect(await store.unseen('b2', ['r1'])).toEqual(['r1']);
    expect(await store.pruneReadings(3000)).toBe(0);
  });
});
