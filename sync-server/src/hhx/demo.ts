import * as Y from 'yjs';
import {
  HEALTH_HISTORY_ROOT,
  HEALTH_HISTORY_TYPE,
  ORG_TAG_SYSTEM,
  contentHash,
  idPrefixOf,
  newId,
  patientResourcesOf,
  type Composition,
  type FhirResource,
} from '@vigil/shared';
import type { ResourceStore } from '../store/resources/types.js';
import type { SyncStore } from '../store/sync/types.js';
import { withCaseData } from '../sync/projection.js';
import { DRAFT_PATIENT_SYSTEM, HEALTH_HISTORY_TITLE } from './records.js';

const DAY = 86_400_000;
/** A signature path as the signature pad draws it (660×300). */
const DEMO_SIGNATURE = 'M 40 200 C 90 80 140 260 200 150 S 300 90 360 170 L 420 120 L 500 190 L 600 110';

interface DemoHistory {
  id: string;
  patientId: string;
  /** Days before the seed day it was last written (and signed, when signed). */
  daysAgo: number;
  signed: boolean;
  content: Record<string, unknown>;
}

const healthy = (except: Record<string, unknown> = {}): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const c of [
    'cns',
    'muscular',
    'hepatic',
    'gastro',
    'cardiac',
    'endocrine',
    'pulmonary',
    'gyn',
    'hematologic',
    'renal',
    'habits',
    'oncology',
    'psychiatric',
    'developmental',
    'general',
  ])
    out[c] = except[c] ?? { hasEntries: false, entries: [] };
  return out;
};

/** The signature fields of a history the demo provider signed at `time`. */
type SignedBy = (time: number) => Record<string, unknown>;

/** Amelia Hart's Outdated history, signed eight months ago. */
function ameliaOutdated(now: number, signedBy: SignedBy): DemoHistory {
  return {
    id: 'cmp-demohhx0000001',
    patientId: 'pat-demo0000000001',
    daysAgo: 240,
    signed: true,
    content: {
      height: { value: 96, raw: '96' },
      weight: { value: 14.2, raw: '14.2' },
      asaClassification: '1',
      allergiesSummary: 'NKDA',
      allergies: [],
      medications: [],
      medicationsText: 'none',
      mallampati: 'Class I',
      brodsky: '2+',
      lungAuscultation: 'CTAB',
      heartAuscultation: 'RRR w/o murmur',
      hospitalizationSummary: 'None',
      surgicalHistorySummary: 'None',
      anesthesiaHistorySummary: 'No known anesthesia complications',
      familyAnesthesiaHistorySummary: 'None',
      medicalConsult: false,
      systemsReview: healthy(),
      ...signedBy(now - 240 * DAY),
    },
  };
}

/** Amelia Hart's Most Recent history, signed three weeks ago (asthma, an amoxicillin allergy). */
function ameliaMostRecent(now: number, signedBy: SignedBy): DemoHistory {
  const asthma = {
    hasEntries: true,
    entries: [
      {
        id: 'sr-asthma',
        condition: 'asthma',
        answers: { lastAttack: '2026-02-10', inhaler: 'Yes', hospitalised: 'No' },
        editing: false,
      },
    ],
  };
  return {
    id: 'cmp-demohhx0000002',
    patientId: 'pat-demo0000000001',
    daysAgo: 21,
    signed: true,
    content: {
      height: { value: 104, raw: '104' },
      weight: { value: 16.8, raw: '16.8' },
      asaClassification: '2',
      allergiesSummary: 'Amoxicillin (hives)',
      allergies: [{ id: 'al-amox', substance: 'Amoxicillin', reaction: 'Hives', severity: 'moderate' }],
      medications: [{ id: '745679', name: 'Albuterol 90 mcg inhaler' }],
      medicationsText: 'Albuterol 90 mcg inhaler, as needed',
      mallampati: 'Class II',
      brodsky: '3+',
      ulbt: 'Class 1',
      tmd: 4.5,
      iid: 3.2,
      lungAuscultation: 'CTAB',
      heartAuscultation: 'RRR w/o murmur',
      hospitalizationSummary: 'Overnight for asthma exacerbation, February 2026',
      surgicalHistorySummary: 'None',
      anesthesiaHistorySummary: 'No known anesthesia complications',
      familyAnesthesiaHistorySummary: 'None',
      healthHistorySummary: 'Mild intermittent asthma; albuterol before exercise.',
      medicalConsult: false,
      systemsReview: healthy({ pulmonary: asthma }),
      manualVitals: [{ id: 'pv-1', time: now - 21 * DAY, vitals: { sbp: 98, dbp: 60, hr: 102, spo2: 99, rr: 22 } }],
      ...signedBy(now - 21 * DAY),
    },
  };
}

