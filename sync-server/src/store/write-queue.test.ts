import { Entitlements } from '../access/entitlements.js';
import { CASE_ROOT, type Appointment, type Patient } from '@vigil/shared';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { anonymousCaller, type Caller } from '../access/caller.js';
import type { PdfPrinter } from '../report/pdf.js';
import { ReportService } from '../report/service.js';
import { SignoffGate } from '../report/signoff.js';
import type { Services } from '../services.js';
import { openTestServices } from '../test-services.test-util.js';
import type { DocumentRooms, SealedDocument } from '../sync/rooms.js';
import { SqliteAuditStore } from './audit/sqlite.js';
import { SqliteOutboxStore } from './outbox/sqlite.js';
import { SqliteResourceStore } from './resources/sqlite.js';
import { DEMO_ORGS, DEMO_USER } from '../demo/seed.js';
import { openMemoryDatabase, type Db } from './sqlite/database.js';
import { afterCommit, inTransaction, serialized } from './resources/transactions.js';
import { appendedUpdateCount, SqliteSyncStore } from './sync/sqlite.js';

/*
 * Session 17 (issue 26 follow-up): the server has ONE SQLite connection, and an asynchronous
 * transaction (BEGIN … awaits … COMMIT or ROLLBACK) holds it open across turns of the event loop.
 * A write of another request made meanwhile (a clinician's charted vital, an audit row, an email
 * in the outbox) must never join that transaction: when the transaction fails and rolls back,
 * the other write is still there. It waits for the transaction instead (the write queue).
 */

/** A gate a transaction waits at: `reached` once it is inside, `open()` lets it go on. */
function gate(): { reached: Promise<void>; wait: () => Promise<void>; open: () => void } {
  let arrived!: () => void;
  let go!: () => void;
  const reached = new Promise<void>((r) => (arrived = r));
  const opened = new Promise<void>((r) => (go = r));
  return {
    reached,
    wait: () => {
      arrived();
      return opened;
    },
    open: () => go(),
  };
}

/** Lets the event loop run a few turns (what a real request would get while the transaction awaits). */
async function turns(n = 5): Promise<void> {
  for (let i = 0; i < n; i += 1) await new Promise<void>((r) => setImmediate(r));
}

function vitalUpdate(hr: number): Uint8Array {
  const doc = new Y.Doc();
  doc.getMap(CASE_ROOT).set('vitals', [{ time: 1_700_000_000_000, hr }]);
  return Y.encodeStateAsUpdate(doc);
}

function storedVitals(update: { snapshot: Uint8Array | null; updates: Uint8Array[] } | null): unknown {
  if (!update) return null;
  const doc = new Y.Doc();
  for (const u of update.snapshot ? [update.snapshot, ...update.updates] : update.updates) Y.applyUpdate(doc, u);
  return doc.getMap(CASE_ROOT).get('vitals') ?? null;
}

const PATIENT: Patient & { id: string } = {
  resourceType: 'Patient',
  id: 'pat-rollback',
  name: [{ family: 'Rollback' }],
};

/**
 * The transaction is under test here, not the sign-off gate (issue 29): the demo office's
 * policies flag reads off for this gate, so no sign-off flag blocks (every flag only warns).
 */
function gateWithoutPolicies(services: Services): SignoffGate {
  return new SignoffGate({
    store: services.resources,
    entitlements: new Entitlements({
      features: async (orgId) => ({ ...(await services.orgStore.features(orgId)), policies: false }),
    }),
    policies: services.policies,
    now: services.now,
  });
}

