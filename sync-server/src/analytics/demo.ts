import * as Y from 'yjs';
import {
  ANESTHESIA_RECORD_TYPE,
  APPOINTMENT_EXTENSIONS,
  CASE_ROOT,
  CASE_STRUCTURE_GROUPS,
  contentHash,
  type Appointment,
  type Composition,
  type SedationLevel,
} from '@vigil/shared';
import type { ChangeStore } from '../store/changes/types.js';
import type { ReportStore } from '../store/reports/types.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { SyncStore } from '../store/sync/types.js';
import { withCaseData } from '../sync/projection.js';

/*
 * Cases for the analytics page (issue 41): the demo office's signed cases of the last months, and
 * the seeded set of the analytics integration test. Written straight into a store (seeded state,
 * like the rest of the demo data), through a resource store that records the change feed when it
 * has one, so the read model's consumer finds them from its cursor.
 */

const MIN = 60_000;

/** What one seeded case holds; every field but the first four has a complete case's default. */
export interface SeededCase {
  id: string;
  start: number;
  providerId: string;
  patientId: string;
  locationId?: string | null;
  level?: SedationLevel;
  /** Case start to end, minutes; anesthesia runs from start to 5 minutes before the end. */
  minutes?: number;
  drugs?: { name: string; drugId: string; amount: number; unit: 'mg' | 'mcg'; route?: 'IV' | 'PO' }[];
  /** Checkpoints (counted from the second) left without a reading. */
  missedCheckpoints?: number;
  dischargeComplete?: boolean;
  consentTicked?: boolean;
  /** A sign-off override (of SO8) stamped at signing. */
  overridden?: boolean;
  /** Minutes from the end to the signature; null: not finalized. */
  signedAfter?: number | null;
}

const ALDRETE_ITEMS = [
  'aldreteOxygenation',
  'aldreteRespiratoryStability',
  'aldreteConsciousness',
  'aldretePain',
  'aldreteNausea',
  'aldreteGait',
];

/** A case's content (spec 001 §3) as a provider would have charted it. */
export function seededCaseContent(c: SeededCase): Record<string, unknown> {
  const minutes = c.minutes ?? 45;
  const at = (m: number): number => c.start + m * MIN;
  const skipped = new Set(Array.from({ length: c.missedCheckpoints ?? 0 }, (_, i) => (i + 1) * 5));
  const readings = [];
  for (let m = 0; m <= minutes - 15; m += 5) {
    if (skipped.has(m)) continue;
    readings.push({
      id: `mv${m}`,
      time: at(m),
      temperatureUnit: 'F',
      vitals: { sbp: 118, dbp: 76, hr: 70, spo2: 98, rr: 14 },
    });
  }
  const drugs = c.drugs ?? [{ name: 'Midazolam', drugId: 'midazolam', amount: 2, unit: 'mg' }];
  return {
    schemaVersion: 2,
    sedationLevel: c.level ?? 'moderate',
    asaClassification: '2',
    lastFood: '20:00 yesterday',
    lastDrink: '06:00 water',
    healthHistoryId: `hhx-${c.id}`,
    preOpChecklist: [{ id: 'c1', label: 'Consent signed', order: 1, complete: c.consentTicked ?? true }],
    weight: { value: 70, raw: '70 kg' },
    vitalsTrackingEnabled: true,
    events: {
      caseStart: at(0),
      anesthesiaStart: at(0),
      anesthesiaEnd: at(minutes - 5),
      recoveryStart: at(minutes - 15),
      vitalsEnd: at(minutes - 15),
      end: at(minutes),
    },
    manualVitals: readings,
    drugsAdministered: drugs.map((d, i) => ({
      id: `d${i + 1}`,
      name: d.name,
      drugId: d.drugId,
      doses: [
        { drugId: d.drugId, route: d.route ?? 'IV', amount: d.amount, unit: d.unit, time: at(2 + i), isComplete: true },
      ],
    })),
    dischargeScoreType: 'aldrete',
    dischargeScoreEntries: Object.fromEntries(
      ALDRETE_ITEMS.filter((_, i) => (c.dischargeComplete ?? true) || i < 3).map((id) => [id, { score: 2 }]),
    ),
    finalRoomAirSpO2: 97,
    signatures: [{ id: 's1', name: 'Provider', signature: 'M0 0 L10 10', time: at(minutes + 1) }],
    ...(c.overridden
      ? {
          signoffOverrides: [
            {
              ...{ flagKey: 'SO8', flagId: 'SO8', message: 'The final room-air SpO2 is not recorded.' },
              ...{ reason: 'Recorded on paper', userId: 'usr-seed', name: 'Provider', time: at(minutes + 2) },
            },
          ],
        }
      : {}),
  };
}

