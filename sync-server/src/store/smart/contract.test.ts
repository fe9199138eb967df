import { describe, expect, it } from 'vitest';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryEmrConnectionStore } from './memory.js';
import { PostgresEmrConnectionStore } from './postgres.js';
import { SqliteEmrConnectionStore } from './sqlite.js';
import type { EmrConnectionStore, EmrWriteBack, SmartLaunchState } from './types.js';

/** Every EmrConnectionStore implementation. */
const implementations = await runnableImplementations<[string, () => EmrConnectionStore | Promise<EmrConnectionStore>]>(
  'EmrConnectionStore contract',
  [
    ['memory', () => new MemoryEmrConnectionStore()],
    ['sqlite', () => new SqliteEmrConnectionStore(openMemoryDatabase())],
    ['postgres', async () => new PostgresEmrConnectionStore(await testPostgresDatabase())],
  ],
);

const connection = (orgId: string, iss: string) => ({
  orgId,
  iss,
  clientId: 'vigil',
  clientSecret: 'secret',
  updatedAt: 1,
});
const launch = (state: string, expiresAt: number): SmartLaunchState => ({
  state,
  orgId: 'acme',
  iss: 'https://emr.example/fhir',
  launch: 'l1',
  codeVerifier: 'v',
  tokenEndpoint: 'https://emr.example/token',
  redirectUri: 'https://vigil.example/api/smart/callback',
  createdAt: 0,
  expiresAt,
});
const writeBack = (id: string, seq: number, change: Partial<EmrWriteBack> = {}): EmrWriteBack => ({
  id,
  orgId: 'acme',
  compositionId: 'c1',
  event: 'case.finalized',
  seq,
  status: 'pending',
  attempts: 0,
  firstAttemptAt: null,
  nextAttemptAt: 100,
  lastError: null,
  written: [],
  createdAt: 100,
  updatedAt: 100,
  ...change,
});

describe.each(implementations)('EmrConnectionStore contract (%s)', (_, make) => {
  it('keeps one connection per office and one office per EMR address', async () => {
    const store = await make();
    expect(await store.setConnection(connection('acme', 'https://emr.example/fhir'))).toBe(true);
    expect(await store.setConnection(connection('other', 'https://emr.example/fhir'))).toBe(false);
    expect(await store.setConnection({ ...connection('acme', 'https://emr.example/fhir'), clientId: 'v2' })).toBe(true);
    expect((await store.connection('acme'))?.clientId).toBe('v2');
    expect((await store.connectionByIss('https://emr.example/fhir'))?.orgId).toBe('acme');
    await store.removeConnection('acme');
    expect(await store.connection('acme')).toBeNull();
    expect(await store.setConnection(connection('other', 'https://emr.example/fhir'))).toBe(true);
  });

  it('gives an EMR address to one of two offices claiming it at once', async () => {
    const store = await make();
    const claims = await Promise.all(
      ['a', 'b', 'c', 'd'].map((org) => store.setConnection(connection(org, 'https://emr.example/fhir'))),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const owner = (await store.connectionByIss('https://emr.example/fhir'))?.orgId;
    expect(owner).toBe(['a', 'b', 'c', 'd'][claims.indexOf(true)]);
  });

  it('hands a launch over once, and never an expired one', async () => {
    const store = await make();
    await store.saveLaunch(launch('s1', 1000));
    await store.saveLaunch(launch('s2', 1000));
    expect((await store.takeLaunch('s1', 500))?.codeVerifier).toBe('v');
    expect(await store.takeLaunch('s1', 500)).toBeNull();
    expect(await store.takeLaunch('s2', 1000)).toBeNull();
  });

  it('hands a launch over to one of two callbacks taking it at once', async () => {
    const store = await make();
    await store.saveLaunch(launch('s1', 1000));
    const taken = await Promise.all([store.takeLaunch('s1', 500), store.takeLaunch('s1', 500)]);
    expect(taken.filter((t) => t !== null).map((t) => t?.state)).toEqual(['s1']);
  });

  it('records a write-back once per change, lists the due ones in feed order and keeps their attempts', async () => {
    const store = await make();
    expect(await store.addWriteBack(writeBack('w2', 2))).toBe(true);
    expect(await store.addWriteBack(writeBack('w1', 1))).toBe(true);
    expect(await store.addWriteBack(writeBack('w1b', 1))).toBe(false);
    expect((await store.dueWriteBacks(100, 10)).map((w) => w.id)).toEqual(['w1', 'w2']);
    expect(await store.dueWriteBacks(99, 10)).toEqual([]);
    await store.updateWriteBack(writeBack('w1', 1, { status: 'done', attempts: 1, written: ['DocumentReference/d'] }));
    expect((await store.dueWriteBacks(100, 10)).map((w) => w.id)).toEqual(['w2']);
    const listed = await store.writeBacks('acme', 10);
    expect(listed.map((w) => [w.id, w.status, w.written])).toEqual([
      ['w2', 'pending', []],
      ['w1', 'done', ['DocumentReference/d']],
    ]);
    expect(await store.writeBacks('other', 10)).toEqual([]);
  });
});
