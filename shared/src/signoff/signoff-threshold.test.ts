import { describe, expect, it } from 'vitest';
import { at, completeCase, ctxOf, reading } from './signoff-fixture.test-util.js';
import { signoffFlags, type SignoffFlag, type SignoffContext } from './signoff.js';
import { LOCAL_ANESTHETIC_VARIANTS, maxDoseMg } from '../rules/local-anesthetics.js';
import {
  ageDefaultLimitSets,
  caseLimitSet,
  LIMIT_SET_TEXTS,
  signoffLimitSetNote,
  signoffLimitSets,
  trackerLimitSet,
  vitalActionLimits,
} from './signoff-threshold.js';

type Case = Record<string, unknown>;
const flagsOf = (c: Case, id: string, over: Partial<SignoffContext> = {}): SignoffFlag[] =>
  signoffFlags(ctxOf(c, over)).filter((f) => f.id === id);
/** The fixture's readings (an adult's: hr 72, rr 14), or a 4-year-old's within every band, plus one reading at 10:12. */
const withReading = (vitals: Record<string, number>, age: number | null = 40): SignoffFlag[] => {
  const base = [0, 5, 10, 15, 20, 25, 30].map((m) =>
    age != null && age < 18 ? reading(m, { sbp: 100, dbp: 60, hr: 100, spo2: 98, rr: 24 }) : reading(m),
  );
  return flagsOf({ ...completeCase(), manualVitals: [...base, reading(12, vitals)] }, 'SO12', {
    patient: { ageYears: age },
  });
};

describe('vital action limits', () => {
  it.each([
    // [age, hr, rr, sbp low]: PALS heart rate (awake upper, sleeping lower) and respiratory rate
    // tables; hypotension < 70 + 2 × age from 1 to 10 years (4 years: 70 + 8 = 78).
    [0, { min: 75, max: 205 }, { min: 30, max: 60 }, 70],
    [1, { min: 75, max: 190 }, { min: 24, max: 40 }, 72],
    [4, { min: 60, max: 140 }, { min: 22, max: 34 }, 78],
    [10, { min: 60, max: 140 }, { min: 18, max: 30 }, 90],
    [12, { min: 50, max: 100 }, { min: 18, max: 30 }, 90],
    [15, { min: 50, max: 100 }, { min: 12, max: 20 }, 90],
    [18, { min: 50, max: 120 }, { min: 10, max: 30 }, 90],
    [null, { min: 50, max: 120 }, { min: 10, max: 30 }, 90],
  ])('[SO12] age %s: heart rate %j, respiratory rate %j, SBP below %i', (age, hr, rr, sbpMin) => {
    const l = vitalActionLimits(age);
    expect(l.hr).toEqual(hr);
    expect(l.rr).toEqual(rr);
    expect(l.sbp.min).toBe(sbpMin);
    expect(l.spo2).toEqual({ min: 90 });
  });

  it('[SO12] adults have upper blood pressure limits (SBP 180, DBP 120), children none', () => {
    expect(vitalActionLimits(40)).toMatchObject({ sbp: { min: 90, max: 180 }, dbp: { max: 120 } });
    expect(vitalActionLimits(8).sbp.max).toBeUndefined();
    expect(vitalActionLimits(8).dbp).toEqual({});
  });
});