/** Noah Okafor's history In Progress (a peanut allergy, autism). */
function noahInProgress(): DemoHistory {
  return {
    id: 'cmp-demohhx0000003',
    patientId: 'pat-demo0000000002',
    daysAgo: 1,
    signed: false,
    content: {
      height: { value: 116, raw: '116' },
      weight: { value: 21, raw: '21' },
      asaClassification: '1',
      allergiesSummary: 'Peanuts',
      allergies: [{ id: 'al-peanut', substance: 'Peanuts', reaction: 'Swelling of the lips', severity: 'severe' }],
      medications: [{ id: 'cetirizine', name: 'Cetirizine 5 mg' }],
      medicationsText: 'Cetirizine 5 mg daily',
      mallampati: 'Class II',
      systemsReview: healthy({
        developmental: {
          hasEntries: true,
          entries: [
            {
              id: 'sr-autism',
              condition: 'autism',
              answers: { verbal: 'Yes', triggers: 'Loud noises; calms with his tablet and headphones' },
              editing: false,
            },
          ],
        },
      }),
    },
  };
}

/** Liam Chen's only history, Outdated. */
function liamOutdated(now: number, signedBy: SignedBy): DemoHistory {
  return {
    id: 'cmp-demohhx0000004',
    patientId: 'pat-demo0000000004',
    daysAgo: 300,
    signed: true,
    content: {
      height: { value: 128, raw: '128' },
      weight: { value: 27, raw: '27' },
      asaClassification: '1',
      allergiesSummary: 'NKDA',
      allergies: [],
      medications: [],
      medicationsText: 'none',
      mallampati: 'Class I',
      brodsky: '1+',
      lungAuscultation: 'CTAB',
      heartAuscultation: 'RRR w/o murmur',
      hospitalizationSummary: 'None',
      surgicalHistorySummary: 'Tonsillectomy at 5',
      anesthesiaHistorySummary: 'Nausea after general anesthesia',
      familyAnesthesiaHistorySummary: 'None',
      medicalConsult: false,
      systemsReview: healthy(),
      ...signedBy(now - 300 * DAY),
    },
  };
}

/** Robert Whitfield's Most Recent history (hypertension, height and weight). */
function robertMostRecent(now: number, signedBy: SignedBy): DemoHistory {
  return {
    // Issue 29: an adult whose weight overstates his ideal body weight (Devine, male, 178 cm:
    // 72.2 kg) with hypertension, so the L.A. tracker doses on 72.2 kg and limits epinephrine
    // to 0.04 mg once the history is used in a case.
    id: 'cmp-demohhx0000005',
    patientId: 'pat-demo0000000010',
    daysAgo: 30,
    signed: true,
    content: {
      height: { value: 178, raw: '178 cm' },
      weight: { value: 104, raw: '104 kg' },
      asaClassification: '2',
      allergiesSummary: 'NKDA',
      allergies: [],
      medications: [{ id: 'lisinopril', name: 'Lisinopril 10 mg' }],
      medicationsText: 'Lisinopril 10 mg daily',
      mallampati: 'Class III',
      lungAuscultation: 'CTAB',
      heartAuscultation: 'RRR w/o murmur',
      hospitalizationSummary: 'None',
      surgicalHistorySummary: 'Knee arthroscopy, 2019',
      anesthesiaHistorySummary: 'No known anesthesia complications',
      familyAnesthesiaHistorySummary: 'None',
      healthHistorySummary: 'Hypertension, well controlled on lisinopril.',
      medicalConsult: false,
      systemsReview: healthy({
        cardiac: {
          hasEntries: true,
          entries: [
            {
              id: 'sr-htn',
              condition: 'hypertension',
              answers: { control: 'Well controlled', treatment: 'Lisinopril 10 mg daily' },
              editing: false,
            },
          ],
        },
      }),
      manualVitals: [{ id: 'pv-1', time: now - 30 * DAY, vitals: { sbp: 132, dbp: 84, hr: 72, spo2: 97, rr: 14 } }],
      ...signedBy(now - 30 * DAY),
    },
  };
}

/**
 * The demo office's health histories (issue 27): Amelia Hart (4) has an Outdated one signed
 * eight months ago and the Most Recent, signed three weeks ago; Noah Okafor (6) has one In
 * Progress; Liam Chen (9) has only an Outdated one; Robert Whitfield (58) a Most Recent one with
 * hypertension, height and weight (issue 29: ideal body weight, the cardiac epinephrine limit).
 * Real-looking content: allergies, medications, airway, systems review entries, pre-op vitals.
 */