describe('the write queue: no write is lost to another request’s rollback (session 17)', () => {
  let db: Db;
  afterEach(() => db.close());

  it('keeps a sync update, an audit row and an outbox message written while another transaction fails', async () => {
    db = openMemoryDatabase();
    const resources = new SqliteResourceStore(db);
    const sync = new SqliteSyncStore(db);
    const audit = new SqliteAuditStore(db);
    const outbox = new SqliteOutboxStore(db);
    const inside = gate();
    const failing = resources.transaction(async () => {
      await resources.write({ orgId: 'org-a', resource: PATIENT }, '2026-11-26T10:00:00.000Z');
      await inside.wait();
      throw new Error('injected failure after the first write');
    });
    await inside.reached;
    // Another request, while the transaction above is open and awaiting.
    const appended = sync.append([
      { room: 'org-a/cmp-vitals', orgId: 'org-a', docId: 'cmp-vitals', update: vitalUpdate(72) },
    ]);
    const audited = audit.append({
      at: 1,
      userId: 'usr-a',
      email: null,
      action: 'signIn',
      outcome: 'success',
      ip: null,
      userAgent: null,
      detail: null,
    });
    const mailed = outbox.add({ at: 1, channel: 'email', to: 'a@example.com', subject: 'Code', body: '123456' });
    await turns();
    inside.open();
    await expect(failing).rejects.toThrow('injected failure');
    await Promise.all([appended, audited, mailed]);

    // The failed transaction's own write is gone; the other request's writes are all there.
    expect(await resources.read('org-a', 'Patient', PATIENT.id)).toBeNull();
    expect(storedVitals(await sync.load('org-a/cmp-vitals'))).toEqual([{ time: 1_700_000_000_000, hr: 72 }]);
    expect(await audit.count('signIn', 0, { userId: 'usr-a' })).toBe(1);
    expect(await outbox.list('a@example.com')).toHaveLength(1);
  });

  it('keeps a compaction made while another transaction fails, and the updates it folded', async () => {
    db = openMemoryDatabase();
    const resources = new SqliteResourceStore(db);
    const sync = new SqliteSyncStore(db);
    const room = 'org-a/cmp-compact';
    const [id] = await sync.append([{ room, orgId: 'org-a', docId: 'cmp-compact', update: vitalUpdate(80) }]);
    const inside = gate();
    const failing = resources.transaction(async () => {
      await resources.write({ orgId: 'org-a', resource: PATIENT }, '2026-11-26T10:00:00.000Z');
      await inside.wait();
      throw new Error('injected failure');
    });
    await inside.reached;
    const compacted = sync.compact(room, vitalUpdate(80), id!);
    await turns();
    inside.open();
    await expect(failing).rejects.toThrow('injected failure');
    await compacted;
    const stored = await sync.load(room);
    expect(stored?.snapshot).not.toBeNull();
    expect(stored?.updates).toHaveLength(0);
    expect(storedVitals(stored)).toEqual([{ time: 1_700_000_000_000, hr: 80 }]);
  });

  it('commits writes made inside the transaction on purpose with it, and rolls them back with it', async () => {
    db = openMemoryDatabase();
    const resources = new SqliteResourceStore(db);
    const audit = new SqliteAuditStore(db);
    const record = (userId: string) =>
      audit.append({
        at: 1,
        userId,
        email: null,
        action: 'x',
        outcome: 'success',
        ip: null,
        userAgent: null,
        detail: null,
      });
    await resources.transaction(async () => {
      await resources.write({ orgId: 'org-a', resource: PATIENT }, '2026-11-26T10:00:00.000Z');
      await record('usr-committed');
    });
    await expect(
      resources.transaction(async () => {
        await record('usr-rolled-back');
        await turns(1);
        throw new Error('injected');
      }),
    ).rejects.toThrow('injected');
    expect(await audit.count('x', 0, { userId: 'usr-committed' })).toBe(1);
    expect(await audit.count('x', 0, { userId: 'usr-rolled-back' })).toBe(0);
  });
});

describe('the write queue’s edges (session 17)', () => {
  let db: Db;
  afterEach(() => db.close());

  it('refuses a helper’s statement outside the queue while another request’s transaction is open, instead of joining it', async () => {
    db = openMemoryDatabase();
    const resources = new SqliteResourceStore(db);
    expect(appendedUpdateCount(db)).toBe(0);
    const inside = gate();
    const open = resources.transaction(async () => {
      await inside.wait();
    });
    await inside.reached;
    expect(() => appendedUpdateCount(db)).toThrow('outside the write queue');
    // The same read through the queue waits for the transaction and then answers.
    const queued = serialized(db, () => appendedUpdateCount(db));
    inside.open();
    await open;
    expect(await queued).toBe(0);
  });

  it('treats a timer started in a transaction as outside it once the transaction ended', async () => {
    db = openMemoryDatabase();
    const resources = new SqliteResourceStore(db);
    let later!: Promise<boolean>;
    await resources.transaction(async () => {
      expect(inTransaction(db)).toBe(true);
      later = new Promise((resolve) => setTimeout(() => resolve(inTransaction(db)), 5));
      await Promise.resolve();
    });
    expect(await later).toBe(false);
  });
});

