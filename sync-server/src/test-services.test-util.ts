import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from './config.js';
import { createLogger } from './log.js';
import { buildServices, type Services } from './services.js';
import { sqliteStorage } from './store/select.js';

/** The server's services over their own data directory; `close` closes them and removes the directory. */
export interface TestServices {
  services: Services;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The one fixture of the unit tests that need the whole server (issue 36 item 7): every store and
 * service as services.ts builds them, over a new SQLite file in a temporary directory seeded with
 * the demo data, logging nothing. Resolves once the demo data is written.
 */
export async function openTestServices(env: Record<string, string> = {}): Promise<TestServices> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-services-'));
  const quiet = new Writable({ write: (_chunk, _enc, done) => done() });
  const services = buildServices(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'on', ...env }),
    createLogger('error', quiet),
    sqliteStorage(dataDir),
  );
  await services.ready;
  return {
    services,
    dataDir,
    close: async () => {
      try {
        await services.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
