import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFacts, openDatabaseFile } from '../../sync-server/src/store/sqlite/inspect.test-util.js';
import { REPO_ROOT, startServer, type TestServer } from '../utils/start-server.js';
import { ON_POSTGRES } from '../utils/test-database.js';

describe('server shell against the real process', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('answers GET /api/health with ok and the package version', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(await res.json()).toEqual({ ok: true, version });
  });

  it('answers serverTime over GraphQL with the server clock', async () => {
    const before = Date.now();
    const res = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ serverTime environment }' }),
    });
    const after = Date.now();
    const body = (await res.json()) as { data: { serverTime: number; environment: string } };
    expect(res.status).toBe(200);
    expect(body.data.environment).toBe('test');
    expect(body.data.serverTime).toBeGreaterThanOrEqual(before);
    expect(body.data.serverTime).toBeLessThanOrEqual(after);
  });

  it('reports GraphQL errors with a message and no data for an unknown field', async () => {
    const res = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ nope }' }),
    });
    const body = (await res.json()) as { errors?: { message: string }[] };
    expect(body.errors?.[0]?.message).toContain('nope');
  });

  it('answers unknown /api paths with a JSON 404, never the app shell', async () => {
    const res = await fetch(`${server.url}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'NOT_FOUND' });
  });

  it('serves the app shell for any other path (SPA fallback)', async () => {
    const res = await fetch(`${server.url}/org/acme/patients`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    // The loader index.html shows until the app's first render.
    expect(html).toContain('<div class="boot-loader" role="status" aria-label="Loading">');
  });

  // About the SQLite file itself: on PostgreSQL there is none (instances-postgres.test.ts checks that).
  if (ON_POSTGRES)
    console.warn('SKIPPED server-shell "creates vigil.db": the servers run on PostgreSQL, no SQLite file');
  it.skipIf(ON_POSTGRES)('creates vigil.db in DATA_DIR with WAL, foreign keys and the migrations applied', () => {
    const file = path.join(server.dataDir, 'vigil.db');
    expect(existsSync(file)).toBe(true);
    const db = openDatabaseFile(server.dataDir, { readonly: true });
    try {
      const facts = databaseFacts(db);
      expect(facts.journalMode).toBe('wal');
      expect(facts.userVersion).toBeGreaterThanOrEqual(1);
      expect(facts.demoSeedVersion).toBe('1');
    } finally {
      db.close();
    }
  });
});

describe('server lifecycle', () => {
  it('stops cleanly on SIGTERM and keeps its data for the next start', async () => {
    const first = await startServer();
    try {
      expect(await first.stop('SIGTERM')).toBe(0);
      expect(first.logs.some((l) => l.msg === 'server stopped')).toBe(true);
      const second = await startServer({ dataDir: first.dataDir });
      try {
        // The database existed: no migration or seed runs again.
        expect(second.logs.some((l) => l.msg === 'migration applied')).toBe(false);
        expect(second.logs.some((l) => l.msg === 'demo data seeded')).toBe(false);
        const res = await fetch(`${second.url}/api/health`);
        expect(res.status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      await first.dispose();
    }
  });

  it('refuses to start with an invalid PORT', async () => {
    // The refusal ends the process; the start-up bound (60 s for a loaded machine) only guards a hang.
    await expect(startServer({ env: { PORT: 'eighty' } })).rejects.toThrow(/PORT must be/);
  });
});

describe('cross-site requests', () => {
  it('refuses a form-encoded GraphQL POST without the app header (CSRF), and accepts JSON', async () => {
    const server = await startServer();
    try {
      const form = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'query=mutation%20%7B%20signOut%20%7D',
      });
      expect(form.status).toBeGreaterThanOrEqual(400);
      const json = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ serverTime }' }),
      });
      expect(json.status).toBe(200);
    } finally {
      await server.dispose();
    }
  });
});
