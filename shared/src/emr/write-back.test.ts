import { describe, expect, it } from 'vitest';
import {
  WRITE_BACK_SYSTEM,
  writeBackBundle,
  LOCAL_DOSE_ROUTE,
  writeBackDoses,
  writeBackVitals,
  type WriteBackInput,
} from './write-back.js';

const T0 = Date.UTC(2026, 10, 29, 14, 0);
const MIN = 60_000;

const content = {
  procedure: 'Third molar extraction',
  sedationLevel: 'moderate',
  events: { caseStart: T0, anesthesiaStart: T0 + 5 * MIN, end: T0 + 50 * MIN },
  manualVitals: [{ id: 'v1', time: T0, temperatureUnit: 'F', vitals: { hr: 72, temp: 98.6, pi: 3, sbp: null } }],
  vitalsRecords: [
    { id: 'r1', vitals: { spo2: { value: 99, time: T0 + MIN }, hr: { value: 70, time: T0 + MIN } } },
    { id: 'r2', vitals: { spo2: { value: 98, time: T0 + 2 * MIN } } },
    { id: 'r3', vitals: { spo2: { value: 97, time: T0 + 6 * MIN } } },
  ],
  drugsAdministered: [{ name: 'Midazolam', doses: [{ route: 'IV', amount: 2, unit: 'mg', time: T0 + 6 * MIN }] }],
  preMeds: [{ drugName: 'Triazolam', dosage: 0.25, unit: 'mg', route: 'PO', time: T0 - 30 * MIN }],
  infusionDrugs: [{ name: 'Propofol', bolusUnit: 'mg', boluses: [{ amount: 20, unit: 'mg', time: T0 + 8 * MIN }] }],
  // Two cartridges of lidocaine 2% 1:100,000 (1.8 mL each: 3.6 mL × 20 mg/mL = 72 mg).
  localDoses: [
    {
      id: 'l1',
      drugVariantId: 'lidocaine-epi100',
      amount: 2,
      unit: 'cartridges',
      mg: 72,
      epiMg: 0.036,
      time: T0 + 10 * MIN,
    },
  ],
};

const input = (over: Partial<WriteBackInput> = {}): WriteBackInput => ({
  event: 'case.finalized',
  caseId: 'case-1',
  emrPatientId: null,
  patient: { id: 'pat-1', name: [{ family: 'Lovelace', given: ['Ada'] }], birthDate: '1990-01-02' },
  emrEncounterId: null,
  pdf: { id: 'pdf-1', data: 'JVBERi0=', size: 5, sha1: 'x', title: 'Anesthesia record' },
  signerName: 'Dr Grace Hopper',
  signatureTime: T0 + 60 * MIN,
  content,
  ...over,
});

let n = 0;
const uuid = (): string => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`;

type Entry = { resource: Record<string, unknown>; request: { url: string; ifNoneExist: string } };

describe('[EMR6] the charted vitals written back', () => {
  it('keeps every manual entry with a LOINC code and thins monitor readings to one per vital per 5 minutes', () => {
    // Monitor spo2 at +1 and +2 min share the 14:00–14:05 slot: only +1 is kept; +6 min starts the next.
    expect(writeBackVitals(content).map((v) => `${v.vital}@${(v.time - T0) / MIN} ${v.value}${v.unit}`)).toEqual([
      'hr@0 72/min',
      'temperature@0 98.6[degF]',
      'hr@1 70/min',
      'spo2@1 99%',
      'spo2@6 97%',
    ]);
  });
});

describe('[EMR8] the write-back transaction', () => {
  it('sends the PDF, the Composition, Observations, a MedicationAdministration per dose (RxNorm [EMR7]) and the Procedure', () => {
    const bundle = writeBackBundle(input(), uuid) as { type: string; entry: Entry[] };
    expect(bundle.type).toBe('transaction');
    const types = bundle.entry.map((e) => e.resource.resourceType);
    expect(types).toEqual([
      'Patient',
      'DocumentReference',
      ...Array<string>(5).fill('Observation'),
      ...Array<string>(4).fill('MedicationAdministration'),
      'Procedure',
      'Composition',
    ]);
    const meds = bundle.entry.filter((e) => e.resource.resourceType === 'MedicationAdministration');
    expect(meds.map((m) => JSON.stringify(m.resource.medicationCodeableConcept))).toEqual([
      JSON.stringify({
        coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '10767', display: 'Triazolam' }],
        text: 'Triazolam',
      }),
      JSON.stringify({
        coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '6960', display: 'Midazolam' }],
        text: 'Midazolam',
      }),
      JSON.stringify({
        coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '8782', display: 'Propofol' }],
        text: 'Propofol',
      }),
      // A local anesthetic is written by its variant's name, with its mg of anesthetic (no RxNorm code kept for it).
      JSON.stringify({ text: 'Lidocaine 2% with epi 1:100,000' }),
    ]);
    expect(meds.at(-1)!.resource.dosage).toEqual({
      route: { text: 'Local infiltration or nerve block' },
      dose: { value: 72, unit: 'mg', system: 'http://unitsofmeasure.org', code: 'mg' },
    });
    // Every entry is a conditional create on its Vigil identifier: a retry never writes twice.
    for (const e of bundle.entry) expect(e.request.ifNoneExist).toMatch(/^identifier=/);
    expect(bundle.entry[1]!.request.ifNoneExist).toBe(
      `identifier=${encodeURIComponent(WRITE_BACK_SYSTEM)}|${encodeURIComponent('case-1/pdf/pdf-1')}`,
    );
    const composition = bundle.entry.at(-1)!.resource as { identifier: unknown; section: { entry: unknown[] }[] };
    expect(Array.isArray(composition.identifier)).toBe(false);
    expect(composition.section.map((s) => s.entry.length)).toEqual([1, 5, 4, 1]);
  });

  it("refers to the EMR's own patient and encounter when the case came from it, and an addendum sends its PDF and Composition", () => {
    const bundle = writeBackBundle(
      input({ event: 'addendum.signed', emrPatientId: 'emr-pat-1', emrEncounterId: 'emr-enc-1' }),
      uuid,
    ) as { entry: Entry[] };
    expect(bundle.entry.map((e) => e.resource.resourceType)).toEqual(['DocumentReference', 'Composition']);
    expect(bundle.entry[1]!.resource).toMatchObject({
      subject: { reference: 'Patient/emr-pat-1' },
      encounter: { reference: 'Encounter/emr-enc-1' },
    });
  });

  it('writes the doses of every list in time order', () => {
    expect(writeBackDoses(content).map((d) => d.name)).toEqual([
      'Triazolam',
      'Midazolam',
      'Propofol',
      'Lidocaine 2% with epi 1:100,000',
    ]);
    expect(writeBackDoses(content).at(-1)).toEqual({
      name: 'Lidocaine 2% with epi 1:100,000',
      amount: 72,
      unit: 'mg',
      route: LOCAL_DOSE_ROUTE,
      time: T0 + 10 * MIN,
    });
  });
});
