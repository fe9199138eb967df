import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgMember, type OrgMember } from '../utils/members.js';
import { REPO_ROOT, startServer, type TestServer } from '../utils/start-server.js';
import { connectClient, eventually, synced } from '../utils/yjs-clients.js';

// Issue 24 item 7: every read of a case is audited, socket reads included, in a hash-chained
// trail that the database keeps append-only.

let server: TestServer;
let member: OrgMember;
let userId: string;
const dbPath = (): string => path.join(server.dataDir, 'vigil.db');

beforeAll(async () => {
  server = await startServer();
  member = await orgMember(server.url);
  const db = new Database(dbPath(), { readonly: true });
  userId = (db.prepare('SELECT id FROM users WHERE email = ?').get(member.email) as { id: string }).id;
  db.close();
});
afterAll(async () => {
  await server.dispose();
});

interface AuditRow {
  json: string;
}

/** The FHIR AuditEvents recorded for reads of one case document over the socket. */
function syncReads(docId: string): { agent: string; entity: string[] }[] {
  const db = new Database(dbPath(), { readonly: true });
  try {
    const rows = db
      .prepare("SELECT json FROM resources WHERE org_id = ? AND resource_type = 'AuditEvent'")
      .all(member.orgId) as AuditRow[];
    return rows
      .map(
        (r) =>
          JSON.parse(r.json) as {
            subtype: { code: string }[];
            agent: { who: { identifier: { value: string } } }[];
            entity?: { what?: { reference: string }; description?: string }[];
          },
      )
      .filter((e) => e.entity?.some((x) => x.description === `sync/${member.orgId}/${docId}`))
      .map((e) => {
        expect(e.subtype[0]?.code).toBe('read');
        return {
          agent: e.agent[0]!.who.identifier.value,
          entity: (e.entity ?? []).flatMap((x) => (x.what ? [x.what.reference] : [])),
        };
      });
  } finally {
    db.close();
  }
}

function auditCheck(): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'audit-check'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('the audit trail of case reads', () => {
  it('records one read, naming the reader, for each socket that is sent a case document', async () => {
    const docId = 'cmp-audited';
    const writer = connectClient(server.url, `${member.orgId}/${docId}`, { token: member.token });
    await synced(writer.provider);
    writer.doc.getMap('case').set('procedure', 'Extraction #32');
    // Several messages on one connection (a resync asks again): still one read.
    writer.provider.disconnect();
    writer.provider.connect();
    await synced(writer.provider);
    const reader = connectClient(server.url, `${member.orgId}/${docId}`, { token: member.token });
    await synced(reader.provider);
    await eventually(() => expect(reader.doc.getMap('case').get('procedure')).toBe('Extraction #32'));

    await eventually(() => expect(syncReads(docId)).toHaveLength(3));
    for (const read of syncReads(docId)) {
      expect(read.agent).toBe(userId);
      expect(read.entity).toEqual([`Composition/${docId}`]);
    }
    reader.destroy();
    writer.destroy();
  });

  it('keeps a hash chain that the check accepts, refuses changes in the database, and detects a tampered row', async () => {
    // A few more audited events of both kinds: account events (sign-ins) and FHIR reads.
    const docId = 'cmp-chain';
    const client = connectClient(server.url, `${member.orgId}/${docId}`, { token: member.token });
    await synced(client.provider);
    client.destroy();
    await eventually(() => expect(syncReads(docId)).toHaveLength(1));
    // Stopping the server seals every record written so far.
    await server.stop();

    const intact = auditCheck();
    expect(intact.out).toMatch(/Audit chain intact: \d+ records; head [0-9a-f]{64}/);
    expect(intact.status).toBe(0);

    const db = new Database(dbPath());
    try {
      const links = (db.prepare('SELECT count(*) AS n FROM audit_chain').get() as { n: number }).n;
      expect(links).toBeGreaterThan(3);
      // Append-only in the database itself, whatever the code does.
      expect(() => db.prepare("UPDATE audit_events SET action = 'signOut'").run()).toThrow(/append-only/);
      expect(() => db.prepare('DELETE FROM audit_events').run()).toThrow(/append-only/);
      expect(() => db.prepare("UPDATE resources SET json = json WHERE resource_type = 'AuditEvent'").run()).toThrow(
        /AuditEvent is append-only/,
      );
      expect(() => db.prepare("DELETE FROM resources WHERE resource_type = 'AuditEvent'").run()).toThrow(
        /AuditEvent is append-only/,
      );
      expect(() => db.prepare("DELETE FROM resource_history WHERE resource_type = 'AuditEvent'").run()).toThrow(
        /AuditEvent is append-only/,
      );
      expect(() => db.prepare('DELETE FROM audit_chain').run()).toThrow(/append-only/);

      // Someone with the file drops the trigger and rewrites who read the case.
      db.exec('DROP TRIGGER resources_audit_event_no_update');
      const changed = db
        .prepare(
          `UPDATE resources SET json = json_set(json, '$.agent[0].who.identifier.value', 'usr-nobody')
           WHERE resource_type = 'AuditEvent' AND json LIKE ?`,
        )
        .run(`%sync/${member.orgId}/${docId}%`);
      expect(changed.changes).toBe(1);
    } finally {
      db.close();
    }

    const broken = auditCheck();
    expect(broken.status).toBe(1);
    expect(broken.out).toMatch(/AuditEvent row \d+\): the audit record was changed after it was sealed/);
    expect(broken.out).toMatch(/Audit chain BROKEN: 1 of \d+ links fail/);
  });
});