/**
 * The case as its synced document: the containers every device makes (the structure update, client
 * id 1, as client/src/sync/documentStructure.ts makes it) and the content written into them, so the
 * case screen opens it as one charted there. Answers the update and the content as the document holds it.
 */
export function caseDocument(content: Record<string, unknown>): {
  update: Uint8Array;
  content: Record<string, unknown>;
} {
  const doc = new Y.Doc();
  doc.clientID = 1;
  const root = doc.getMap(CASE_ROOT);
  for (const group of CASE_STRUCTURE_GROUPS) {
    doc.transact(() => {
      for (const key of group.lists) root.set(key, new Y.Array());
      for (const key of group.texts) root.set(key, new Y.Text());
      for (const key of group.maps) root.set(key, new Y.Map());
    });
  }
  doc.clientID = 2;
  doc.transact(() => {
    for (const [key, value] of Object.entries(content)) {
      const container = root.get(key);
      if (container instanceof Y.Array && Array.isArray(value)) container.push(value);
      else if (container instanceof Y.Map && value !== null && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) container.set(k, v);
      } else if (container instanceof Y.Text && typeof value === 'string') container.insert(0, value);
      else root.set(key, value);
    }
  });
  const out = { update: Y.encodeStateAsUpdate(doc), content: root.toJSON() as Record<string, unknown> };
  doc.destroy();
  return out;
}

export interface SeedDeps {
  /** The synced documents: each case's, final once signed. */
  sync: Pick<SyncStore, 'append' | 'markFinalized'>;
  resources: ResourceStore;
  reports: Pick<ReportStore, 'addPdf'>;
  /** Present when the resource store records the feed: the finalize event joins it. */
  changes?: Pick<ChangeStore, 'append'>;
}

/**
 * Writes each case's Appointment, anesthesia record and synced document (signed ones final, with their PDF
 * record); a case already there is left alone.
 */
