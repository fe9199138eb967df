import { describe, expect, it } from 'vitest';
import {
  caseCardiacDisease,
  epinephrineIssues,
  epinephrineLimit,
  epinephrineStatus,
  localAnestheticCartridgeLimit,
} from './local-anesthetics-epinephrine.js';

describe('epinephrine per visit', () => {
  it.each([
    [false, 0.2],
    [true, 0.04],
  ])('[EP1] cardiac %s: %s mg a visit', (cardiac, maxMg) => {
    expect(epinephrineLimit({ cardiac })).toEqual({ maxMg });
  });

  it.each([
    // nothing recorded
    [{}, { cardiac: false, source: 'none', conditions: [] }],
    [null, { cardiac: false, source: 'none', conditions: [] }],
    // a cardiovascular entry in the health history's systems review
    [
      {
        systemsReview: {
          cardiac: {
            hasEntries: true,
            entries: [{ id: 'a', condition: 'hypertension', answers: { control: 'Well controlled' }, editing: false }],
          },
        },
      },
      { cardiac: true, source: 'healthHistory', conditions: ['Hypertension'] },
    ],
    // older entries kept as text, an 'other' entry and an unreadable one
    [
      {
        systemsReview: {
          cardiac: {
            hasEntries: true,
            entries: [
              'Murmur',
              { id: 'b', condition: 'other', answers: {}, editing: false },
              { id: 'c', condition: 'other', answers: { description: ' Long QT ' }, editing: false },
              42,
            ],
          },
        },
      },
      {
        cardiac: true,
        source: 'healthHistory',
        conditions: ['Murmur', 'Other cardiovascular condition', 'Long QT', 'Cardiovascular condition'],
      },
    ],
    // 'Yes' to the category without an entry yet
    [
      { systemsReview: { cardiac: { hasEntries: true } } },
      { cardiac: true, source: 'healthHistory', conditions: ['Cardiovascular: yes'] },
    ],
    // 'No' to the category, entries in another category
    [
      {
        systemsReview: {
          cardiac: { hasEntries: false, entries: [] },
          pulmonary: { hasEntries: true, entries: ['Asthma'] },
        },
      },
      { cardiac: false, source: 'none', conditions: [] },
    ],
    // the provider's switch wins over the history, both ways
    [
      { cardiacDisease: false, systemsReview: { cardiac: { hasEntries: true, entries: ['Functional murmur'] } } },
      { cardiac: false, source: 'case', conditions: ['Functional murmur'] },
    ],
    [{ cardiacDisease: true }, { cardiac: true, source: 'case', conditions: [] }],
    // a switch that is not a boolean is not a choice
    [{ cardiacDisease: 'yes' }, { cardiac: false, source: 'none', conditions: [] }],
  ])('[EP2] %j → %j', (caseData, expected) => {
    expect(caseCardiacDisease(caseData)).toEqual(expected);
  });

  it('[EP3] adds up the epinephrine of every local dose, skipping unusable amounts', () => {
    // 2 cartridges lidocaine 1:100,000 = 3.6 mL × 0.01 = 0.036 mg; 1 cartridge articaine 1:200,000 =
    // 1.8 × 0.005 = 0.009 mg; plain mepivacaine 0; total 0.045 mg of 0.2 → 22.5 %
    const s = epinephrineStatus(
      [{ epiMg: 0.036 }, { epiMg: 0.009 }, { epiMg: 0 }, { epiMg: Number.NaN }, { epiMg: -1 }, { epiMg: '0.1' }, {}],
      false,
    );
    expect(s.givenMg).toBeCloseTo(0.045, 10);
    expect(s.maxMg).toBe(0.2);
    expect(s.pct).toBeCloseTo(22.5, 8);
    expect(s.remainingMg).toBeCloseTo(0.155, 10);
  });

  it('[EP3] the cardiac limit: 0.045 mg is 112.5 % of 0.04 mg, nothing left', () => {
    const s = epinephrineStatus([{ epiMg: 0.036 }, { epiMg: 0.009 }], true);
    expect(s.pct).toBeCloseTo(112.5, 8);
    expect(s.remainingMg).toBe(0);
  });

  it('[EP4] warns only past the limit, compared unrounded', () => {
    // 0.2 mg exactly: at the limit, not past it
    expect(epinephrineIssues(epinephrineStatus([{ epiMg: 0.2 }], false), false)).toEqual([]);
    const past = epinephrineIssues(epinephrineStatus([{ epiMg: 0.036 }, { epiMg: 0.0091 }], true), true);
    expect(past).toEqual([
      {
        severity: 'warning',
        code: 'EPINEPHRINE_MAX_EXCEEDED',
        path: ['localDoses'],
        message:
          'Epinephrine is at 0.046 mg, past the 0.04 mg limit of a visit for a patient with cardiovascular disease',
      },
    ]);
  });
});

