import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CaseFacts } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';
import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import type { ConsoleJob, ConsoleReply } from './console-run.js';
import {
  ConsoleRefusal,
  consoleStatementRefusal,
  type CaseDayRow,
  type ConsoleAnswer,
  type DbConsole,
  type OnboardingRow,
  type OversightStore,
} from './types.js';

/*
 * The team app's reads across organisations (issue 41; spec 000 §2 `/vigil-team/cases`,
 * `case-stats`, `db-console`): the analytics read model's case rows of every organisation, counts
 * of cases per day, and the database console's read-only connection.
 */

export class SqliteOversightStore implements OversightStore {
  constructor(private readonly db: Db) {}

  /** One page of every organisation's cases (of one when given), newest start first. */
  cases(orgId: string | null, page: PageRequest): Promise<CaseFacts[]> {
    return serialized(this.db, () => {
      const where: string[] = [];
      const params: unknown[] = [];
      if (orgId !== null) {
        where.push('org_id = ?');
        params.push(orgId);
      }
      const m = page.after === null ? null : /^(-?\d+)~([^~]+)~(.+)$/.exec(page.after);
      if (m) {
        where.push('(start_key < ? OR (start_key = ? AND (org_id > ? OR (org_id = ? AND case_id > ?))))');
        params.push(Number(m[1]), Number(m[1]), m[2], m[2], m[3]);
      }
      const rows = this.db
        .prepare(
          `SELECT facts FROM analytics_case_facts ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
           ORDER BY start_key DESC, org_id, case_id LIMIT ?`,
        )
        .all(...params, page.first) as { facts: string }[];
      return rows.map((r) => JSON.parse(r.facts) as CaseFacts);
    });
  }

  onboarding(page: PageRequest): Promise<OnboardingRow[]> {
    return serialized(this.db, () => {
      const m = page.after === null ? null : /^(\d+)~(.+)$/.exec(page.after);
      const rows = this.db
        .prepare(
          `SELECT o.id, o.name, o.created_at, o.trial_end, o.subscription_status, o.is_onboarding, o.plan_id, o.has_baa,
             (SELECT count(*) FROM org_members m WHERE m.org_id = o.id) AS members,
             (SELECT count(*) FROM analytics_case_facts f WHERE f.org_id = o.id) AS cases,
             (SELECT count(*) FROM analytics_case_facts f WHERE f.org_id = o.id AND f.status = 'finalized') AS signed
           FROM orgs o
           WHERE o.type = 'regular' AND (o.is_onboarding = 1 OR o.subscription_status IN ('trialing', 'none'))
             ${m ? 'AND (o.created_at < ? OR (o.created_at = ? AND o.id > ?))' : ''}
           ORDER BY o.created_at DESC, o.id LIMIT ?`,
        )
        .all(...(m ? [Number(m[1]), Number(m[1]), m[2]] : []), page.first) as {
        id: string;
        name: string;
        created_at: number;
        trial_end: number | null;
        subscription_status: string;
        is_onboarding: number;
        plan_id: string | null;
        has_baa: number;
        members: number;
        cases: number;
        signed: number;
      }[];
      return rows.map((r) => ({
        ...{ orgId: r.id, name: r.name, createdAt: r.created_at, trialEnd: r.trial_end },
        ...{ subscriptionStatus: r.subscription_status, isOnboarding: r.is_onboarding === 1 },
        ...{ planChosen: r.plan_id !== null, baaSigned: r.has_baa === 1, members: r.members },
        ...{ cases: r.cases, signedCases: r.signed },
      }));
    });
  }

  /** Which organisation holds a case (ids are unique across organisations), or null. */
  orgOfCase(caseId: string): Promise<string | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT org_id FROM analytics_case_facts WHERE case_id = ? LIMIT 1').get(caseId) as
        { org_id: string } | undefined;
      return row?.org_id ?? null;
    });
  }

  /** Cases per UTC day started in [from, to) (epoch ms), with the organisations they were in; days without none. */
  casesPerDay(from: number, to: number): Promise<CaseDayRow[]> {
    return serialized(
      this.db,
      () =>
        this.db
          .prepare(
            `SELECT strftime('%Y-%m-%d', start_key / 1000, 'unixepoch') AS day, count(*) AS cases,
             count(DISTINCT org_id) AS orgs
           FROM analytics_case_facts WHERE start_key >= ? AND start_key < ? GROUP BY day ORDER BY day`,
          )
          .all(from, to) as CaseDayRow[],
    );
  }

  /** Organisations with at least one case started in [from, to). */
  activeOrgs(from: number, to: number): Promise<number> {
    return serialized(this.db, () => {
      const row = this.db
        .prepare('SELECT count(DISTINCT org_id) AS n FROM analytics_case_facts WHERE start_key >= ? AND start_key < ?')
        .get(from, to) as { n: number };
      return row.n;
    });
  }
}

/** How long a console statement may run before its process is killed and the statement refused. */
export const DB_CONSOLE_TIME_LIMIT_MS = 5_000;
/** An idle console process ends after this long; the next statement starts another. */
const CONSOLE_IDLE_MS = 60_000;

/** The console process's JavaScript heap (V8's --max-old-space-size): past it the process aborts. */
export const DB_CONSOLE_HEAP_MB = 96;
/**
 * The console process's resident memory at most (JavaScript heap and SQLite's own allocations:
 * better-sqlite3 builds SQLite without memory statistics, so `PRAGMA hard_heap_limit` does not
 * bind); watched every 50 ms while a statement runs, the process killed past it (Linux, /proc).
 */
export const DB_CONSOLE_MEMORY_MB = 384;
const MEMORY_WATCH_MS = 50;

