import { Entitlements } from '../access/entitlements.js';
import { APPOINTMENT_EXTENSIONS, CASE_ROOT, type Appointment, type Composition } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { anonymousCaller, type Caller } from '../access/caller.js';
import type { Services } from '../services.js';
import { openTestServices } from '../test-services.test-util.js';
import { DEMO_ORGS, DEMO_USER } from '../demo/seed.js';
import { SqliteSyncStore } from '../store/sync/sqlite.js';
import type { DocumentRooms, SealedDocument } from '../sync/rooms.js';
import type { FinalizeLine } from './finalize-request.js';
import type { PdfPrinter } from './pdf.js';
import { ReportService } from './service.js';
import { SignoffGate } from './signoff.js';

/*
 * Issue 26 item 2: finalize writes the signed PDF (its Binary, the links from the Appointment
 * and the Composition, the signed-PDF record) and the document's final flag in ONE transaction,
 * so a crash between them cannot leave a half-finalized case. The real services over a real
 * SQLite file (the demo office's data); only the printer (Chromium, an outside program) is
 * replaced, and the rooms are wrapped to inject a failure at the chosen step.
 */

const ORG = DEMO_ORGS.office.id;
const SIGNATURE = 'M 10 150 L 120 60 L 200 220';

let services: Services;
let closeServices: () => Promise<void>;

beforeEach(async () => {
  ({ services, close: closeServices } = await openTestServices());
});

afterEach(() => closeServices());

const printer: PdfPrinter = {
  print: () => Promise.resolve(new Uint8Array(Buffer.from('%PDF-1.4 signed sedation record'))),
  close: () => Promise.resolve(),
};

/** The demo user, signed in with multi-factor, as the finalize route's Caller. */
const caller: Caller = {
  ...anonymousCaller({ ip: null, userAgent: null, transport: 'http' }),
  user: { id: DEMO_USER.id, name: DEMO_USER.name, email: DEMO_USER.email, emailVerified: true },
  sessionId: 'ses-atomic',
  subject: {
    signedIn: true,
    multiFactorValid: true,
    orgs: [{ id: ORG, type: 'regular', roles: ['member', 'admin', 'provider'] }],
  },
};

/** A demo appointment whose case document has started (FS1), stored before any room opens it. */
async function startedCase(): Promise<{ caseId: string; room: string; hash: string }> {
  const page = await services.resources.search(ORG, 'Appointment', [], { offset: 0, count: 1 });
  const caseId = (page.items[0] as Appointment).id!;
  const room = `${ORG}/${caseId}`;
  const doc = new Y.Doc();
  // Started three hours ago by the services' clock: within its provider editing window (EW2).
  const start = services.now() - 3 * 3_600_000;
  doc.getMap(CASE_ROOT).set('events', { caseStart: start, anesthesiaStart: start + 300_000, end: start + 3_000_000 });
  await new SqliteSyncStore(services.db).append([
    { room, orgId: ORG, docId: caseId, update: Y.encodeStateAsUpdate(doc) },
  ]);
  const snap = await services.rooms.snapshot({ orgId: ORG, docId: caseId, name: room });
  return { caseId, room, hash: snap.hash };
}

/** The service as services.ts builds it, with rooms whose sealed document fails where `fault` says. */
function reportService(fault: 'none' | 'beforeFlag' | 'afterFlag'): ReportService {
  const rooms: DocumentRooms = {
    snapshot: (a) => services.rooms.snapshot(a),
    finalize: (a) => services.rooms.finalize(a),
    reopen: (a) => services.rooms.reopen(a),
    seal: async (a) => {
      const sealed = await services.rooms.seal(a);
      const storeFinalized: SealedDocument['storeFinalized'] = async () => {
        if (fault === 'beforeFlag') throw new Error('crash after the PDF, before the final flag');
        const apply = await sealed.storeFinalized();
        if (fault === 'afterFlag') throw new Error('crash after the final flag, before commit');
        return apply;
      };
      return { ...sealed, storeFinalized };
    },
  };
  return new ReportService({
    ids: services.ids,
    reports: services.reportStore,
    orgs: services.orgStore,
    entitlements: services.entitlements,
    accounts: services.accounts,
    rooms,
    printer,
    fhir: services.fhir,
    changes: services.changes,
    store: services.resources,
    now: services.now,
    log: services.log,
    access: services.access,
    links: services.pdfLinks,
    signoff: gateWithoutPolicies(services),
  });
}