describe('cartridge figure with epinephrine', () => {
  it('[EP5] lidocaine 2 % 1:100,000, healthy adult 70 kg: 11.1 cartridges by epinephrine, 13.6 by lidocaine', () => {
    // By lidocaine (manufacturer): min(500, 7 × 70 = 490) = 490 mg; a cartridge 20 mg/mL × 1.8 mL = 36 mg;
    //   490 / 36 = 13.61 → 13.6 cartridges.
    // By epinephrine: 0.2 mg; a cartridge 1.8 mL × 0.01 mg/mL = 0.018 mg; 0.2 / 0.018 = 11.11 → 11.1
    //   cartridges = 20 mL = 400 mg of lidocaine. 11.1 < 13.6: epinephrine binds.
    expect(
      localAnestheticCartridgeLimit({
        variantId: 'lidocaine-epi100',
        weightKg: 70,
        limits: 'manufacturer',
        cardiac: false,
      }),
    ).toEqual({
      byDrug: { mg: 490, cartridges: 13.6 },
      byEpinephrine: { mg: 400, cartridges: 11.1 },
      remaining: { mg: 400, cartridges: 11.1 },
      binding: 'epinephrine',
    });
  });

  it('[EP5] with cardiovascular disease: 0.04 mg / 0.018 mg a cartridge = 2.2 cartridges', () => {
    // 0.04 / 0.01 = 4 mL × 20 = 80 mg; 80 / 36 = 2.22 → 2.2
    expect(
      localAnestheticCartridgeLimit({
        variantId: 'lidocaine-epi100',
        weightKg: 70,
        limits: 'manufacturer',
        cardiac: true,
      })?.remaining,
    ).toEqual({ mg: 80, cartridges: 2.2 });
  });

  it('[EP5] a 20 kg child: the lidocaine maximum binds long before epinephrine', () => {
    // AAPD 4.4 × 20 = 88 mg; 72 mg given (2 cartridges, 0.036 mg epinephrine) → 16 mg = 0.44 → 0.4 cartridge.
    // Epinephrine left 0.2 − 0.036 = 0.164 mg → 16.4 mL → 328 mg → 9.1 cartridges.
    const limit = localAnestheticCartridgeLimit({
      variantId: 'lidocaine-epi100',
      weightKg: 20,
      limits: 'aapd',
      cardiac: false,
      doses: [{ variantId: 'lidocaine-epi100', mg: 72, epiMg: 0.036 }],
    });
    expect(limit).toEqual({
      byDrug: { mg: 16, cartridges: 0.4 },
      byEpinephrine: { mg: 328, cartridges: 9.1 },
      remaining: { mg: 16, cartridges: 0.4 },
      binding: 'drug',
    });
  });

  it('[EP5] epinephrine given with one drug limits another: articaine 1:100,000 after lidocaine', () => {
    // 8 cartridges lidocaine 1:100,000 given: 288 mg, 0.144 mg epinephrine; 0.056 mg left.
    // Articaine 4 % 1:100,000: 0.056 / 0.01 = 5.6 mL × 40 = 224 mg; 224 / 72 = 3.11 → 3.1 cartridges.
    // By articaine at 80 kg (manufacturer): max min(500, 560) = 500; lidocaine 288 / 500 = 57.6 % used
    // combined → 42.4 % of 500 = 212 mg = 2.94 → 2.9 cartridges: the combined maximum binds.
    const limit = localAnestheticCartridgeLimit({
      variantId: 'articaine-epi100',
      weightKg: 80,
      limits: 'manufacturer',
      cardiac: false,
      doses: [{ variantId: 'lidocaine-epi100', mg: 288, epiMg: 0.144 }],
    });
    expect(limit?.byEpinephrine).toEqual({ mg: 224, cartridges: 3.1 });
    expect(limit?.byDrug).toEqual({ mg: 212, cartridges: 2.9 });
    expect(limit?.binding).toBe('drug');
    // with cardiovascular disease nothing is left (0.144 > 0.04)
    expect(
      localAnestheticCartridgeLimit({
        variantId: 'articaine-epi100',
        weightKg: 80,
        limits: 'manufacturer',
        cardiac: true,
        doses: [{ variantId: 'lidocaine-epi100', mg: 288, epiMg: 0.144 }],
      })?.remaining,
    ).toEqual({ mg: 0, cartridges: 0 });
  });

  it('[EP5] a custom dilution halves the mg and the epinephrine of a cartridge', () => {
    // lidocaine 1 % 1:200,000 effectively: 18 mg and 0.009 mg a cartridge; 0.2 / 0.009 = 22.2 cartridges
    // = 400 mg; by lidocaine 490 mg / 18 = 27.2 cartridges
    expect(
      localAnestheticCartridgeLimit({
        variantId: 'lidocaine-epi100',
        weightKg: 70,
        limits: 'manufacturer',
        cardiac: false,
        dilutionPercent: 1,
      }),
    ).toMatchObject({ byDrug: { mg: 490, cartridges: 27.2 }, byEpinephrine: { mg: 400, cartridges: 22.2 } });
  });

  it('[EP5] plain and levonordefrin variants have no epinephrine figure; OraVerse none at all; unknown null', () => {
    expect(
      localAnestheticCartridgeLimit({
        variantId: 'mepivacaine-levonordefrin',
        weightKg: 70,
        limits: 'aapd',
        cardiac: true,
      }),
    ).toMatchObject({ byEpinephrine: null, binding: 'drug' });
    expect(
      localAnestheticCartridgeLimit({ variantId: 'oraverse', weightKg: 70, limits: 'aapd', cardiac: false }),
    ).toEqual({ byDrug: null, byEpinephrine: null, remaining: null, binding: null });
    expect(
      localAnestheticCartridgeLimit({ variantId: 'nope', weightKg: 70, limits: 'aapd', cardiac: false }),
    ).toBeNull();
  });
});
