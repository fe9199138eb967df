import { afterAll, describe, expect, it } from 'vitest';
import { emrWriteBacks, FakeEmr } from '../utils/fake-emr.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { eventually } from '../utils/yjs-clients.js';
import { Browser } from './accounts-client.js';
import { addAddendum, chartedCase, EMR_FINALIZE_STEPS, finalizeSteps, SIGNATURE } from './report-helpers.js';

/**
 * Issue 42: a write-back still pending when the server stops (its first attempt found the EMR
 * down) is completed by the server started again on the same database, exactly once: the EMR's
 * transaction endpoint receives the signed record one time, and emrWriteBacks lists the failed
 * attempt and the one that wrote it.
 */

describe('EMR write-back across a server restart (issue 42)', () => {
  const servers: TestServer[] = [];
  const emr = new FakeEmr({ clientId: 'vigil-writer', clientSecret: 'restart-write-back-secret' });
  afterAll(async () => {
    await emr.close();
    for (const s of servers.reverse()) await s.dispose();
  });

  it('completes a write-back pending at the stop after the restart, sending the record once', async () => {
    const first = await startServer({ timeoutMs: 300_000 });
    servers.push(first);
    // The EMR's address is known, but it is down while the case is signed.
    const port = await emr.listen();
    await emr.close();

    const c = await chartedCase(first);
    expect(await emr.connect(c.member.browser, c.orgId, 'office')).toBeUndefined();
    expect(await finalizeSteps(first, c)).toEqual(EMR_FINALIZE_STEPS.failed);
    const pending = await emrWriteBacks(c.member.browser, c.orgId);
    expect(pending).toEqual([
      expect.objectContaining({ compositionId: c.caseId, event: 'case.finalized', status: 'pending', attempts: 1 }),
    ]);
    expect(pending[0]!.lastError).toBeTruthy();
    await first.stop();

    // The EMR is back; the server starts again on the same database and finishes the write-back.
    await emr.listen(port);
    const later = await startServer({ dataDir: first.dataDir, timeoutMs: 300_000 });
    servers.push(later);
    const browser = new Browser(later.url);
    for (const [k, v] of c.member.browser.cookies) browser.cookies.set(k, v);
    // EMR5: due 10 s after the first attempt; a bound for a failure, not a pause.
    await eventually(
      async () => {
        expect(await emrWriteBacks(browser, c.orgId)).toEqual([
          expect.objectContaining({ compositionId: c.caseId, status: 'done', attempts: 2, lastError: null }),
        ]);
      },
      90_000,
      250,
    );
    const sent = emr.received.filter((r) => r.tenant === 'office');
    expect(sent).toHaveLength(1);
    const types = sent[0]!.bundle.entry.map((e) => e.resource.resourceType);
    expect(types).toEqual(expect.arrayContaining(['Patient', 'Composition', 'DocumentReference', 'Procedure']));

    // Later passes of the restarted server do not send it again: the addendum signed next is the
    // EMR's second transaction, and the only other one.
    const added = await addAddendum(later, browser, c.orgId, c.caseId, {
      title: 'Late entry',
      text: 'Patient called the next day: doing well.',
      signerName: 'Dr Grace Hopper',
      signature: SIGNATURE,
    });
    expect(added.status).toBe(201);
    await eventually(
      async () => {
        const rows = await emrWriteBacks(browser, c.orgId);
        expect(rows.map((r) => [r.event, r.status]).sort()).toEqual([
          ['addendum.signed', 'done'],
          ['case.finalized', 'done'],
        ]);
      },
      60_000,
      250,
    );
    const after = emr.received.filter((r) => r.tenant === 'office');
    expect(after).toHaveLength(2);
    expect(after[1]!.bundle.entry.map((e) => e.resource.resourceType).sort()).toEqual([
      'Composition',
      'DocumentReference',
      'Patient',
    ]);
    // Two server starts: a bound for a failure on a loaded 2-core machine, not a pause.
  }, 600_000);
});
