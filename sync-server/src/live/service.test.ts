import type { LiveVitalsEvent } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../log.js';
import { MemoryLiveCaseStore } from '../store/live-cases/memory.js';
import { MemoryLiveVitalsBus } from './bus.js';
import { LIVE_SUMMARY_REFRESH_MS, LiveCasesService } from './service.js';

const T0 = Date.UTC(2026, 10, 29, 9, 0);

/** A case's data with one legacy monitor record per reading (monitorRecords reads both forms). */
const caseData = (readings: [number, number][], extra: Record<string, unknown> = {}) => ({
  events: { caseStart: T0 },
  vitalsRecords: readings.map(([at, hr], i) => ({
    id: `r${i}`,
    lastUpdated: at,
    monitorLabel: 'Operatory 2 monitor',
    monitorId: 'mon-1',
    simulated: false,
    selectedVitals: ['hr'],
    vitals: { hr: { value: hr, time: at } },
  })),
  ...extra,
});

function world() {
  let now = T0;
  const store = new MemoryLiveCaseStore();
  const bus = new MemoryLiveVitalsBus();
  const heard: LiveVitalsEvent[] = [];
  bus.subscribe('office', (e) => heard.push(e));
  const service = new LiveCasesService({
    store,
    bus,
    now: () => now,
    log: createLogger('fatal'),
    // The lists are not asked here (tests/integration/live-vitals.test.ts asks them).
    orgs: null as never,
    access: null as never,
    resources: null as never,
  });
  const rows = () => store.list(['office'], 0, { first: 10, after: null });
  return { service, heard, rows, tick: (ms: number) => (now += ms) };
}

describe('the live summaries the rooms hand over (issue 38)', () => {
  it('[LV1] writes and announces a case’s summary when something but its time changed, and again a minute on', async () => {
    const w = world();
    await w.service.caseChanged('office', 'c1', caseData([[T0 + 5000, 70]]), false);
    w.tick(1000);
    await w.service.caseChanged('office', 'c1', caseData([[T0 + 5000, 70]]), false);
    expect(w.heard).toHaveLength(1);
    await w.service.caseChanged(
      'office',
      'c1',
      caseData([
        [T0 + 5000, 70],
        [T0 + 10_000, 72],
      ]),
      false,
    );
    expect(w.heard).toHaveLength(2);
    expect((await w.rows())[0]).toMatchObject({ caseId: 'c1', lastReadingAt: T0 + 10_000, vitals: [{ value: 72 }] });
    // Unchanged a minute later: written again, so the case stays current (LV3).
    w.tick(LIVE_SUMMARY_REFRESH_MS);
    await w.service.caseChanged(
      'office',
      'c1',
      caseData([
        [T0 + 5000, 70],
        [T0 + 10_000, 72],
      ]),
      false,
    );
    expect(w.heard).toHaveLength(3);
    expect((await w.rows())[0]!.updatedAt).toBe(T0 + 1000 + LIVE_SUMMARY_REFRESH_MS);
  });

  it('[LV1] removes and announces a case once its end is charted or it is finalized, once', async () => {
    const w = world();
    await w.service.caseChanged('office', 'c1', caseData([[T0 + 5000, 70]]), false);
    await w.service.caseChanged('office', 'c2', caseData([[T0 + 5000, 70]]), false);
    await w.service.caseChanged(
      'office',
      'c1',
      caseData([[T0 + 5000, 70]], { events: { caseStart: T0, end: T0 + 9000 } }),
      false,
    );
    await w.service.caseChanged(
      'office',
      'c1',
      caseData([[T0 + 5000, 70]], { events: { caseStart: T0, end: T0 + 9000 } }),
      false,
    );
    await w.service.caseChanged('office', 'c2', caseData([[T0 + 5000, 70]]), true);
    expect(w.heard.filter((e) => e.action === 'remove')).toEqual([
      { action: 'remove', orgId: 'office', caseId: 'c1' },
      { action: 'remove', orgId: 'office', caseId: 'c2' },
    ]);
    expect(await w.rows()).toEqual([]);
  });

  it('[LV1] keeps no summary of a case that has not started', async () => {
    const w = world();
    await w.service.caseChanged('office', 'c1', { procedure: 'Implant' }, false);
    expect(w.heard).toEqual([]);
    expect(await w.rows()).toEqual([]);
  });
});