describe('threshold', () => {
  it.each([
    // SpO2 90 is at the limit (not below): no flag; 86 is.
    [{ spo2: 90 }, 40, []],
    [{ spo2: 86 }, 40, [['SO12:spo2:low', 'SpO2 fell to 86 % at 10:12 (below 90 % for an adult).']]],
    // An adult's heart rate of 55 is fine; a 4-year-old's is below 60 (PALS, sleeping lower bound).
    [{ hr: 55 }, 40, []],
    [{ hr: 55 }, 4, [['SO12:hr:low', 'Heart rate fell to 55/min at 10:12 (below 60/min for a child of 4 years).']]],
    // 130/min: above an adult's 120, within a 4-year-old's 140.
    [{ hr: 130 }, 40, [['SO12:hr:high', 'Heart rate rose to 130/min at 10:12 (above 120/min for an adult).']]],
    [{ hr: 130 }, 4, []],
    // SBP 76 in a 4-year-old: below 70 + 2 × 4 = 78.
    [
      { sbp: 76 },
      4,
      [['SO12:sbp:low', 'Systolic pressure fell to 76 mmHg at 10:12 (below 78 mmHg for a child of 4 years).']],
    ],
    [
      { sbp: 190, dbp: 125 },
      40,
      [
        ['SO12:sbp:high', 'Systolic pressure rose to 190 mmHg at 10:12 (above 180 mmHg for an adult).'],
        ['SO12:dbp:high', 'Diastolic pressure rose to 125 mmHg at 10:12 (above 120 mmHg for an adult).'],
      ],
    ],
    // Respiratory rate 8 in an adult: below 10.
    [{ rr: 8 }, null, [['SO12:rr:low', 'Respiratory rate fell to 8/min at 10:12 (below 10/min for an adult).']]],
  ])('[SO12] reading %j at age %s', (vitals, age, expected) => {
    const f = withReading(vitals, age);
    expect(f.map((x) => [x.key, x.message])).toEqual(expected);
    for (const x of f) expect(x).toMatchObject({ category: 'threshold', fields: ['manualVitals'] });
  });

  it('[SO12] names the most extreme reading once per side, from the monitor too', () => {
    const c = {
      ...completeCase(),
      vitalsRecords: [88, 84, 87].map((spo2, i) => ({
        id: `r${i}`,
        lastUpdated: at(20 + i),
        vitals: { spo2: { value: spo2, time: at(20 + i) } },
      })),
    };
    expect(flagsOf(c, 'SO12').map((x) => [x.key, x.fields, x.message])).toEqual([
      ['SO12:spo2:low', ['vitalsRecords'], 'SpO2 fell to 84 % at 10:21 (below 90 % for an adult).'],
    ]);
  });

  it.each([
    // Midazolam IV for an adult: 5 mg maximum (DM1, FDA label); 2 mg + 4 mg = 6 mg = 120 %.
    [4, [['SO13:midazolam:parenteral', 'Midazolam (parenteral): 6 mg given, 120 % of the 5 mg maximum.']]],
    // 2 mg + 3 mg = 5 mg = 100 %: at the maximum, not past it.
    [3, []],
  ])('[SO13] a second midazolam dose of %i mg', (mg, expected) => {
    const c = completeCase();
    (c.drugsAdministered as { doses: unknown[] }[])[0]!.doses.push({
      drugId: 'midazolam',
      route: 'IV',
      amount: mg,
      unit: 'mg',
      time: at(10),
    });
    const f = flagsOf(c, 'SO13');
    expect(f.map((x) => [x.key, x.message])).toEqual(expected);
    for (const x of f) expect(x.fields).toEqual(['drugsAdministered']);
  });

  const lidocaine = (cartridges: number, minute = 3) => ({
    id: `l${minute}`,
    drugVariantId: 'lidocaine-epi100',
    time: at(minute),
    amount: cartridges,
    unit: 'cartridges',
    // LA8: a cartridge of lidocaine 2 % is 1.8 mL × 20 mg/mL = 36 mg, epinephrine 1.8 × 0.01 = 0.018 mg.
    mg: 36 * cartridges,
    epiMg: 0.018 * cartridges,
  });
  const child = (cartridges: number[]): Case => ({
    ...completeCase(),
    weight: { value: 20 },
    drugsAdministered: [],
    localDoses: cartridges.map((n, i) => lidocaine(n, 3 + i)),
  });

  it.each([
    // 20 kg child, AAPD lidocaine 4.4 mg/kg = 88 mg. 1 cartridge 36 mg = 40.9 %: nothing.
    [[1], [], []],
    // 2 cartridges 72 mg = 81.82 % ≥ 80 (shown rounded up, 81.9): SO14 only.
    [[2], [], ['Local anesthetics are at 81.9 % of the maximum dose (pediatric dentistry (AAPD) limits, 20 kg).']],
    // 3 cartridges (the e2e case) 108 mg = 122.73 % (shown 122.8): past the maximum (SO13) and ≥ 80 (SO14).
    [
      [1, 1, 1],
      ['Lidocaine is at 122.8 % of its maximum dose (pediatric dentistry (AAPD) limits).'],
      ['Local anesthetics are at 122.8 % of the maximum dose (pediatric dentistry (AAPD) limits, 20 kg).'],
    ],
  ])('[SO13][SO14] lidocaine cartridges %j for a 20 kg child of 4', (cartridges, over, cumulative) => {
    const c = child(cartridges);
    const ctx = { patient: { ageYears: 4 } };
    expect(flagsOf(c, 'SO13', ctx).map((x) => x.message)).toEqual(over);
    expect(flagsOf(c, 'SO14', ctx).map((x) => x.message)).toEqual(cumulative);
    for (const x of [...flagsOf(c, 'SO13', ctx), ...flagsOf(c, 'SO14', ctx)]) expect(x.fields).toEqual(['localDoses']);
  });

  it.each([
    [4, ['aapd']],
    [17, ['aapd']],
    [18, ['manufacturer']],
    [null, ['aapd', 'manufacturer']],
  ])('[SO14] age %s checks local anesthetics against %j', (age, sets) => {
    expect(signoffLimitSets(age)).toEqual(sets);
  });

  it('[SO14] an adult of 70 kg is checked against the manufacturer maximum; an unknown age against the stricter', () => {
    // Manufacturer lidocaine with epinephrine 7 mg/kg = 490 mg; 11 cartridges = 396 mg = 80.8 %.
    const adult = { ...child([11]), weight: { value: 70 } };
    expect(flagsOf(adult, 'SO14').map((x) => x.message)).toEqual([
      "Local anesthetics are at 80.9 % of the maximum dose (manufacturer's limits, 70 kg).",
    ]);
    // 5 cartridges = 180 mg: 36.7 % of 490 mg, but 60 % of AAPD's 300 mg absolute: under 80 either way.
    expect(flagsOf({ ...adult, localDoses: [lidocaine(5)] }, 'SO14', { patient: { ageYears: null } })).toEqual([]);
    // 7 cartridges = 252 mg: 51.4 % manufacturer, 84 % AAPD → the stricter (AAPD) flags.
    expect(
      flagsOf({ ...adult, localDoses: [lidocaine(7)] }, 'SO14', { patient: { ageYears: null } }).map((x) => x.message),
    ).toEqual(['Local anesthetics are at 84 % of the maximum dose (pediatric dentistry (AAPD) limits, 70 kg).']);
  });

  it("[SO14][IBW2] an adult dosed on ideal body weight uses the patient record's sex, as the tracker does", () => {
    // 178 cm = 70.08 in, 10.08 in over 5 ft: Devine men 50 + 2.3 × 10.08 = 73.1 kg, women 45.5 + 23.18
    // = 68.6 kg; both under the actual 100 kg, so the dose weight is the ideal one.
    // Manufacturer lidocaine with epinephrine, 11 cartridges = 396 mg:
    // men 7 × 73.1 = 511.7 → the 500 mg absolute: 79.2 %, under 80; women 7 × 68.6 = 480.2 mg: 82.5 %.
    const adult = { ...child([11]), weight: { value: 100 }, height: { value: 178 } };
    expect(flagsOf(adult, 'SO14', { patient: { ageYears: 40, sex: 'male' } })).toEqual([]);
    const women = flagsOf(adult, 'SO14', { patient: { ageYears: 40, sex: 'female' } }).map((x) => x.message);
    expect(women).toHaveLength(1);
    expect(women[0]).toContain('68.6 kg');
    // Sex not recorded: the women's formula (the smaller weight), the safe side.
    expect(flagsOf(adult, 'SO14', { patient: { ageYears: 40 } }).map((x) => x.message)).toEqual(women);
  });

  it.each([
    ['aapd', 'aapd'],
    ['manufacturer', 'manufacturer'],
    ['both', null],
    [null, null],
    [undefined, null],
  ])('[LA19] the limit set chosen for the case reads %j as %j', (value, set) => {
    expect(caseLimitSet({ localAnestheticLimits: value })).toBe(set);
  });

  it.each([
    // [age, chosen, the tracker shows, sign-off checks]
    [4, null, 'aapd', ['aapd']],
    [4, 'manufacturer', 'manufacturer', ['aapd', 'manufacturer']],
    [40, null, 'manufacturer', ['manufacturer']],
    [40, 'aapd', 'aapd', ['aapd', 'manufacturer']],
    [null, null, 'aapd', ['aapd', 'manufacturer']],
    [null, 'manufacturer', 'manufacturer', ['aapd', 'manufacturer']],
  ] as const)('[LA19] age %s, chosen %s: the tracker shows %s, sign-off checks %j', (age, chosen, shown, checked) => {
    expect(trackerLimitSet(age, chosen)).toBe(shown);
    expect(signoffLimitSets(age, chosen)).toEqual(checked);
    expect(ageDefaultLimitSets(age)).toEqual(
      age == null ? ['aapd', 'manufacturer'] : age < 18 ? ['aapd'] : ['manufacturer'],
    );
  });

  it('[LA19] AAPD is never the looser set: for every variant and weight its maximum is at most the manufacturer’s', () => {
    for (const v of LOCAL_ANESTHETIC_VARIANTS) {
      for (const kg of [null, 5, 10, 20, 30, 45, 60, 70, 90, 120]) {
        const aapd = maxDoseMg(v, 'aapd', kg);
        const manufacturer = maxDoseMg(v, 'manufacturer', kg);
        if (aapd != null && manufacturer != null) expect(aapd).toBeLessThanOrEqual(manufacturer);
      }
    }
  });

  describe('[LA19] one limit set for the tracker and the gate', () => {
    const lidocaineCase = (kg: number, cartridges: number, chosen?: string): Case => ({
      ...completeCase(),
      weight: { value: kg },
      drugsAdministered: [],
      localDoses: [lidocaine(cartridges)],
      ...(chosen === undefined ? {} : { localAnestheticLimits: chosen }),
    });
    const so13 = (c: Case, age: number | null): string[] =>
      flagsOf(c, 'SO13', { patient: { ageYears: age } }).map((x) => x.message);

    it('a child with the manufacturer’s limits chosen: sign-off checks AAPD too, and the tracker says so', () => {
      // 20 kg child of 4, 3 cartridges = 108 mg lidocaine. Manufacturer min(500, 7 × 20 = 140) mg: 77.1 %, under
      // its maximum; AAPD min(300, 4.4 × 20 = 88) mg: 122.73 % → 122.8 %, past it. The stricter flags.
      expect(so13(lidocaineCase(20, 3, 'manufacturer'), 4)).toEqual([
        'Lidocaine is at 122.8 % of its maximum dose (pediatric dentistry (AAPD) limits).',
      ]);
      expect(signoffLimitSetNote(4, 'manufacturer')).toBe(
        'Sign-off also checks these doses against the pediatric dentistry (AAPD) limits, the stricter set for a patient under 18.',
      );
      expect(signoffLimitSetNote(4, 'aapd')).toBeNull();
    });

    it('an adult with AAPD chosen: sign-off checks the AAPD limits the provider watched; no note', () => {
      // 70 kg adult of 40, 9 cartridges = 324 mg. Manufacturer min(500, 490) = 490 mg: 66.12 % → 66.2 %;
      // AAPD min(300, 4.4 × 70 = 308) = 300 mg: 108 %. Chosen AAPD: flagged; by the age default alone: not.
      expect(so13(lidocaineCase(70, 9, 'aapd'), 40)).toEqual([
        'Lidocaine is at 108 % of its maximum dose (pediatric dentistry (AAPD) limits).',
      ]);
      expect(so13(lidocaineCase(70, 9), 40)).toEqual([]);
      expect(so13(lidocaineCase(70, 9, 'manufacturer'), 40)).toEqual([]);
      expect(signoffLimitSetNote(40, 'aapd')).toBeNull();
      expect(signoffLimitSetNote(40, 'manufacturer')).toBeNull();
    });

    it('an unknown age: both sets, whatever was chosen; the manufacturer’s choice gets the note', () => {
      // The same 324 mg on 70 kg: 108 % of AAPD's 300 mg flags, chosen set or not.
      for (const chosen of [undefined, 'manufacturer', 'aapd']) {
        expect(so13(lidocaineCase(70, 9, chosen), null)).toEqual([
          'Lidocaine is at 108 % of its maximum dose (pediatric dentistry (AAPD) limits).',
        ]);
      }
      expect(signoffLimitSetNote(null, 'manufacturer')).toBe(LIMIT_SET_TEXTS.stricterAtSignoff(null));
      expect(LIMIT_SET_TEXTS.stricterAtSignoff(null)).toContain('a patient whose age is not known');
      expect(signoffLimitSetNote(null, 'aapd')).toBeNull();
    });

    it('SO14 follows the stricter set too, naming the ideal body weight where it doses on it', () => {
      // 70 kg adult, 7 cartridges = 252 mg: manufacturer 51.4 %; AAPD chosen 252 / 300 = 84 % ≥ 80.
      expect(
        flagsOf(lidocaineCase(70, 7, 'aapd'), 'SO14', { patient: { ageYears: 40 } }).map((x) => x.message),
      ).toEqual(['Local anesthetics are at 84 % of the maximum dose (pediatric dentistry (AAPD) limits, 70 kg).']);
      expect(flagsOf(lidocaineCase(70, 7), 'SO14', { patient: { ageYears: 40 } })).toEqual([]);
    });
  });

  it('[SO13] epinephrine past the visit limit (EP1): 0.2 mg healthy, 0.04 mg with cardiovascular disease', () => {
    // 3 cartridges of 1:100,000 = 0.054 mg: within 0.2 mg, past 0.04 mg.
    const c = { ...child([3]), weight: { value: 70 } };
    expect(flagsOf(c, 'SO13').filter((f) => f.key === 'SO13:epinephrine')).toEqual([]);
    expect(flagsOf({ ...c, cardiacDisease: true }, 'SO13').filter((f) => f.key === 'SO13:epinephrine')).toEqual([
      expect.objectContaining({
        fields: ['localDoses'],
        message: 'Epinephrine is at 0.054 mg, past the 0.04 mg limit of a visit with cardiovascular disease.',
      }),
    ]);
  });

  it.each([
    ['reconciled', { drawn: 5, given: 3, wasted: 1, returned: 1 }, null],
    // LG11 to a millionth: 0.1 + 0.2 given against 0.3 drawn reconciles despite floating point.
    ['reconciled in tenths', { drawn: 0.3, given: 0.1, wasted: 0.2, returned: 0 }, null],
    [
      'short',
      { drawn: 5, given: 2, wasted: 0, returned: 0 },
      'Midazolam does not reconcile: 5 mg drawn, 2 mg given, 0 mg wasted, 0 mg returned (3 mg unaccounted for).',
    ],
    [
      'over',
      { drawn: 2, given: 2, wasted: 1, returned: 0 },
      'Midazolam does not reconcile: 2 mg drawn, 2 mg given, 1 mg wasted, 0 mg returned (1 mg more used than drawn).',
    ],
  ])('[SO15] ledger line %s', (_, amounts, message) => {
    const ledger = [{ drug: 'Midazolam', unit: 'mg', ...amounts }];
    const f = flagsOf(completeCase(), 'SO15', { ledger });
    expect(f.map((x) => x.message)).toEqual(message == null ? [] : [message]);
    for (const x of f) expect(x).toMatchObject({ key: 'SO15:midazolam', category: 'threshold' });
  });

  it('[SO15] no ledger (the drugInventory flag off) is never flagged', () => {
    expect(flagsOf(completeCase(), 'SO15', { ledger: null })).toEqual([]);
  });
});
