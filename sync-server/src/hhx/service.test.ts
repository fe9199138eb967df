import * as Y from 'yjs';
import {
  HEALTH_HISTORY_ROOT,
  HEALTH_HISTORY_SOURCE_SYSTEM,
  type Composition,
  type FhirResource,
  type FhirResourceType,
  type Patient,
} from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anonymousCaller, type SignedIn } from '../access/caller.js';
import type { FhirService } from '../fhir/service.js';
import type { Services } from '../services.js';
import { openTestServices } from '../test-services.test-util.js';
import { DEMO_ORGS, DEMO_USER } from '../demo/seed.js';
import { SqliteAnalyticsEventStore } from '../store/analytics-events/sqlite.js';
import { SqliteSyncStore } from '../store/sync/sqlite.js';
import { HhxService } from './service.js';

/*
 * Session 17: signing a health history (finalizeHhx) writes the signature into the document, the
 * Composition (final), the document's final flag, the patient's allergies and medications
 * ([HD5]) and the tracking event in ONE transaction: a failure between any two of them leaves
 * none, and the signing can simply be done again. The real services over a real SQLite file;
 * the FHIR service is wrapped only to fail at the chosen write.
 */

const ORG = DEMO_ORGS.office.id;
const SIGNATURE = 'M 10 150 L 120 60 L 200 220';

let services: Services;
let closeServices: () => Promise<void>;

beforeEach(async () => {
  ({ services, close: closeServices } = await openTestServices());
});

afterEach(() => closeServices());

const caller: SignedIn = {
  ...anonymousCaller({ ip: null, userAgent: null, transport: 'graphql' }),
  user: { id: DEMO_USER.id, name: DEMO_USER.name, email: 'demo@vigil.health', emailVerified: true },
  sessionId: 'ses-hhx-sign',
  subject: {
    signedIn: true,
    multiFactorValid: true,
    orgs: [{ id: ORG, type: 'regular', roles: ['member', 'admin', 'provider'] }],
  },
};

type Fault = 'none' | 'afterComposition' | 'afterAllergies' | 'afterMedications';

/** The service as services.ts builds it, with a FHIR service that fails where `fault` says. */
function hhxService(fault: Fault): HhxService {
  const fhir = services.fhir;
  let medications = 0;
  const create: FhirService['create'] = async (ctx, type, body) => {
    if (fault === 'afterComposition' && type === 'AllergyIntolerance')
      throw new Error('crash after the Composition, before the allergies');
    if (fault === 'afterAllergies' && type === 'MedicationStatement')
      throw new Error('crash after the allergies, before the medications');
    const created = await fhir.create(ctx, type, body);
    if (fault === 'afterMedications' && type === 'MedicationStatement' && (medications += 1) === 1)
      throw new Error('crash after the medications, before the commit');
    return created;
  };
  const faulty = Object.assign(Object.create(fhir) as FhirService, { create });
  return new HhxService({
    fhir: faulty,
    store: services.resources,
    rooms: services.rooms,
    access: services.access,
    ids: services.ids,
    now: services.now,
    log: services.log,
    analyticsEvents: new SqliteAnalyticsEventStore(services.db),
  });
}

/** A new history of a demo patient with two allergies and a medication charted in its room. */
async function chartedHistory(): Promise<{ id: string; patientId: string }> {
  const page = await services.resources.search(ORG, 'Patient', [], { offset: 0, count: 1 });
  const patientId = (page.items[0] as Patient).id!;
  const { id } = await services.hhx.newHhx(caller, ORG, patientId);
  await services.rooms.change({ orgId: ORG, docId: id, name: `${ORG}/${id}` }, (root) => {
    root.set('allergies', [
      { id: 'a1', substance: 'Penicillin', reaction: 'Hives', severity: 'moderate' },
      { id: 'a2', substance: 'Latex', reaction: 'Anaphylaxis', severity: 'severe' },
    ]);
    root.set('medications', [{ id: '197361', name: 'Amlodipine 5 mg' }]);
    root.set('medicationsText', 'Amlodipine 5 mg');
  });
  return { id, patientId };
}

