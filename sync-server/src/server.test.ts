import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { keepDecodedReadings, monitorRecords, planCompaction, type VitalsRecord } from '@vigil/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createLogger } from './log.js';
import { startServer } from './server.js';

const T = Date.UTC(2026, 10, 28, 9, 30);

const reading = (i: number): VitalsRecord => ({
  id: `vit-${String(i).padStart(14, '0')}`,
  lastUpdated: T + i * 5000,
  simulated: true,
  monitorLabel: 'Simulated monitor',
  monitorId: 'mon-1',
  selectedVitals: ['hr', 'spo2'],
  vitals: {
    hr: { value: 70 + i, time: T + i * 5000, status: 'connected' },
    spo2: { value: 98, time: T + i * 5000, status: 'connected' },
  },
});

const dirs: string[] = [];
afterEach(() => {
  keepDecodedReadings(true);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('startServer', () => {
  it('keeps no decoded monitor reading per entry of an open case (session 39: 0.4 MB per open 4-hour case)', async () => {
    const plan = planCompaction([reading(0), reading(1)]);
    const caseData = { vitalsReadings: plan.entries, vitalsMonitors: plan.headers };
    // As the case screen reads them (the default): one decoded record per entry, kept.
    expect(monitorRecords(caseData)[1]).toBe(monitorRecords(caseData)[1]);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-server-'));
    dirs.push(dataDir);
    const quiet = new Writable({ write: (_chunk, _enc, done) => done() });
    const server = await startServer(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'off' }),
      createLogger('error', quiet),
    );
    try {
      const first = monitorRecords(caseData);
      expect(monitorRecords(caseData)).toEqual(first);
      expect(monitorRecords(caseData)[1]).not.toBe(first[1]);
    } finally {
      await server.close();
    }
  });
});