function demoHistories(now: number, providerName: string): DemoHistory[] {
  const signedBy = (time: number): Record<string, unknown> => ({
    finalReportSignature: DEMO_SIGNATURE,
    finalReportSignatureTime: time,
    finalReportSignerName: providerName,
  });
  return [
    ameliaOutdated(now, signedBy),
    ameliaMostRecent(now, signedBy),
    noahInProgress(),
    liamOutdated(now, signedBy),
    robertMostRecent(now, signedBy),
    ethanMostRecent(now, signedBy),
  ];
}

/** Ethan Brooks' (14) Most Recent history, signed 12 days ago: the pre-op list's ready patient of tomorrow (issue 40). */
function ethanMostRecent(now: number, signedBy: SignedBy): DemoHistory {
  return {
    id: 'cmp-demohhx0000006',
    patientId: 'pat-demo0000000006',
    daysAgo: 12,
    signed: true,
    content: {
      height: { value: 165, raw: '165' },
      weight: { value: 52, raw: '52' },
      asaClassification: '1',
      allergiesSummary: 'NKDA',
      allergies: [],
      medications: [],
      medicationsText: 'none',
      mallampati: 'Class I',
      lungAuscultation: 'CTAB',
      heartAuscultation: 'RRR w/o murmur',
      hospitalizationSummary: 'None',
      surgicalHistorySummary: 'None',
      anesthesiaHistorySummary: 'No known anesthesia complications',
      familyAnesthesiaHistorySummary: 'None',
      medicalConsult: false,
      systemsReview: healthy(),
      ...signedBy(now - 12 * DAY),
    },
  };
}

/** One update holding the content as plain values of the health history root. */
function contentUpdate(content: Record<string, unknown>): Uint8Array {
  const doc = new Y.Doc();
  const root = doc.getMap(HEALTH_HISTORY_ROOT);
  doc.transact(() => {
    for (const [k, v] of Object.entries(content)) root.set(k, v);
  });
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/**
 * Seeds the demo office's health histories: each Composition (with its content projected into
 * caseData), its synced document (signed ones final) and, for each patient's newest signed one,
 * the allergies and medications it stands for. Leaves a history already there alone.
 */
export async function seedDemoHealthHistories(
  deps: { resources: ResourceStore; sync: SyncStore },
  orgId: string,
  now: Date,
  provider: { practitionerId: string; name: string },
): Promise<number> {
  const histories = demoHistories(now.getTime(), provider.name);
  const tag = (r: FhirResource & { id: string }): FhirResource & { id: string } => ({
    ...r,
    meta: { tag: [{ system: ORG_TAG_SYSTEM, code: orgId }] },
  });
  let written = 0;
  const newestSigned = new Map<string, DemoHistory>();
  for (const h of histories) {
    if (!h.signed) continue;
    const prev = newestSigned.get(h.patientId);
    if (!prev || prev.daysAgo > h.daysAgo) newestSigned.set(h.patientId, h);
  }
  for (const h of histories) {
    if (await deps.resources.read(orgId, 'Composition', h.id)) continue;
    const at = new Date(now.getTime() - h.daysAgo * DAY).toISOString();
    const base: Composition = {
      resourceType: 'Composition',
      id: h.id,
      status: h.signed ? 'final' : 'preliminary',
      ...(h.signed ? {} : { identifier: { system: DRAFT_PATIENT_SYSTEM, value: h.patientId } }),
      type: { coding: [{ ...HEALTH_HISTORY_TYPE, display: 'History and physical note' }], text: HEALTH_HISTORY_TITLE },
      subject: { reference: `Patient/${h.patientId}` },
      date: at,
      author: [{ reference: `Practitioner/${provider.practitionerId}`, display: provider.name }],
      title: HEALTH_HISTORY_TITLE,
      ...(h.signed ? { attester: [{ mode: 'legal' as const, time: at, party: { display: provider.name } }] } : {}),
    };
    const composition = { ...(withCaseData(base, h.content, contentHash(h.content)) ?? base), id: h.id };
    await deps.resources.write({ orgId, resource: tag(composition) }, at);
    const room = `${orgId}/${h.id}`;
    await deps.sync.append([{ room, orgId, docId: h.id, update: contentUpdate(h.content) }]);
    if (h.signed) await deps.sync.markFinalized(room, orgId, h.id, new Date(at));
    if (newestSigned.get(h.patientId) === h) {
      const { allergies, medications } = patientResourcesOf({
        content: h.content,
        patientId: h.patientId,
        compositionId: h.id,
        date: at,
      });
      for (const r of [...allergies, ...medications]) {
        await deps.resources.write({ orgId, resource: tag({ ...r, id: newId(idPrefixOf(r.resourceType)) }) }, at);
      }
    }
    written += 1;
  }
  return written;
}