export async function seedAnalyticsCases(deps: SeedDeps, orgId: string, cases: readonly SeededCase[]): Promise<void> {
  for (const c of cases) {
    // A second seed leaves a case the first wrote (and anything changed since) alone.
    if (await deps.resources.read(orgId, 'Composition', c.id)) continue;
    const minutes = c.minutes ?? 45;
    const end = c.start + minutes * MIN;
    const signedAt = c.signedAfter === null ? null : end + (c.signedAfter ?? 30) * MIN;
    const { update, content } = caseDocument(seededCaseContent(c));
    const appointment: Appointment & { id: string } = {
      resourceType: 'Appointment',
      id: c.id,
      status: signedAt === null ? 'booked' : 'fulfilled',
      start: new Date(c.start).toISOString(),
      end: new Date(end).toISOString(),
      participant: [
        { actor: { reference: `Patient/${c.patientId}` }, status: 'accepted' },
        { actor: { reference: `Practitioner/${c.providerId}` }, status: 'accepted' },
        ...(c.locationId ? [{ actor: { reference: `Location/${c.locationId}` }, status: 'accepted' as const }] : []),
      ],
      extension: [
        { url: APPOINTMENT_EXTENSIONS.composition, valueReference: { reference: `Composition/${c.id}` } },
        { url: APPOINTMENT_EXTENSIONS.sedationLevel, valueCode: c.level ?? 'moderate' },
      ],
    };
    const record: Composition & { id: string } = {
      resourceType: 'Composition',
      id: c.id,
      status: signedAt === null ? 'preliminary' : 'final',
      type: { coding: [{ ...ANESTHESIA_RECORD_TYPE }] },
      subject: { reference: `Patient/${c.patientId}` },
      date: new Date(c.start).toISOString(),
      author: [{ reference: `Practitioner/${c.providerId}` }],
      title: 'Anesthesia Record',
      ...(signedAt === null ? {} : { attester: [{ mode: 'legal' as const, time: new Date(signedAt).toISOString() }] }),
    };
    const composition = withCaseData(record, content, contentHash(content)) ?? record;
    const at = new Date(signedAt ?? c.start).toISOString();
    await deps.resources.transaction(async () => {
      await deps.resources.write({ orgId, resource: appointment }, at);
      await deps.resources.write({ orgId, resource: composition as Composition & { id: string } }, at);
    });
    const room = `${orgId}/${c.id}`;
    await deps.sync.append([{ room, orgId, docId: c.id, update }]);
    if (signedAt === null) continue;
    await deps.sync.markFinalized(room, orgId, c.id, new Date(signedAt));
    await deps.resources.transaction(async () => {
      await deps.reports.addPdf(
        {
          ...{ orgId, pdfId: `bin-${c.id}`, compositionId: c.id, patientId: c.patientId, sha256: '0'.repeat(64) },
          ...{ title: 'Anesthesia Record', signerName: 'Provider', signature: 'M0 0 L10 10', signatureTime: signedAt },
          ...{ signedBy: 'usr-seed', timeZone: 'UTC', addendaCount: 0, createdAt: signedAt },
        },
        null,
      );
      await deps.changes?.append({
        kind: 'case.finalized',
        at: signedAt,
        orgId,
        payload: { compositionId: c.id, pdfId: `bin-${c.id}`, signedBy: 'usr-seed' },
      });
    });
  }
}

/**
 * The demo office's cases of the last three months (issue 41): both providers, every sedation
 * level an office sees, a few drugs, and the misses a quality chart is for (a skipped checkpoint,
 * an unfinished discharge score, a late signature, an override, an unticked consent); the two
 * most recent are not signed yet.
 */
export function demoAnalyticsCases(
  now: Date,
  ids: { providers: readonly string[]; patients: readonly string[]; locationId: string },
): SeededCase[] {
  const levels: SedationLevel[] = ['moderate', 'minimal', 'deep', 'moderate', 'ga', 'moderate'];
  const drugSets: SeededCase['drugs'][] = [
    [{ name: 'Midazolam', drugId: 'midazolam', amount: 2, unit: 'mg' }],
    [
      { name: 'Midazolam', drugId: 'midazolam', amount: 3, unit: 'mg' },
      { name: 'Fentanyl', drugId: 'fentanyl', amount: 50, unit: 'mcg' },
    ],
    [{ name: 'Triazolam', drugId: 'triazolam', amount: 0.25, unit: 'mg', route: 'PO' }],
  ];
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9);
  return Array.from({ length: 24 }, (_, i) => ({
    id: `apt-demoanalytics${String(i + 1).padStart(2, '0')}`,
    start: day - (3 + i * 4) * 24 * 60 * MIN + (i % 3) * 90 * MIN,
    providerId: ids.providers[i % ids.providers.length]!,
    patientId: ids.patients[i % ids.patients.length]!,
    locationId: ids.locationId,
    level: levels[i % levels.length],
    minutes: 40 + (i % 5) * 10,
    drugs: drugSets[i % drugSets.length],
    missedCheckpoints: i % 7 === 3 ? 1 : 0,
    dischargeComplete: i % 6 !== 4,
    consentTicked: i % 9 !== 5,
    overridden: i % 8 === 2,
    signedAfter: i < 2 ? null : i % 5 === 1 ? 26 * 60 : 20 + i,
  }));
}