describe('what waits for a commit: afterCommit (session 18)', () => {
  let db: Db;
  afterEach(() => db.close());

  it('runs at once outside a transaction, after the commit inside one, and never after a rollback', async () => {
    db = openMemoryDatabase();
    const resources = new SqliteResourceStore(db);
    const ran: string[] = [];
    afterCommit(() => ran.push('outside'));
    expect(ran).toEqual(['outside']);
    await resources.transaction(async () => {
      afterCommit(() => ran.push('committed'));
      await turns(1);
      expect(ran).toEqual(['outside']);
    });
    expect(ran).toEqual(['outside', 'committed']);
    await expect(
      resources.transaction(async () => {
        afterCommit(() => ran.push('rolled back'));
        await turns(1);
        throw new Error('injected');
      }),
    ).rejects.toThrow('injected');
    expect(ran).toEqual(['outside', 'committed']);
  });

  it('holds a released savepoint’s callbacks for the outer commit and drops a rolled-back savepoint’s', async () => {
    db = openMemoryDatabase();
    const resources = new SqliteResourceStore(db);
    const ran: string[] = [];
    await resources.transaction(async () => {
      await resources.transaction(async () => {
        afterCommit(() => ran.push('released'));
        await turns(1);
      });
      await expect(
        resources.transaction(async () => {
          afterCommit(() => ran.push('savepoint rolled back'));
          await turns(1);
          throw new Error('injected');
        }),
      ).rejects.toThrow('injected');
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['released']);
    await expect(
      resources.transaction(async () => {
        await resources.transaction(async () => {
          afterCommit(() => ran.push('released, outer rolled back'));
          await turns(1);
        });
        throw new Error('injected');
      }),
    ).rejects.toThrow('injected');
    expect(ran).toEqual(['released']);
  });
});

describe('the write queue through the services: a charted vital survives a failed finalize (session 17)', () => {
  let services: Services;
  let closeServices: () => Promise<void>;

  afterEach(() => closeServices());

  it('stores a vital charted on another case while a finalize transaction is open and then fails', async () => {
    ({ services, close: closeServices } = await openTestServices());
    const ORG = DEMO_ORGS.office.id;
    const page = await services.resources.search(ORG, 'Appointment', [], { offset: 0, count: 2 });
    const [signed, charted] = (page.items as Appointment[]).map((a) => a.id!);
    const signedRoom = { orgId: ORG, docId: signed!, name: `${ORG}/${signed}` };
    const chartedRoom = { orgId: ORG, docId: charted!, name: `${ORG}/${charted}` };
    // Started three hours ago by the services' clock: within its provider editing window (EW2).
    const start = services.now() - 3 * 3_600_000;
    await services.rooms.change(signedRoom, (root) =>
      root.set('events', { caseStart: start, anesthesiaStart: start + 300_000, end: start + 3_000_000 }),
    );
    const { hash } = await services.rooms.snapshot(signedRoom);

    const inside = gate();
    const rooms: DocumentRooms = {
      snapshot: (a) => services.rooms.snapshot(a),
      finalize: (a) => services.rooms.finalize(a),
      reopen: (a) => services.rooms.reopen(a),
      seal: async (a) => {
        const sealed = await services.rooms.seal(a);
        const storeFinalized: SealedDocument['storeFinalized'] = async () => {
          await sealed.storeFinalized();
          await inside.wait();
          throw new Error('crash after the final flag, before commit');
        };
        return { ...sealed, storeFinalized };
      },
    };
    const printer: PdfPrinter = {
      print: () => Promise.resolve(new Uint8Array(Buffer.from('%PDF-1.4 signed'))),
      close: () => Promise.resolve(),
    };
    const reports = new ReportService({
      ids: services.ids,
      reports: services.reportStore,
      orgs: services.orgStore,
      entitlements: services.entitlements,
      accounts: services.accounts,
      rooms,
      printer,
      fhir: services.fhir,
      store: services.resources,
      now: services.now,
      log: services.log,
      access: services.access,
      links: services.pdfLinks,
      signoff: gateWithoutPolicies(services),
    });
    const caller: Caller = {
      ...anonymousCaller({ ip: null, userAgent: null, transport: 'http' }),
      user: { id: DEMO_USER.id, name: DEMO_USER.name, email: DEMO_USER.email, emailVerified: true },
      sessionId: 'ses-write-queue',
      subject: {
        signedIn: true,
        multiFactorValid: true,
        orgs: [{ id: ORG, type: 'regular', roles: ['member', 'admin', 'provider'] }],
      },
    };
    const { run } = await reports.prepareFinalize(caller, ORG, signed!, {
      signature: 'M 10 150 L 120 60',
      contentHash: hash,
      timeZone: 'UTC',
    });
    const announced: string[] = [];
    services.fhirEvents.subscribe(ORG, (e) => announced.push(`${e.event.action} ${e.event.resourceType}`));
    const lines: string[] = [];
    const finalizing = run((line) => lines.push(line.step));
    await inside.reached;

    // Another clinician charts a vital on another case while the finalize transaction is open.
    const charting = services.rooms.change(chartedRoom, (root) =>
      root.set('vitals', [{ time: 1_700_000_000_000, hr: 64 }]),
    );
    await turns();
    inside.open();
    await finalizing;
    await charting;
    expect(lines).toEqual(['pdfGen', 'saveUpdates', 'failed']);
    // The signed PDF's Binary and links were written and rolled back: never announced (session 18).
    expect(announced.filter((a) => !a.endsWith('Composition') && !a.endsWith('Appointment'))).toEqual([]);

    // The finalize left nothing; the vital is in storage (what a restart would load).
    expect(await new SqliteSyncStore(services.db).isFinalized(signedRoom.name)).toBe(false);
    expect(storedVitals(await new SqliteSyncStore(services.db).load(chartedRoom.name))).toEqual([
      { time: 1_700_000_000_000, hr: 64 },
    ]);
  });
});
