import { describe, expect, it } from 'vitest';
import { at, completeCase, ctxOf, reading } from './signoff-fixture.test-util.js';
import { patientSignedConsent } from './signoff-missing.js';
import { signoffFlags, type SignoffFlag } from './signoff.js';
import { CONTRACT_APPOINTMENT_EXTENSION, type Contract } from '../fhir/contract.js';

type Case = Record<string, unknown>;
const withCase = (change: (c: Case) => void): Case => {
  const c = completeCase();
  change(c);
  return c;
};
const flagsOf = (c: Case, id: string, age: number | null = 40): SignoffFlag[] =>
  signoffFlags(ctxOf(c, { patient: { ageYears: age } })).filter((f) => f.id === id);

describe('the complete case', () => {
  it('has no open sign-off flag', () => {
    expect(signoffFlags(ctxOf(completeCase()))).toEqual([]);
  });

  it('reads a non-object as an empty case, never throwing', () => {
    const ids = signoffFlags(ctxOf('not a case')).map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['SO1', 'SO2', 'SO3', 'SO4', 'SO5', 'SO7', 'SO8', 'SO9']));
  });
});

describe('missing', () => {
  it.each([
    ['recorded', '2', 0],
    ['ASA 1', '1', 0],
    ['not set', null, 1],
    ['blank', '  ', 1],
  ])('[SO1] ASA classification %s → %i flag', (_, asa, n) => {
    const f = flagsOf(
      withCase((c) => (c.asaClassification = asa)),
      'SO1',
    );
    expect(f).toHaveLength(n);
    if (n) expect(f[0]).toMatchObject({ key: 'SO1', category: 'missing', fields: ['asaClassification'] });
  });

  it.each([
    ['both', '20:00', '06:00', null, null],
    ['no last food', null, '06:00', ['lastFood'], 'NPO status is not recorded: the time of the last food is missing.'],
    ['no last drink', '20:00', '', ['lastDrink'], 'NPO status is not recorded: the time of the last drink is missing.'],
    [
      'neither',
      null,
      null,
      ['lastFood', 'lastDrink'],
      'NPO status is not recorded: the time of the last food and last drink is missing.',
    ],
  ])('[SO2] NPO times: %s', (_, food, drink, fields, message) => {
    const f = flagsOf(
      withCase((c) => {
        c.lastFood = food;
        c.lastDrink = drink;
      }),
      'SO2',
    );
    expect(f.map((x) => [x.fields, x.message])).toEqual(fields == null ? [] : [[fields, message]]);
  });

  it.each([
    ['ticked', [{ label: 'Consent signed', complete: true }], null],
    ['ticked, other wording', [{ label: 'Informed CONSENT obtained', complete: true }], null],
    [
      'not ticked',
      [{ label: 'Consent signed', complete: false }],
      "Consent is not ticked on the pre-op checklist ('Consent signed').",
    ],
    [
      'no consent item',
      [{ label: 'Escort present', complete: true }],
      "Consent is not recorded: add 'Consent signed' to the pre-op checklist and tick it.",
    ],
    ['no checklist', null, "Consent is not recorded: add 'Consent signed' to the pre-op checklist and tick it."],
  ])('[SO3] consent %s', (_, checklist, message) => {
    const f = flagsOf(
      withCase((c) => (c.preOpChecklist = checklist)),
      'SO3',
    );
    expect(f.map((x) => x.message)).toEqual(message == null ? [] : [message]);
    if (message) expect(f[0]!.fields).toEqual(['preOpChecklist']);
  });

  it('[SO3] a consent the patient signed on their phone counts without a tick (issue 35)', () => {
    const unticked = withCase((c) => (c.preOpChecklist = [{ label: 'Consent signed', complete: false }]));
    const consent = { contractId: 'ctr-1', title: 'Sedation consent', signedAt: '2026-11-25T09:00:00.000Z' };
    expect(signoffFlags(ctxOf(unticked, { patientConsent: consent })).filter((f) => f.id === 'SO3')).toEqual([]);
  });

  it('[SO3] reads the newest signed, executed consent Contract of the appointment', () => {
    const contract = (
      id: string,
      over: Partial<Contract> = {},
      appointment = 'apt-1',
      when = '2026-11-25T09:00:00Z',
    ): Contract => ({
      resourceType: 'Contract',
      id,
      status: 'executed',
      title: 'Sedation consent',
      issued: when,
      extension: [{ url: CONTRACT_APPOINTMENT_EXTENSION, valueReference: { reference: `Appointment/${appointment}` } }],
      signer: [
        {
          type: { code: 'x' },
          party: { reference: 'Patient/p1' },
          signature: [{ type: [{ code: 'x' }], when, who: { reference: 'Patient/p1' }, data: 'iVBOR' }],
        },
      ],
      ...over,
    });
    expect(
      patientSignedConsent(
        [
          contract('old'),
          contract('new', {}, 'apt-1', '2026-11-26T08:00:00Z'),
          contract('other-case', {}, 'apt-2', '2026-11-27T08:00:00Z'),
          contract('unsigned', { signer: [] }, 'apt-1', '2026-11-27T08:00:00Z'),
          contract('cancelled', { status: 'cancelled' }, 'apt-1', '2026-11-27T08:00:00Z'),
        ],
        'apt-1',
      ),
    ).toEqual({ contractId: 'new', title: 'Sedation consent', signedAt: '2026-11-26T08:00:00Z' });
    expect(patientSignedConsent([contract('other-case', {}, 'apt-2')], 'apt-1')).toBeNull();
  });

  /** A consent the patient signed on the link for appointment apt-1, as the server stores it (contractOf). */
  const signedConsent = (over: Partial<Contract> = {}): Contract => ({
    resourceType: 'Contract',
    id: 'ctr',
    status: 'executed',
    title: 'Sedation consent',
    issued: '2026-11-25T09:00:00Z',
    extension: [{ url: CONTRACT_APPOINTMENT_EXTENSION, valueReference: { reference: 'Appointment/apt-1' } }],
    signer: [
      {
        type: { code: 'x' },
        party: { reference: 'Patient/p1' },
        signature: [
          { type: [{ code: 'x' }], when: '2026-11-25T09:00:00Z', who: { reference: 'Patient/p1' }, data: 'iVBOR' },
        ],
      },
    ],
    ...over,
  });
  const signatureBy = (who: string, data: string | undefined): Partial<Contract> => ({
    signer: [
      {
        type: { code: 'x' },
        party: { reference: who },
        signature: [{ type: [{ code: 'x' }], when: '2026-11-25T09:00:00Z', who: { reference: who }, data }],
      },
    ],
  });

  it.each<[string, Partial<Contract>]>([
    ['a draft (offered)', { status: 'offered' }],
    ['a draft (executable)', { status: 'executable' }],
    ['a draft (negotiable)', { status: 'negotiable' }],
    ['revoked', { status: 'revoked' }],
    ['entered in error', { status: 'entered-in-error' }],
    ['cancelled', { status: 'cancelled' }],
    ['without a status', { status: undefined }],
    [
      'for another appointment',
      { extension: [{ url: CONTRACT_APPOINTMENT_EXTENSION, valueReference: { reference: 'Appointment/apt-2' } }] },
    ],
    [
      'naming the appointment under another extension',
      { extension: [{ url: 'urn:other', valueReference: { reference: 'Appointment/apt-1' } }] },
    ],
    ['naming no appointment', { extension: undefined }],
    ['with no signer (a form without a signature)', { signer: undefined }],
    ['with an empty signature', signatureBy('Patient/p1', '')],
    ['with a signature entry but no drawing', signatureBy('Patient/p1', undefined)],
    ['signed by staff, not by the patient', signatureBy('Practitioner/dr1', 'iVBOR')],
    ['without an id', { id: undefined }],
  ])('[PC1] a consent %s does not count, so SO3 stays open without a tick', (_, over) => {
    expect(patientSignedConsent([signedConsent(over)], 'apt-1')).toBeNull();
  });

  it('[PC1] a signed, executed consent of the appointment counts, dated by its signature (else when it was issued)', () => {
    expect(patientSignedConsent([signedConsent()], 'apt-1')).toEqual({
      contractId: 'ctr',
      title: 'Sedation consent',
      signedAt: '2026-11-25T09:00:00Z',
    });
    // The signer's party names the patient where the signature's own who is empty; no title reads 'Consent'.
    const byParty = signedConsent({
      title: undefined,
      issued: '2026-11-24T08:00:00Z',
      signer: [
        {
          type: { code: 'x' },
          party: { reference: 'Patient/p1' },
          signature: [{ type: [{ code: 'x' }], when: '', who: {}, data: 'iVBOR' }],
        },
      ],
    });
    expect(patientSignedConsent([byParty], 'apt-1')).toEqual({
      contractId: 'ctr',
      title: 'Consent',
      signedAt: '2026-11-24T08:00:00Z',
    });
    // A revoked newer consent leaves the older signed one standing.
    expect(
      patientSignedConsent(
        [signedConsent(), signedConsent({ id: 'newer', status: 'revoked', issued: '2026-11-26T09:00:00Z' })],
        'apt-1',
      )?.contractId,
    ).toBe('ctr');
  });

  it.each([
    ['a history used in the case', 'hhx1', 0],
    ['none used', null, 1],
    ['an empty id', '', 1],
  ])('[SO4] health history: %s', (_, id, n) => {
    const f = flagsOf(
      withCase((c) => (c.healthHistoryId = id)),
      'SO4',
    );
    expect(f).toHaveLength(n);
    if (n) expect(f[0]!.fields).toEqual(['healthHistoryId']);
  });

  it.each([
    // The fixture's first drug is midazolam at 10:02; its 10:00 reading has all three.
    ['all three before the first drug', [reading(0)], null],
    // Blood pressure at 10:00 and HR + SpO2 at 10:01, separate readings: a baseline all the same.
    ['spread over two readings', [reading(0, { sbp: 120 }), reading(1, { hr: 70, spo2: 99 })], null],
    // A reading at the dose's own minute counts (≤).
    ['at the first drug', [reading(2)], null],
    // Only after the drug: nothing before 10:02.
    [
      'only after the first drug',
      [reading(5)],
      'No baseline vitals before the first drug at 10:02: blood pressure, heart rate, SpO2 not recorded.',
    ],
    [
      'without blood pressure',
      [reading(0, { hr: 70, spo2: 99 })],
      'No baseline vitals before the first drug at 10:02: blood pressure not recorded.',
    ],
    // Zero is no reading (spec 002 §5).
    [
      'SpO2 of 0',
      [reading(0, { sbp: 120, hr: 70, spo2: 0 })],
      'No baseline vitals before the first drug at 10:02: SpO2 not recorded.',
    ],
  ])('[SO5] baseline vitals %s', (_, manual, message) => {
    const f = flagsOf(
      withCase((c) => (c.manualVitals = manual)),
      'SO5',
    );
    expect(f.map((x) => x.message)).toEqual(message == null ? [] : [message]);
  });

  it('[SO5] with no drug charted, a reading at any time is the baseline; none at all is flagged', () => {
    const noDrug = (manual: unknown[]): Case =>
      withCase((c) => {
        c.drugsAdministered = [];
        c.manualVitals = manual;
      });
    expect(flagsOf(noDrug([reading(20)]), 'SO5')).toEqual([]);
    expect(flagsOf(noDrug([]), 'SO5').map((f) => f.message)).toEqual([
      'No baseline vitals: blood pressure, heart rate, SpO2 not recorded.',
    ]);
  });

  it('[SO5] a local anesthetic is a first drug; fluids are not', () => {
    const c = withCase((x) => {
      x.drugsAdministered = [
        {
          id: 'f',
          name: 'Lactated Ringer',
          drugId: 'lr',
          doses: [{ route: 'fluid', amount: 100, unit: 'ml', time: at(-10) }],
        },
      ];
      x.localDoses = [
        { id: 'l1', drugVariantId: 'lidocaine-epi100', time: at(1), amount: 1, unit: 'cartridges', mg: 36 },
      ];
      x.manualVitals = [reading(0)];
    });
    expect(flagsOf(c, 'SO5')).toEqual([]);
    const late = { ...c, manualVitals: [reading(3)] };
    expect(flagsOf(late, 'SO5')[0]!.message).toBe(
      'No baseline vitals before the first drug at 10:01: blood pressure, heart rate, SpO2 not recorded.',
    );
  });

  it.each([
    // Every 5 minutes from 10:00 to vitalsEnd 10:30: 7 checkpoints, each with a reading.
    ['every checkpoint charted', [0, 5, 10, 15, 20, 25, 30], 'moderate', []],
    // 10:15 missing: the nearest readings 10:10 and 10:20 are 5 min away, past half an interval (2.5 min).
    [
      'one missed',
      [0, 5, 10, 20, 25, 30],
      'moderate',
      [['SO6:2026-11-26T10:15Z', 'No vitals at the 10:15 checkpoint (every 5 minutes at moderate sedation).']],
    ],
    // A reading 2 min off a checkpoint is within half an interval (2.5 min): no flag.
    ['a reading 2 minutes off', [0, 5, 10, 17, 20, 25, 30], 'moderate', []],
    // 10:10, 10:15, 10:20 missing in a row: one flag keyed by 10:10; 10:30 missing on its own.
    [
      'a run and a single',
      [0, 5, 25],
      'deep',
      [
        ['SO6:2026-11-26T10:10Z', 'No vitals at 3 checkpoints from 10:10 to 10:20 (every 5 minutes at deep sedation).'],
        ['SO6:2026-11-26T10:30Z', 'No vitals at the 10:30 checkpoint (every 5 minutes at deep sedation).'],
      ],
    ],
    // Minimal sedation: checkpoints are not required by this rule.
    ['minimal sedation', [0, 25], 'minimal', []],
    [
      'GA',
      [0, 5, 10, 15, 20, 30],
      'GA',
      [['SO6:2026-11-26T10:25Z', expect.stringContaining('(every 5 minutes at general anesthesia)')]],
    ],
  ])('[SO6] checkpoints: %s', (_, minutes, level, expected) => {
    const f = flagsOf(
      withCase((c) => {
        c.sedationLevel = level;
        c.manualVitals = minutes.map((m) => reading(m));
      }),
      'SO6',
    );
    expect(f.map((x) => [x.key, x.message])).toEqual(expected);
    for (const x of f) expect(x).toMatchObject({ category: 'missing', fields: ['manualVitals'] });
  });

  it('[SO6] a 10-minute interval asks for a reading every 10 minutes (VT4)', () => {
    // Checkpoints 10:00, 10:10, 10:20, 10:30; half an interval is 5 min: 10:25 covers 10:20 and 10:30.
    const c = withCase((x) => {
      x.vitalsInterval = 10;
      x.manualVitals = [0, 10, 25].map((m) => reading(m));
    });
    expect(flagsOf(c, 'SO6')).toEqual([]);
    const gap = { ...c, manualVitals: [0, 30].map((m) => reading(m)) };
    expect(flagsOf(gap, 'SO6').map((f) => f.message)).toEqual([
      'No vitals at 2 checkpoints from 10:10 to 10:20 (every 10 minutes at moderate sedation).',
    ]);
  });

  it('[SO6] monitor readings count; tracking off or no case start means no checkpoints', () => {
    const monitor = (m: number, simulated = false) => ({
      id: `r${m}`,
      lastUpdated: at(m),
      simulated,
      monitorLabel: 'Sim',
      monitorId: 'm',
      selectedVitals: ['hr'],
      vitals: { hr: { value: 70, time: at(m) }, spo2: { value: 98, time: at(m) } },
    });
    const c = withCase((x) => {
      x.manualVitals = [reading(0)];
      x.vitalsRecords = [5, 10, 15, 20, 25, 30].map((m) => monitor(m));
    });
    expect(flagsOf(c, 'SO6')).toEqual([]);
    // [SIM3] The simulated monitor's readings are not the patient's: the checkpoints stay missing.
    const simulated = withCase((x) => {
      x.manualVitals = [reading(0)];
      x.vitalsRecords = [5, 10, 15, 20, 25, 30].map((m) => monitor(m, true));
    });
    expect(flagsOf(simulated, 'SO6')).toHaveLength(1);
    const gap = withCase((x) => (x.manualVitals = [reading(0)]));
    expect(flagsOf(gap, 'SO6')).toHaveLength(1);
    expect(flagsOf({ ...gap, vitalsTrackingEnabled: false }, 'SO6')).toEqual([]);
    expect(flagsOf({ ...gap, events: {} }, 'SO6')).toEqual([]);
  });

  it('[SO6] without Stopped Monitoring, checkpoints run to Recovery Completed', () => {
    // end 10:45: checkpoints to 10:45; readings stop at 10:30 → 10:35, 10:40, 10:45 missed.
    const c = withCase((x) => (x.events = { caseStart: at(0), end: at(45) }));
    expect(flagsOf(c, 'SO6').map((f) => f.key)).toEqual(['SO6:2026-11-26T10:35Z']);
  });

  it.each([
    ['every item and the vitals score', {}, null],
    [
      'two items unscored',
      { aldretePain: null, aldreteGait: { score: null } },
      'The Aldrete discharge score is incomplete: Pain, Gait not scored.',
    ],
    // A score above the item's maximum (2) is not a valid score (DS3).
    [
      'a score out of range',
      { aldreteNausea: { score: 3 } },
      'The Aldrete discharge score is incomplete: Nausea not scored.',
    ],
  ])('[SO7] discharge score: %s', (_, entries, message) => {
    const f = flagsOf(
      withCase((c) => {
        const base = c.dischargeScoreEntries as Record<string, unknown>;
        c.dischargeScoreEntries = Object.fromEntries(
          Object.entries({ ...base, ...entries }).filter(([, v]) => v !== null),
        );
      }),
      'SO7',
    );
    expect(f.map((x) => x.message)).toEqual(message == null ? [] : [message]);
    if (message) expect(f[0]!.fields).toEqual(['dischargeScoreEntries']);
  });

  it('[SO7] the vitals score needs two vitals with a first and a last value (DS6)', () => {
    const c = withCase((x) => (x.manualVitals = [reading(0, { hr: 70 })]));
    expect(flagsOf(c, 'SO7')[0]!.message).toBe(
      'The Aldrete discharge score is incomplete: the vitals score needs first and last values of two vitals.',
    );
    const pads = withCase((x) => {
      x.dischargeScoreType = 'pads';
      x.dischargeScoreEntries = { oriented: { score: 1 } };
    });
    expect(flagsOf(pads, 'SO7')[0]!.message).toBe(
      'The PADS discharge score is incomplete: Steady gait, Voided, PO fluids, Surgical bleeding, Pain, nausea, vomiting not scored.',
    );
  });

  it.each([
    [97, 0],
    [100, 0],
    [null, 1],
    [0, 1],
    ['97', 1],
  ])('[SO8] final room-air SpO2 %s → %i flag', (v, n) => {
    const f = flagsOf(
      withCase((c) => (c.finalRoomAirSpO2 = v)),
      'SO8',
    );
    expect(f).toHaveLength(n);
    if (n)
      expect(f[0]).toMatchObject({ fields: ['finalRoomAirSpO2'], message: 'The final room-air SpO2 is not recorded.' });
  });

  it.each([
    ['one signature', [{ name: 'Dr A', signature: 'M0 0', time: at(40) }], 0],
    ['none', [], 1],
    ['no list', null, 1],
    // CD8: a signature needs name, signature and time.
    ['a signature without a drawing', [{ name: 'Dr A', signature: '', time: at(40) }], 1],
    ['a signature without a time', [{ name: 'Dr A', signature: 'M0 0' }], 1],
  ])('[SO9] signatures: %s', (_, list, n) => {
    const f = flagsOf(
      withCase((c) => (c.signatures = list)),
      'SO9',
    );
    expect(f).toHaveLength(n);
    if (n) expect(f[0]!.fields).toEqual(['signatures']);
  });
});
