import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Hono } from 'hono';
import { createApp } from '../../sync-server/src/app.js';
import { loadConfig } from '../../sync-server/src/config.js';
import { openDatabase, type Db } from '../../sync-server/src/db/database.js';
import { createLogger } from '../../sync-server/src/log.js';

/**
 * The real Hono app of the server, called with `app.request(...)` and no port (as the route
 * tests of STYLE.md do), over its own SQLite file. `env` is the environment main.ts would read:
 * the server's settings from it, and the account settings (TRUST_PROXY, PUBLIC_URL…) from
 * process.env, set for the app's creation only. `dispose()` closes and removes every app's data.
 */
export interface InProcessApps {
  app(env?: Record<string, string>): Hono;
  dispose(): void;
}

export function inProcessApps(): InProcessApps {
  const dirs: string[] = [];
  const dbs: Db[] = [];
  return {
    app: (env = {}) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-in-process-'));
      dirs.push(dataDir);
      const quiet = new Writable({ write: (_chunk, _enc, done) => done() });
      const log = createLogger('error', quiet);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
      const { db } = openDatabase(config.dataDir, log);
      dbs.push(db);
      const saved = { ...process.env };
      Object.assign(process.env, env);
      try {
        return createApp({ config, log, db });
      } finally {
        for (const key of Object.keys(env)) {
          if (saved[key] === undefined) delete process.env[key];
          else process.env[key] = saved[key];
        }
      }
    },
    dispose: () => {
      for (const db of dbs) db.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The socket a request arrived on, as @hono/node-server hands it to the app. */
export function fromAddress(remoteAddress: string): { incoming: { socket: object } } {
  return {
    incoming: {
      socket: { remoteAddress, remotePort: 50_000, remoteFamily: remoteAddress.includes(':') ? 'IPv6' : 'IPv4' },
    },
  };
}
