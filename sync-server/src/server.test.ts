import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import {
  keepDecodedReadings,
  monitorRecords,
  planCompaction,
  SYNC_CLOSE_CODES,
  type VitalsRecord,
} from '@vigil/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { freshPostgres, runnableImplementations } from './store/postgres/test-database.test-util.js';
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
const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  keepDecodedReadings(true);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const drop of drops.splice(0)) await drop();
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

/** The server's own database: SQLite in its data directory, or a fresh PostgreSQL database. */
const engines: [string, () => Promise<Record<string, string>>][] = [
  ['sqlite', () => Promise.resolve({})],
  [
    'postgres',
    async () => {
      const database = await freshPostgres();
      drops.push(database.drop);
      return { DATABASE_URL: database.url };
    },
  ],
];

describe.each(await runnableImplementations('startServer warm-up', engines))('startServer on %s', (_name, database) => {
  it('runs a first sync once before it says it listens, refused for its unknown token, and keeps nothing of it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-server-'));
    dirs.push(dataDir);
    const lines: Record<string, unknown>[] = [];
    const capture = new Writable({
      write: (chunk: Buffer, _enc, done) => {
        for (const line of chunk.toString().split('\n'))
          if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'off',
        ...(await database()),
      }),
      createLogger('info', capture),
    );
    try {
      const messages = lines.map((l) => l.msg);
      // The upgrade reached this server over a real socket and was refused as signed out.
      expect(lines.find((l) => l.msg === 'warmed up')).toMatchObject({ refusal: SYNC_CLOSE_CODES.unauthorized });
      expect(messages.indexOf('warmed up')).toBeLessThan(messages.indexOf('listening'));
      // Its read audit was rolled back, and it left no room open.
      const page = { offset: 0, count: 10 };
      expect((await server.services.resources.search('org-warm-up', 'AuditEvent', [], page)).total).toBe(0);
      expect(server.services.rooms.roomCount).toBe(0);
    } finally {
      await server.close();
    }
  });
});
