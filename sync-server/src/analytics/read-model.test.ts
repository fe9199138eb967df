import type { Appointment } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { SqliteCaseFactsStore } from '../store/analytics/sqlite.js';
import type { FactsFilter } from '../store/analytics/types.js';
import { SqliteChangeStore } from '../store/changes/sqlite.js';
import type { OrgRecord } from '../store/orgs/types.js';
import { SqliteReportStore } from '../store/reports/sqlite.js';
import { SqliteResourceStore } from '../store/resources/sqlite.js';
import { SqliteSyncStore } from '../store/sync/sqlite.js';
import { openMemoryDatabase, type Db } from '../store/sqlite/database.js';
import { seedAnalyticsCases, type SeededCase } from './demo.js';
import { ANALYTICS_CONSUMER, AnalyticsReadModel } from './read-model.js';

const ALL: FactsFilter = { from: null, to: null, providerIds: [], locationId: null };
const T0 = Date.UTC(2026, 9, 5, 9);
const HOUR = 3_600_000;

function world(db: Db = openMemoryDatabase()) {
  const changes = new SqliteChangeStore(db);
  const resources = new SqliteResourceStore(db, changes);
  const reports = new SqliteReportStore(db);
  const facts = new SqliteCaseFactsStore(db);
  const orgs = { allOrgs: () => Promise.resolve([{ id: 'office' }, { id: 'elsewhere' }] as OrgRecord[]) };
  const model = (): AnalyticsReadModel =>
    new AnalyticsReadModel({ changes, resources, reports, orgs, facts, now: () => T0, log: { warn: () => undefined } });
  const seed = (orgId: string, cases: SeededCase[]): Promise<void> =>
    seedAnalyticsCases({ resources, reports, changes, sync: new SqliteSyncStore(db) }, orgId, cases);
  const rows = async (): Promise<unknown[]> => [
    ...(await facts.cases('office', ALL, {}, { first: 200, after: null })),
    ...(await facts.cases('elsewhere', ALL, {}, { first: 200, after: null })),
  ];
  return { db, changes, resources, reports, facts, model, seed, rows };
}

const kase = (n: number, over: Partial<SeededCase> = {}): SeededCase => ({
  id: `apt-${n}`,
  start: T0 + n * HOUR,
  providerId: n % 2 ? 'prc-a' : 'prc-b',
  patientId: 'pat-1',
  ...over,
});

describe('the analytics read model (a change-feed consumer)', () => {
  it('writes facts for each case the feed names: clinical facts once finalized, the appointment’s before', async () => {
    const w = world();
    await w.seed('office', [kase(1, { minutes: 60 }), kase(2, { signedAfter: null })]);
    await w.model().catchUp();
    const signed = await w.facts.get('office', 'apt-1');
    expect(signed).toMatchObject({ status: 'finalized', providerId: 'prc-a', anesthesiaMinutes: 55 });
    expect(signed?.drugs).toEqual([{ name: 'Midazolam', unit: 'mg', total: 2 }]);
    const started = await w.facts.get('office', 'apt-2');
    expect(started).toMatchObject({ status: 'started', providerId: 'prc-b', anesthesiaMinutes: null, drugs: [] });
    expect(await w.changes.cursor(ANALYTICS_CONSUMER)).toBe(await w.changes.lastSeq());
  });

  it('resumes from its cursor after a restart, and handling a change twice writes the same row', async () => {
    const w = world();
    await w.seed('office', [kase(1)]);
    await w.model().catchUp();
    const before = await w.rows();
    await w.seed('office', [kase(2)]);
    // A new process: the cursor, not memory, says where to go on.
    const again = w.model();
    await again.catchUp();
    expect((await w.rows()).length).toBe(2);
    expect((await w.rows()).slice(1)).toEqual(before);
    await again.refresh('office', 'apt-1');
    expect((await w.rows()).slice(1)).toEqual(before);
  });

  it('follows an appointment given to another provider, and drops a deleted record', async () => {
    const w = world();
    await w.seed('office', [kase(1), kase(2)]);
    await w.model().catchUp();
    const stored = (await w.resources.read('office', 'Appointment', 'apt-1'))!.resource as Appointment & { id: string };
    const moved = {
      ...stored,
      participant: stored.participant.map((p) =>
        p.actor?.reference === 'Practitioner/prc-a' ? { ...p, actor: { reference: 'Practitioner/prc-c' } } : p,
      ),
    };
    await w.resources.transaction(() =>
      w.resources.write({ orgId: 'office', resource: moved }, new Date(T0).toISOString()),
    );
    await w.resources.transaction(() =>
      w.resources.delete('office', 'Composition', 'apt-2', new Date(T0).toISOString()),
    );
    await w.model().catchUp();
    expect((await w.facts.get('office', 'apt-1'))?.providerId).toBe('prc-c');
    expect(await w.facts.get('office', 'apt-2')).toBeNull();
  });

  it('rebuilt from scratch equals what the consumer kept, for every organisation', async () => {
    const w = world();
    await w.seed('office', [
      kase(1, { missedCheckpoints: 2 }),
      kase(2, { dischargeComplete: false, signedAfter: 26 * 60 }),
      kase(3, { overridden: true, level: 'deep' }),
      kase(4, { signedAfter: null }),
    ]);
    await w.seed('elsewhere', [kase(5, { consentTicked: false })]);
    await w.model().catchUp();
    const incremental = await w.rows();
    const summary = await w.facts.summary('office', ALL);
    expect(incremental).toHaveLength(5);
    const model = w.model();
    expect(await model.rebuild()).toBe(5);
    expect(await w.rows()).toEqual(incremental);
    expect(await w.facts.summary('office', ALL)).toEqual(summary);
    // Rebuilt, the cursor stands at the feed's end: nothing is handled twice afterwards.
    expect(await w.changes.cursor(ANALYTICS_CONSUMER)).toBe(await w.changes.lastSeq());
  });

  it('rebuilds a model that never consumed (cases older than the feed keeps) into what a consumer keeps', async () => {
    const kept = world();
    const rebuilt = world();
    const cases = [kase(1), kase(2, { signedAfter: 30 * 60 }), kase(3, { signedAfter: null })];
    await kept.seed('office', cases);
    await rebuilt.seed('office', cases);
    await kept.model().catchUp();
    await rebuilt.model().rebuild();
    expect(await rebuilt.rows()).toEqual(await kept.rows());
  });
});
