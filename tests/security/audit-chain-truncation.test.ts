import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgMember, type OrgMember } from '../utils/members.js';
import { REPO_ROOT, startServer, type TestServer } from '../utils/start-server.js';
import { connectClient, synced } from '../utils/yjs-clients.js';

// Issue 35 item 9: the audit chain's head is anchored, so deleting its last records (with their
// links) is found by `npm run admin -- audit-check`; AuditEvent history rows are sealed too.

let server: TestServer;
let member: OrgMember;
const dbPath = (): string => path.join(server.dataDir, 'vigil.db');

beforeAll(async () => {
  server = await startServer();
  member = await orgMember(server.url);
  // A socket read of a case: a FHIR AuditEvent (and its history row).
  const client = connectClient(server.url, `${member.orgId}/cmp-truncated`, { token: member.token });
  await synced(client.provider);
  client.destroy();
  // Stopping the server seals every record written so far.
  await server.stop();
}, 120_000);
afterAll(async () => {
  await server.dispose();
});

function auditCheck(): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'audit-check'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('the audit chain’s head anchor', () => {
  it('seals the AuditEvent history rows into the chain', () => {
    const db = new Database(dbPath(), { readonly: true });
    try {
      const history = db
        .prepare("SELECT count(*) AS n FROM resource_history WHERE resource_type = 'AuditEvent'")
        .get() as { n: number };
      const sealed = db.prepare("SELECT count(*) AS n FROM audit_chain WHERE source = 'AuditEvent_history'").get() as {
        n: number;
      };
      expect(history.n).toBeGreaterThan(0);
      expect(sealed.n).toBe(history.n);
    } finally {
      db.close();
    }
    expect(auditCheck().status).toBe(0);
  });

  it('reports the last records deleted with their links, which the links alone no longer show', () => {
    expect(auditCheck().out).toMatch(/Audit chain intact/);
    const db = new Database(dbPath());
    const links = (db.prepare('SELECT count(*) AS n FROM audit_chain').get() as { n: number }).n;
    try {
      // Someone with the file drops the triggers and removes the last two records and their links.
      db.exec(`DROP TRIGGER audit_chain_no_delete; DROP TRIGGER audit_events_no_delete;
        DROP TRIGGER resources_audit_event_no_delete; DROP TRIGGER resource_history_audit_event_no_delete`);
      const tail = db.prepare('SELECT seq, source, source_row FROM audit_chain ORDER BY seq DESC LIMIT 2').all() as {
        seq: number;
        source: 'audit_events' | 'AuditEvent' | 'AuditEvent_history';
        source_row: number;
      }[];
      const record = {
        audit_events: 'DELETE FROM audit_events WHERE id = ?',
        AuditEvent: 'DELETE FROM resources WHERE rowid = ?',
        AuditEvent_history: 'DELETE FROM resource_history WHERE rowid = ?',
      };
      for (const t of tail) {
        db.prepare(record[t.source]).run(t.source_row);
        db.prepare('DELETE FROM audit_chain WHERE seq = ?').run(t.seq);
      }
    } finally {
      db.close();
    }
    const broken = auditCheck();
    expect(broken.status).toBe(1);
    expect(broken.out).toContain(
      `the chain ends at link ${links - 2} but was sealed to link ${links}: the last 2 were removed`,
    );
    expect(broken.out).toMatch(/Audit chain BROKEN/);
  });
});
