import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { memoryOrgWorld, postgresOrgWorld, seedOrgs, sqliteOrgWorld, type OrgSeed } from '../orgs/seed.test-util.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryPatientLinkStore } from './memory.js';
import { PostgresPatientLinkStore } from './postgres.js';
import { SqlitePatientLinkStore } from './sqlite.js';
import type { PatientLinkStore } from './types.js';

/** The organisation the links belong to, made through the organisation store. */
const ORGS: OrgSeed[] = [{ id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' }];

async function sqlite(): Promise<PatientLinkStore> {
  const db = openMemoryDatabase();
  await seedOrgs(sqliteOrgWorld(db), ORGS);
  return new SqlitePatientLinkStore(db);
}

async function memory(): Promise<PatientLinkStore> {
  const db = new MemoryDatabase();
  await seedOrgs(memoryOrgWorld(db), ORGS);
  return new MemoryPatientLinkStore(db);
}

async function postgres(): Promise<PatientLinkStore> {
  const db = await testPostgresDatabase();
  await seedOrgs(postgresOrgWorld(db), ORGS);
  return new PostgresPatientLinkStore(db);
}

const link = (tokenHash: string, taskId = 'tsk-1') => ({
  tokenHash,
  orgId: 'office',
  taskId,
  appointmentId: 'apt-1',
  patientId: 'pat-1',
  createdAt: 1000,
  expiresAt: 5000,
});

/** Every PatientLinkStore implementation. */
const implementations = await runnableImplementations<[string, () => Promise<PatientLinkStore>]>(
  'PatientLinkStore contract',
  [
    ['memory', memory],
    ['sqlite', sqlite],
    ['postgres', postgres],
  ],
);

describe.each(implementations)('PatientLinkStore contract (%s)', (_, make) => {
  it('finds a link by its hash, counts failed challenges', async () => {
    const links = await make();
    await links.create(link('h1'));
    expect(await links.find('h1')).toEqual({ ...link('h1'), usedAt: null, revokedAt: null, failedChallenges: 0 });
    expect(await links.find('nope')).toBeNull();
    expect(await links.failChallenge('h1')).toBe(1);
    expect(await links.failChallenge('h1')).toBe(2);
    expect((await links.find('h1'))!.failedChallenges).toBe(2);
  });

  it('is used once, never after expiry or revocation', async () => {
    const links = await make();
    await links.create(link('h1'));
    expect(await links.use('h1', 2000)).toBe(true);
    expect(await links.use('h1', 2001)).toBe(false);
    expect((await links.find('h1'))!.usedAt).toBe(2000);
    await links.create(link('h2', 'tsk-2'));
    expect(await links.use('h2', 5000)).toBe(false);
    await links.create(link('h3', 'tsk-3'));
    await links.revokeTask('office', 'tsk-3', 1500);
    expect(await links.use('h3', 2000)).toBe(false);
    expect((await links.find('h3'))!.revokedAt).toBe(1500);
  });

  it('a new link of a task revokes the task’s earlier ones', async () => {
    const links = await make();
    await links.create(link('old'));
    await links.create({ ...link('new'), createdAt: 1200 });
    expect((await links.find('old'))!.revokedAt).toBe(1200);
    expect((await links.find('new'))!.revokedAt).toBeNull();
    expect(await links.use('old', 2000)).toBe(false);
    expect(await links.use('new', 2000)).toBe(true);
  });

  it('refuses a second link under the same hash and changes nothing (one atomic step)', async () => {
    const links = await make();
    await links.create(link('h1'));
    await expect(links.create({ ...link('h1', 'tsk-2'), createdAt: 1100 })).rejects.toThrow();
    // Same task, same hash: the refused link must not have revoked the task's earlier one either.
    await expect(links.create({ ...link('h1'), createdAt: 1200 })).rejects.toThrow();
    expect(await links.find('h1')).toEqual({ ...link('h1'), usedAt: null, revokedAt: null, failedChallenges: 0 });
  });

  it('revokes only the task’s links that are not revoked yet, in its own organisation', async () => {
    const links = await make();
    await links.create(link('h1'));
    await links.create({ ...link('h2'), createdAt: 1200 });
    await links.revokeTask('office', 'tsk-1', 1500);
    await links.revokeTask('other', 'tsk-1', 1600);
    expect((await links.find('h1'))!.revokedAt).toBe(1200);
    expect((await links.find('h2'))!.revokedAt).toBe(1500);
    expect(await links.failChallenge('nope')).toBe(0);
  });

  it('hands out copies: changing a found link changes nothing stored', async () => {
    const links = await make();
    await links.create(link('h1'));
    const found = (await links.find('h1'))!;
    found.usedAt = 1;
    found.failedChallenges = 9;
    expect(await links.find('h1')).toEqual({ ...link('h1'), usedAt: null, revokedAt: null, failedChallenges: 0 });
  });

  it('lets only one of two concurrent uses have the link', async () => {
    const links = await make();
    await links.create(link('h1'));
    const results = await Promise.all([links.use('h1', 2000), links.use('h1', 2001)]);
    expect(results.sort()).toEqual([false, true]);
  });
});
