import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { databaseFor, dropDatabaseOf, ON_POSTGRES } from './test-database.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  /** The variables it was started with beyond the defaults (DATABASE_URL, REDIS_URL…): a command on its database needs them too. */
  env: Record<string, string>;
  process: ChildProcess;
  /** Every log line the server printed, parsed. */
  logs: Record<string, unknown>[];
  /** Sends a signal (default SIGTERM) and waits for the process to exit; returns its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Stops the server and deletes its data directory. */
  dispose(): Promise<void>;
}

/** The environment variable naming the run's server bundle, set by its global setup (tests/utils/server-bundle.ts). */
export const SERVER_BUNDLE_ENV = 'VIGIL_SERVER_BUNDLE';

export interface StartServerOptions {
  /** Reuse a data directory (e.g. to restart on the same database); a new temporary one otherwise. */
  dataDir?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** The checkout whose server to start (the benchmark's baseline); this one by default. */
  root?: string;
}

/**
 * Starts the real Vigil server (`sync-server/src/main.ts`, or the run's bundle of it) as a child process on a free port
 * with its own SQLite file, and resolves once it logs that it is listening. With
 * VIGIL_TEST_DATABASE=postgres, on a PostgreSQL database of its data directory's own instead
 * (tests/utils/test-database.ts), unless `env` names a DATABASE_URL.
 */
export async function startServer(options: StartServerOptions = {}): Promise<TestServer> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'vigil-test-'));
  const env: Record<string, string> = { ...options.env };
  if (ON_POSTGRES && env.DATABASE_URL === undefined) env.DATABASE_URL = (await databaseFor(dataDir)).url;
  // The run's bundle of this checkout's server where a global setup made one (tests/utils/server-bundle.ts).
  const bundle = options.root === undefined ? process.env[SERVER_BUNDLE_ENV] : undefined;
  const args = bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', 'sync-server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: options.root ?? REPO_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });

  const port = await new Promise<number>((resolve, reject) => {
    // A loaded 2-core machine (the suite's two workers, Chromium, a PDF print) can take over 20 s
    // to start a server; a start that still fails takes its process with it, so none is left behind.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time\n${stderr}`));
    }, options.timeoutMs ?? 60_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      logs.push(entry);
      if (entry.msg === 'listening' && typeof entry.port === 'number') {
        clearTimeout(timer);
        resolve(entry.port);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening\n${stderr}\n${JSON.stringify(logs)}`));
    });
  });

  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    env,
    process: child,
    logs,
    stop,
    dispose: async () => {
      await stop();
      if (!ownsDataDir) return;
      await dropDatabaseOf(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