/** Starts the console's child process; the server runs its TypeScript through tsx, which the child loads too. */
function startConsoleChild(file: string, heapMb: number): ChildProcess {
  const source = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(`./console-child.${source ? 'ts' : 'js'}`, import.meta.url));
  return fork(entry, [file], {
    execArgv: [`--max-old-space-size=${heapMb}`, ...(source ? ['--import', 'tsx'] : [])],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

/** A process's resident memory in MB (Linux /proc), or null where it cannot be read. */
function residentMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return Number.isFinite(pages) ? (pages * 4096) / 1_048_576 : null;
  } catch {
    return null;
  }
}

/** The refusal of a statement that used more memory than the console allows. */
const memoryRefusal = (mb: number): ConsoleRefusal =>
  new ConsoleRefusal(`The statement used more than ${mb} MB of memory and was stopped`);

/** How much a console process may use (tests make them small). */
export interface ConsoleLimits {
  timeLimitMs: number;
  heapMb: number;
  memoryMb: number;
}

interface ConsoleWait {
  resolve: (answer: ConsoleAnswer) => void;
  reject: (err: Error) => void;
}

/**
 * The database console's connection (issue 41, `/vigil-team/db-console`): the server's database
 * file opened a second time with `readonly: true`, so SQLite itself refuses every write; before
 * that, only one statement of a reading kind (DB1) that SQLite calls read-only and that answers
 * rows is run; a PRAGMA with a value (writable_schema = 1) is refused; at most `maxRows` rows.
 * Statements run one at a time in a child process (console-child.ts), never on the server's
 * event loop: one that runs past the time limit (an endless recursive CTE) has its process
 * killed and is refused; the next statement starts a new process.
 */
export class ReadOnlyConsole implements DbConsole {
  private child: ChildProcess | null = null;
  /** Settles when the child has opened the file (its start-up is not counted in the time limit). */
  private ready: Promise<void> = Promise.resolve();
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;
  private readonly waiting = new Map<number, ConsoleWait>();
  private readonly killOnExit = (): void => this.close();

  private readonly limits: ConsoleLimits;

  constructor(
    private readonly file: string,
    limits: Partial<ConsoleLimits> = {},
  ) {
    this.limits = {
      ...{ timeLimitMs: DB_CONSOLE_TIME_LIMIT_MS, heapMb: DB_CONSOLE_HEAP_MB, memoryMb: DB_CONSOLE_MEMORY_MB },
      ...limits,
    };
  }

  run(sql: string, maxRows: number): Promise<ConsoleAnswer> {
    const refusal = consoleStatementRefusal(sql);
    if (refusal !== null) return Promise.reject(new ConsoleRefusal(refusal));
    const answer = this.queue.then(() => this.runNow(sql, maxRows));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private start(): ChildProcess {
    const child = startConsoleChild(this.file, this.limits.heapMb);
    child.unref();
    child.channel?.unref();
    process.once('exit', this.killOnExit);
    let opened: () => void = () => undefined;
    this.ready = new Promise<void>((resolve) => (opened = resolve));
    child.on('message', (reply: ConsoleReply | { ready: true }) => {
      if ('ready' in reply) {
        opened();
        return;
      }
      // Taken by iterating: write-boundary.test.ts reads any `.get(` as a statement.
      const wait = [...this.waiting].find(([id]) => id === reply.id)?.[1];
      if (!wait) return;
      this.waiting.delete(reply.id);
      if (reply.answer) wait.resolve(reply.answer);
      else if (reply.refused !== undefined) wait.reject(new ConsoleRefusal(reply.refused));
      else wait.reject(new Error(reply.error ?? 'The console failed'));
    });
    child.on('exit', (code, signal) => {
      opened();
      // V8 aborts a process past its heap limit (SIGABRT, or 134 where a shell reports it).
      const outOfHeap = signal === 'SIGABRT' || code === 134;
      this.ended(child, outOfHeap ? memoryRefusal(this.limits.heapMb) : new Error('The console process ended'));
    });
    child.on('error', (err) => this.ended(child, err));
    this.child = child;
    return child;
  }

  /** Fails what waits on a process that ended (or was killed); the next statement starts another. */
  private ended(child: ChildProcess, err: Error): void {
    if (this.child !== child) return;
    this.child = null;
    process.removeListener('exit', this.killOnExit);
    child.kill('SIGKILL');
    for (const wait of this.waiting.values()) wait.reject(err);
    this.waiting.clear();
  }

  private async runNow(sql: string, maxRows: number): Promise<ConsoleAnswer> {
    if (this.idle) clearTimeout(this.idle);
    const child = this.child ?? this.start();
    await this.ready;
    if (this.child !== child) throw new Error('The console process ended');
    const id = this.nextId++;
    return new Promise<ConsoleAnswer>((resolve, reject) => {
      const { timeLimitMs, memoryMb } = this.limits;
      const timer = setTimeout(() => {
        const seconds = timeLimitMs / 1000;
        this.ended(child, new ConsoleRefusal(`The statement ran longer than ${seconds} s and was stopped`));
      }, timeLimitMs);
      const watch = setInterval(() => {
        if ((residentMb(child.pid) ?? 0) > memoryMb) this.ended(child, memoryRefusal(memoryMb));
      }, MEMORY_WATCH_MS);
      const settle = (): void => {
        clearTimeout(timer);
        clearInterval(watch);
        this.idle = setTimeout(() => this.close(), CONSOLE_IDLE_MS);
        this.idle.unref();
      };
      this.waiting.set(id, {
        resolve: (a) => (settle(), resolve(a)),
        reject: (e) => (settle(), reject(e)),
      });
      const job: ConsoleJob = { id, sql, maxRows };
      child.send(job);
    });
  }

  close(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const child = this.child;
    if (child) this.ended(child, new Error('The console was closed'));
  }
}
