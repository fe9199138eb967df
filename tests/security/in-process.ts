import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Hono } from 'hono';
import { createApp } from '../../sync-server/src/app.js';
import { loadConfig } from '../../sync-server/src/config.js';
import { createLogger } from '../../sync-server/src/log.js';
import { buildServices, type Services } from '../../sync-server/src/services.js';
import { sqliteStorage } from '../../sync-server/src/store/select.js';

/**
 * The real Hono app of the server, called with `app.request(...)` and no port (as the route
 * tests of STYLE.md do), over its own SQLite file. `env` is the environment main.ts would read:
 * the server's settings from it, and the account settings (TRUST_PROXY, PUBLIC_URL…) from
 * process.env, set for the app's creation only. `dispose()` closes every app's services and then
 * removes their data.
 */
export interface InProcessApps {
  app(env?: Record<string, string>): Hono;
  dispose(): void;
}

export function inProcessApps(): InProcessApps {
  const dirs: string[] = [];
  const built: Services[] = [];
  return {
    app: (env = {}) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-in-process-'));
      dirs.push(dataDir);
      const quiet = new Writable({ write: (_chunk, _enc, done) => done() });
      const log = createLogger('error', quiet);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
      const saved = { ...process.env };
      Object.assign(process.env, env);
      try {
        const services = buildServices(config, log, sqliteStorage(dataDir));
        built.push(services);
        return createApp(services);
      } finally {
        for (const key of Object.keys(env)) {
          if (saved[key] === undefined) delete process.env[key];
          else process.env[key] = saved[key];
        }
      }
    },
    dispose: () => {
      void Promise.all(built.map((services) => services.close())).finally(() => {
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      });
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
