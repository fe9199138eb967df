import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgMember, type OrgMember } from '../utils/members.js';
import { REPO_ROOT, startServer, type TestServer } from '../utils/start-server.js';
import { connectClient, eventually, synced } from '../utils/yjs-clients.js';
import { allResources, withStores } from '../utils/stores.js';
import {
  deleteAccountAuditEvents,
  deleteAuditChainLinks,
  deleteFhirAuditEventHistory,
  deleteFhirAuditEvents,
  forgeFhirAuditEventAgent,
  rewriteAccountAuditEvents,
  rewriteFhirAuditEvents,
} from '../../sync-server/src/store/audit/tamper.test-util.js';

// Issue 24 item 7: every read of a case is audited, socket reads included, in a hash-chained
// trail that the database keeps append-only.

let server: TestServer;
let member: OrgMember;
let userId: string;

beforeAll(async () => {
  server = await startServer();
  member = await orgMember(server.url);
  userId = (await withStores(server.dataDir, ({ accounts }) => accounts.userByEmail(member.email)))!.id;
});
afterAll(async () => {
  await server.dispose();
});

interface AuditEventBody {
  subtype: { code: string }[];
  agent: { who: { identifier: { value: string } } }[];
  entity?: { what?: { reference: string }; description?: string }[];
}

/** The FHIR AuditEvents recorded for reads of one case document over the socket. */
async function syncReads(docId: string): Promise<{ agent: string; entity: string[] }[]> {
  const events = await withStores(server.dataDir, ({ resources }) =>
    allResources(resources, member.orgId, 'AuditEvent'),
  );
  return (events as unknown as AuditEventBody[])
    .filter((e) => e.entity?.some((x) => x.description === `sync/${member.orgId}/${docId}`))
    .map((e) => {
      expect(e.subtype[0]?.code).toBe('read');
      return {
        agent: e.agent[0]!.who.identifier.value,
        entity: (e.entity ?? []).flatMap((x) => (x.what ? [x.what.reference] : [])),
      };
    });
}

function auditCheck(): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'audit-check'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'test', ...server.env },
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

    await eventually(async () => expect(await syncReads(docId)).toHaveLength(3));
    for (const read of await syncReads(docId)) {
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
    await eventually(async () => expect(await syncReads(docId)).toHaveLength(1));
    // Stopping the server seals every record written so far.
    await server.stop();

    const intact = auditCheck();
    expect(intact.out).toMatch(/Audit chain intact: \d+ records; head [0-9a-f]{64}/);
    expect(intact.status).toBe(0);

    await withStores(server.dataDir, async ({ db, audit }) => {
      expect((await audit.links()).length).toBeGreaterThan(3);
      // Append-only in the database itself, whatever the code does.
      await expect(rewriteAccountAuditEvents(db)).rejects.toThrow(/append-only/);
      await expect(deleteAccountAuditEvents(db)).rejects.toThrow(/append-only/);
      await expect(rewriteFhirAuditEvents(db)).rejects.toThrow(/AuditEvent is append-only/);
      await expect(deleteFhirAuditEvents(db)).rejects.toThrow(/AuditEvent is append-only/);
      await expect(deleteFhirAuditEventHistory(db)).rejects.toThrow(/AuditEvent is append-only/);
      await expect(deleteAuditChainLinks(db)).rejects.toThrow(/append-only/);

      // Someone with the file drops the trigger and rewrites who read the case.
      expect(await forgeFhirAuditEventAgent(db, `sync/${member.orgId}/${docId}`, 'usr-nobody')).toBe(1);
    });

    const broken = auditCheck();
    expect(broken.status).toBe(1);
    expect(broken.out).toMatch(/AuditEvent row \d+\): the audit record was changed after it was sealed/);
    expect(broken.out).toMatch(/Audit chain BROKEN: 1 of \d+ links fail/);
  });
});
