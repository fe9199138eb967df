import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT, startServer } from '../../tests/utils/start-server.js';
import { dropDatabaseOf, ON_POSTGRES } from '../../tests/utils/test-database.js';
import { orgMember, type OrgMember } from '../../tests/utils/members.js';
import { freePort } from './inspector.js';
import { Tablet } from './tablet.js';

export type ServerName = 'ours' | 'reference';

/**
 * The database our servers run on: SQLite in their data directory, or with VIGIL_TEST_DATABASE=postgres a
 * fresh PostgreSQL database of the tests' each (tests/utils/test-database.ts).
 */
export const DATABASE = ON_POSTGRES ? 'PostgreSQL' : 'SQLite';

/** A sync section's title: as it always was on SQLite (the default), with " on PostgreSQL" on PostgreSQL. */
export function onDatabase(title: string): string {
  return ON_POSTGRES ? `${title} on PostgreSQL` : title;
}

/** A sync server under test, running in its own process. */
export interface BenchServer {
  readonly name: ServerName;
  /** Websocket base of the rooms: `{wsBase}/{orgId}/{docId}`. */
  readonly wsBase: string;
  /** The websocket URL of a room, signed in where the server needs it (ours: a member's session token). */
  roomUrl(room: string, params?: Record<string, string>): string;
  readonly pid: number;
  /** Whether a restart keeps the documents (ours: SQLite; the reference keeps them in memory). */
  readonly durable: boolean;
  /** Our SQLite data directory (null for the reference). */
  readonly dataDir: string | null;
  /** Ours: the member whose session opens the rooms (null for the reference). */
  readonly member: OrgMember | null;
  /** The port of the process's inspector when started with `inspect` (scripts/bench/inspector.ts), else null. */
  readonly inspectPort: number | null;
  /** Stops the process (SIGTERM: ours flushes; SIGKILL: no chance to) and starts it again on the same data. */
  restart(signal?: NodeJS.Signals): Promise<BenchServer>;
  /** Stops the process, keeping its data. */
  stop(): Promise<void>;
  /** Stops the process and deletes its data. */
  dispose(): Promise<void>;
}

/** Linux clock ticks per second of /proc/{pid}/stat (USER_HZ). */
const CLOCK_TICKS_PER_S = 100;

/** Resident memory of a process in bytes (/proc/{pid}/status VmRSS). */
export function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match?.[1]) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** CPU time (user + system) a process has used, in ms (/proc/{pid}/stat). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces); utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

const SERVER_ENV = { PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test', SEED_DEMO: 'off' };

function withQuery(url: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${url}?${query}` : url;
}

/**
 * Starts Vigil's server (`sync-server/src/main.ts`) on a SQLite database in `dataDir`. Its
 * sockets need a signed-in member of the room's organisation: the benchmark signs one up
 * (real sign-up, MFA and organisation), and keeps it across restarts (sessions are stored).
 */
async function startOurs(
  dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-')),
  known?: OrgMember,
  baseline?: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const server = await startServer({
    dataDir,
    env: { ...SERVER_ENV, ...env },
    ...(baseline ? { root: baseline } : {}),
  });
  const pid = server.process.pid;
  if (pid === undefined) throw new Error('our server has no pid');
  const member = known ?? (await orgMember(server.url, 'bench'));
  const wsBase = `ws://127.0.0.1:${server.port}/api/sync`;
  return {
    name: baseline ? 'reference' : 'ours',
    wsBase,
    roomUrl: (room, params = {}) => withQuery(`${wsBase}/${member.orgId}/${room}`, { token: member.token, ...params }),
    pid,
    durable: true,
    dataDir,
    member,
    inspectPort: inspectPortOf(env),
    restart: async (signal: NodeJS.Signals = 'SIGTERM') => {
      await server.stop(signal);
      return startOurs(dataDir, member, baseline, env);
    },
    stop: async () => {
      await server.stop('SIGTERM');
    },
    dispose: async () => {
      await server.stop('SIGTERM');
      // The directory is the benchmark's, not the test helper's: its PostgreSQL database too (VIGIL_TEST_DATABASE).
      await dropDatabaseOf(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForListening(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('reference server did not start in time')), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`reference server exited with ${code} before listening`));
    });
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const match = /"msg":"listening","port":(\d+)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
}

