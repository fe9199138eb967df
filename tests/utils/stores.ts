import type { FhirResource, FhirResourceType } from '@vigil/shared';
import type { AuditRecord } from '../../sync-server/src/store/audit/types.js';
import type { ResourceStore } from '../../sync-server/src/store/resources/types.js';
import { openDatabaseFile } from '../../sync-server/src/store/sqlite/inspect.test-util.js';
import { openPostgres } from '../../sync-server/src/store/postgres/database.js';
import { PostgresDatabase } from '../../sync-server/src/store/postgres/unit-of-work.js';
import { storesOf, type Storage, type Stores } from '../../sync-server/src/store/select.js';
import { postgresTestDb, sqliteTestDb, type TestDb } from '../../sync-server/src/store/test-db.test-util.js';
import { callerFromCredentials, type AccountsForCallers, type Caller } from '../../sync-server/src/access/caller.js';
import type { Current } from '../../sync-server/src/auth/account-base.js';
import { isMultiFactorValidAt, Sessions, type SessionRow } from '../../sync-server/src/auth/sessions.js';
import { databaseUrlOf } from './test-database.js';

/**
 * The stores of a test server's database, opened beside the running server (issue 36 item 4:
 * tests outside store/ read through the stores, never rows): its SQLite file, or the PostgreSQL
 * database its data directory belongs to (issue 43, tests/utils/test-database.ts). `db` is only
 * for the store's own test utilities (store/<area>/inspect.test-util.ts, tamper.test-util.ts).
 */
export interface TestStores extends Stores {
  db: TestDb;
  close(): Promise<void>;
}

/** Opens the stores over the database of the server whose data directory is `dataDir` (which must exist); the caller closes them. */
export function openStores(dataDir: string, options: { readonly?: boolean } = {}): TestStores {
  const url = databaseUrlOf(dataDir);
  if (url) {
    const pool = openPostgres(url, 2);
    const db = postgresTestDb(url);
    const storage: Storage = {
      ...{ engine: 'postgres', sqlite: null, postgres: new PostgresDatabase(pool), created: false },
      close: () => pool.end(),
    };
    return {
      ...storesOf(storage, undefined, Date.now),
      db,
      close: async () => void (await Promise.all([db.close(), storage.close()])),
    };
  }
  const file = openDatabaseFile(dataDir, options);
  const storage: Storage = {
    ...{ engine: 'sqlite', sqlite: file, postgres: null, created: false },
    close: () => Promise.resolve(void file.close()),
  };
  return { ...storesOf(storage, undefined, Date.now), db: sqliteTestDb(file), close: storage.close };
}

/** Runs `fn` over the stores of the server's database and closes them after, whatever it does. */
export async function withStores<T>(
  dataDir: string,
  fn: (stores: TestStores) => T | Promise<T>,
  options: { readonly?: boolean } = {},
): Promise<T> {
  const stores = openStores(dataDir, options);
  try {
    return await fn(stores);
  } finally {
    await stores.close();
  }
}

/** Every live resource of a type in an organisation, oldest change first: each page of the store's search. */
export async function allResources<T extends FhirResource = FhirResource>(
  resources: ResourceStore,
  orgId: string,
  type: FhirResourceType,
): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await resources.search(
      orgId,
      type,
      [],
      { offset, count: 500 },
      { by: '_lastUpdated', descending: false },
    );
    all.push(...(page.items as T[]));
    if (page.items.length < 500) return all;
  }
}

/**
 * A room's stored bytes as the sync store loads them (its snapshot, the updates logged after it and
 * the last update merged), as text to compare before and after: null when nothing was stored.
 */
export async function storedRoom(dataDir: string, room: string): Promise<string> {
  const doc = await withStores(dataDir, ({ sync }) => sync.load(room), { readonly: true });
  const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
  return JSON.stringify(
    doc && {
      snapshot: doc.snapshot && hex(doc.snapshot),
      updates: doc.updates.map(hex),
      lastUpdateId: doc.lastUpdateId,
    },
  );
}

/**
 * Appends records to the audit trail through the audit store, in one transaction (the write
 * queue's, as the server's own writes): earlier failures a limit counts, which would take minutes
 * of argon2 to make through the API.
 */
export async function appendAuditRecords(dataDir: string, records: readonly AuditRecord[]): Promise<void> {
  await withStores(dataDir, ({ resources, audit }) =>
    resources.transaction(async () => {
      for (const record of records) await audit.append(record);
    }),
  );
  // The appends resolve as microtasks only: let the event loop take in socket events (the server closing an idle
  // keep-alive connection) so the caller's next request does not go out on a connection already closed.
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The Caller a websocket upgrade builds from a request's cookie or `token` parameter, over a test
 * server's stores (access/caller.ts callerFromCredentials: the transports' one builder).
 */
export function requestCaller(
  stores: TestStores,
  credentials: { cookieHeader?: string | null; token?: string | null },
): Promise<Caller> {
  const sessions = new Sessions(stores.sessions, 'dev-tok', Date.now);
  const liveSession = (token: string | null): Promise<SessionRow | null> =>
    token ? sessions.findLive(token) : Promise.resolve(null);
  const currentOf = async (session: SessionRow): Promise<Current | null> => {
    const user = await stores.accounts.userById(session.user_id);
    return user ? { session, user } : null;
  };
  const accounts: AccountsForCallers = {
    current: async (token) => {
      const session = await liveSession(token);
      return session ? currentOf(session) : null;
    },
    liveSession,
    currentOf,
    isMultiFactorValid: (session) => isMultiFactorValidAt(session, Date.now()),
    hasFreshSudo: () => Promise.resolve(false),
    sessions,
    settings: { cookieName: 'dev-tok' },
  };
  return callerFromCredentials(
    accounts,
    { cookieHeader: credentials.cookieHeader, token: credentials.token },
    { ip: null, userAgent: null, transport: 'socket' },
  );
}
