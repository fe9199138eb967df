import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgMember, type OrgMember } from '../utils/members.js';
import { REPO_ROOT, startServer, type TestServer } from '../utils/start-server.js';
import { connectClient, synced } from '../utils/yjs-clients.js';
import { withStores } from '../utils/stores.js';
import { sealAuditChain } from '../../sync-server/src/auth/audit.js';
import { auditEventHistoryRows } from '../../sync-server/src/store/audit/inspect.test-util.js';
import { truncateAuditTrail } from '../../sync-server/src/store/audit/tamper.test-util.js';

// Issue 35 item 9: the audit chain's head is anchored, so deleting its last records (with their
// links) is found by `npm run admin -- audit-check`; AuditEvent history rows are sealed too.

let server: TestServer;
let member: OrgMember;

beforeAll(async () => {
  server = await startServer();
  member = await orgMember(server.url);
  // A socket read of a case: a FHIR AuditEvent (and its history row).
  const client = connectClient(server.url, `${member.orgId}/cmp-truncated`, { token: member.token });
  await synced(client.provider);
  client.destroy();
  // Stopping the server seals every record written so far. On PostgreSQL a seal takes only what is
  // older than the oldest transaction of the whole server (store/audit/postgres.ts): another test's
  // database made at that moment holds a record back, and the next seal (the next start's) takes it.
  await server.stop();
  await withStores(server.dataDir, async ({ audit }) => {
    for (const until = Date.now() + 60_000; (await audit.unsealed()) > 0 && Date.now() < until;) {
      await sealAuditChain(audit);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}, 120_000);
afterAll(async () => {
  await server.dispose();
});

function auditCheck(): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'audit-check'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'test', ...server.env },
    encoding: 'utf8',
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('the audit chain’s head anchor', () => {
  it('seals the AuditEvent history rows into the chain', async () => {
    await withStores(server.dataDir, async ({ db, audit }) => {
      const history = await auditEventHistoryRows(db);
      const sealed = (await audit.links()).filter((l) => l.source === 'AuditEvent_history').length;
      expect(history).toBeGreaterThan(0);
      expect(sealed).toBe(history);
    });
    expect(auditCheck().status).toBe(0);
  });

  it('reports the last records deleted with their links, which the links alone no longer show', async () => {
    expect(auditCheck().out).toMatch(/Audit chain intact/);
    // Someone with the file drops the triggers and removes the last two records and their links.
    const links = await withStores(server.dataDir, async ({ db, audit }) => {
      const before = (await audit.links()).length;
      await truncateAuditTrail(db, 2);
      return before;
    });
    const broken = auditCheck();
    expect(broken.status).toBe(1);
    expect(broken.out).toContain(
      `the chain ends at link ${links - 2} but was sealed to link ${links}: the last 2 were removed`,
    );
    expect(broken.out).toMatch(/Audit chain BROKEN/);
  });
});