async function finalize(service: ReportService, caseId: string, hash: string): Promise<FinalizeLine[]> {
  const { run } = await service.prepareFinalize(caller, ORG, caseId, {
    signature: SIGNATURE,
    contentHash: hash,
    timeZone: 'UTC',
  });
  const lines: FinalizeLine[] = [];
  await run((line) => lines.push(line));
  return lines;
}

/** What a half-finalized case would show: each is checked to be absent (or present) together. */
async function finalState(caseId: string, room: string): Promise<Record<string, unknown>> {
  const apt = (await services.resources.read(ORG, 'Appointment', caseId))?.resource as Appointment;
  const cmp = (await services.resources.read(ORG, 'Composition', caseId))?.resource as Composition | undefined;
  const binaries = await services.resources.search(ORG, 'Binary', [], { offset: 0, count: 10 });
  return {
    pdfRecords: (await services.reportStore.pdfsOfCase(ORG, caseId)).length,
    binaries: binaries.total,
    appointmentLinksPdf: (apt.extension ?? []).some((e) => e.url === APPOINTMENT_EXTENSIONS.pdf),
    compositionFinal: cmp?.status === 'final',
    storedFinalFlag: await new SqliteSyncStore(services.db).isFinalized(room),
    roomFinal: (await services.rooms.snapshot({ orgId: ORG, docId: caseId, name: room })).finalized,
    // The change feed's domain event (issue 36 item 3) commits with the rest, or not at all.
    finalizedEvents: (await services.changes.read(0, 1000, { orgId: ORG, kinds: ['case.finalized'] })).filter(
      (c) => c.kind === 'case.finalized' && c.payload.compositionId === caseId,
    ).length,
  };
}

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

describe('finalize is one transaction (issue 26 item 2)', () => {
  it('stores the signed PDF and the final flag together when nothing fails', async () => {
    const { caseId, room, hash } = await startedCase();
    const lines = await finalize(reportService('none'), caseId, hash);
    expect(lines.map((l) => l.step)).toEqual(['pdfGen', 'saveUpdates', 'done']);
    expect(await finalState(caseId, room)).toEqual({
      pdfRecords: 1,
      binaries: 1,
      appointmentLinksPdf: true,
      compositionFinal: true,
      storedFinalFlag: true,
      roomFinal: true,
      finalizedEvents: 1,
    });
  });

  it.each([
    ['after the PDF is stored and before the final flag', 'beforeFlag'],
    ['after the final flag is stored and before the commit', 'afterFlag'],
  ] as const)('leaves neither the signed PDF nor the final flag when it fails %s', async (_when, fault) => {
    const { caseId, room, hash } = await startedCase();
    const lines = await finalize(reportService(fault), caseId, hash);
    expect(lines.map((l) => l.step)).toEqual(['pdfGen', 'saveUpdates', 'failed']);
    expect(lines.at(-1)?.data).toEqual({ code: 'FINALIZE_FAILED' });
    expect(await finalState(caseId, room)).toEqual({
      pdfRecords: 0,
      binaries: 0,
      appointmentLinksPdf: false,
      compositionFinal: false,
      storedFinalFlag: false,
      roomFinal: false,
      finalizedEvents: 0,
    });
    // Nothing half-done stands in the way: the case can be finalized again, whole.
    const retry = await finalize(reportService('none'), caseId, hash);
    expect(retry.map((l) => l.step)).toEqual(['pdfGen', 'saveUpdates', 'done']);
    expect(await finalState(caseId, room)).toMatchObject({
      pdfRecords: 1,
      storedFinalFlag: true,
      roomFinal: true,
      finalizedEvents: 1,
    });
  });
});