async function count(type: FhirResourceType, match: (r: FhirResource) => boolean): Promise<number> {
  const page = await services.resources.search(ORG, type, [], { offset: 0, count: 1000 });
  return page.items.filter(match).length;
}

/** Everything signing writes, read back from storage (and the room): each must land together or not at all. */
async function signedState(id: string): Promise<Record<string, unknown>> {
  const fromThis = (r: FhirResource): boolean =>
    ((r as { identifier?: { system?: string; value?: string }[] }).identifier ?? []).some(
      (i) => i.system === HEALTH_HISTORY_SOURCE_SYSTEM && i.value === id,
    );
  const stored = await new SqliteSyncStore(services.db).load(`${ORG}/${id}`);
  const doc = new Y.Doc();
  for (const u of stored?.snapshot ? [stored.snapshot, ...stored.updates] : (stored?.updates ?? []))
    Y.applyUpdate(doc, u);
  const room = await services.rooms.snapshot({ orgId: ORG, docId: id, name: `${ORG}/${id}` });
  const composition = (await services.resources.read(ORG, 'Composition', id))?.resource as Composition;
  return {
    compositionFinal: composition.status === 'final',
    storedSignature: doc.getMap(HEALTH_HISTORY_ROOT).get('finalReportSignature') === SIGNATURE,
    roomSignature: (room.content as Record<string, unknown>).finalReportSignature === SIGNATURE,
    storedFinalFlag: await new SqliteSyncStore(services.db).isFinalized(`${ORG}/${id}`),
    roomFinal: room.finalized,
    allergies: await count('AllergyIntolerance', fromThis),
    medications: await count('MedicationStatement', fromThis),
    // Issue 41: the same event among the analytics events, in the same transaction.
    trackedSigned: (await new SqliteAnalyticsEventStore(services.db).since(0, 10_000)).filter(
      (e) => e.name === 'Health History Signed' && e.orgId === ORG,
    ).length,
    signedEvents: await count('AuditEvent', (r) => {
      const entity = (r as { entity?: { what?: { reference?: string }; description?: string }[] }).entity ?? [];
      return (
        entity.some((e) => e.what?.reference === `Composition/${id}`) &&
        entity.some((e) => e.description === 'Health History Signed')
      );
    }),
  };
}

const SIGNED = {
  compositionFinal: true,
  storedSignature: true,
  roomSignature: true,
  storedFinalFlag: true,
  roomFinal: true,
  allergies: 2,
  medications: 1,
  trackedSigned: 1,
  signedEvents: 1,
};
const UNSIGNED = {
  compositionFinal: false,
  storedSignature: false,
  roomSignature: false,
  storedFinalFlag: false,
  roomFinal: false,
  allergies: 0,
  medications: 0,
  trackedSigned: 0,
  signedEvents: 0,
};

describe('signing a health history is one transaction (session 17)', () => {
  it('stores the signature, the final Composition and flag, the allergies, medications and tracking event together', async () => {
    const { id } = await chartedHistory();
    const result = await hhxService('none').finalizeHhx(caller, ORG, id, SIGNATURE);
    expect(result.checkSum).toBe((await services.rooms.snapshot({ orgId: ORG, docId: id, name: `${ORG}/${id}` })).hash);
    expect(await signedState(id)).toEqual(SIGNED);
  });

  it.each([
    ['after the Composition is final and before the allergies', 'afterComposition'],
    ['after the allergies and before the medications', 'afterAllergies'],
    ['after the medications and before the commit', 'afterMedications'],
  ] as const)(
    'leaves nothing of the signing when it fails %s, and the signing can be done again',
    async (_when, fault) => {
      const { id } = await chartedHistory();
      await expect(hhxService(fault).finalizeHhx(caller, ORG, id, SIGNATURE)).rejects.toThrow('crash after');
      expect(await signedState(id)).toEqual(UNSIGNED);
      // Not half-signed: the retry is not refused as FINALIZED, and signs the whole.
      await hhxService('none').finalizeHhx(caller, ORG, id, SIGNATURE);
      expect(await signedState(id)).toEqual(SIGNED);
    },
  );
});