/** Starts the reference `@y/websocket-server` (scripts/bench/reference-server.ts) in its own process. */
async function startReference(env: Record<string, string> = {}): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/reference-server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...SERVER_ENV, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await waitForListening(child, 20_000);
  const pid = child.pid;
  if (pid === undefined) throw new Error('the reference server has no pid');
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const wsBase = `ws://127.0.0.1:${port}/api/sync`;
  return {
    name: 'reference',
    wsBase,
    roomUrl: (room, params = {}) => withQuery(`${wsBase}/bench/${room}`, params),
    pid,
    durable: false,
    dataDir: null,
    member: null,
    inspectPort: inspectPortOf(env),
    restart: async () => {
      await stop();
      return startReference(env);
    },
    stop,
    dispose: stop,
  };
}

/** Checks that the server lets the benchmark's tablets in before anything is measured. */
async function assertOpen(server: BenchServer): Promise<BenchServer> {
  const tablet = new Tablet(server.roomUrl('preflight'));
  try {
    await tablet.connect(10_000);
    return server;
  } catch (err) {
    await server.dispose();
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`the ${server.name} server refused the benchmark's websocket (${reason})`, { cause: err });
  } finally {
    await tablet.destroy();
    tablet.doc.destroy();
  }
}

/**
 * An earlier checkout of Vigil to measure in the reference's place (`BENCH_BASELINE_ROOT=/path/to/clone`,
 * with its node_modules): before/after figures of a change, taken side by side in one run.
 */
export const BASELINE_ROOT = process.env.BENCH_BASELINE_ROOT;

/** What a bench server is started with. */
export interface BenchServerOptions {
  /** Open the process's inspector on a free port (inspectPort), to collect its garbage from outside. */
  inspect?: boolean;
}

const INSPECT = /--inspect=127\.0\.0\.1:(\d+)/g;

/** The port of the last --inspect of NODE_OPTIONS (Node takes the last one). */
function inspectPortOf(env: Record<string, string>): number | null {
  const ports = [...(env.NODE_OPTIONS ?? '').matchAll(INSPECT)].map((m) => Number(m[1]));
  return ports.at(-1) ?? null;
}

/** Starts a fresh server of either kind and checks that the benchmark can open rooms. */
export async function startBenchServer(name: ServerName, options: BenchServerOptions = {}): Promise<BenchServer> {
  const env: Record<string, string> = {};
  if (options.inspect) {
    env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${await freePort()}`.trim();
  }
  if (name === 'ours') return assertOpen(await startOurs(undefined, undefined, undefined, env));
  return assertOpen(await (BASELINE_ROOT ? startOurs(undefined, undefined, BASELINE_ROOT, env) : startReference(env)));
}

/**
 * Two instances of our server over one database (SQLite in one data directory, or the PostgreSQL
 * database the tests give that directory with VIGIL_TEST_DATABASE=postgres) and one Redis
 * (`env`: REDIS_URL, REDIS_PREFIX), the second started after the first with the same member, whose
 * session both accept (issue 43). Disposing the first deletes the shared data: stop the second first.
 */
export async function startInstancePair(env: Record<string, string>): Promise<[BenchServer, BenchServer]> {
  const a = await assertOpen(await startOurs(undefined, undefined, undefined, env));
  try {
    return [a, await assertOpen(await startOurs(a.dataDir ?? undefined, a.member ?? undefined, undefined, env))];
  } catch (err) {
    await a.dispose();
    throw err;
  }
}
