import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LOCAL_ANESTHETIC_DRUGS,
  LOCAL_ANESTHETIC_TEXTS,
  LOCAL_ANESTHETIC_VARIANTS,
  concentrationMgPerMl,
  effectiveLimit,
  epiMgPerMl,
  exparelTimingIssues,
  findVariant,
  localAnestheticAgeWarning,
  localAnestheticMaxDose,
  localAnestheticToxicity,
  localAnestheticToxicityIssues,
  localDoseAmounts,
  localDosePctOfMax,
  maxDoseMg,
  oraverseIssues,
  resolveLocalDose,
} from './local-anesthetics.js';
import type { DosedLocalAnestheticId, Epi, LimitSet } from './local-anesthetics.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('local anesthetic catalogue', () => {
  it.each([
    // [LA1] percent × 10 = mg/mL (spec 002 §9)
    ['lidocaine', 2, 120],
    ['articaine', 4, 44.4],
    ['bupivacaine', 0.5, 210], // 3.5 h = 210 min
    ['prilocaine', 4, 96], // 1.6 h = 96 min
    ['mepivacaine', 3, 114], // 1.9 h = 114 min
    ['exparel', 1.33, 1440], // 24 h = 1440 min
  ] as const)('[LA1] %s is %s %% with a half-life of %s min', (id, percent, halfLife) => {
    expect(LOCAL_ANESTHETIC_DRUGS[id].percent).toBe(percent);
    expect(LOCAL_ANESTHETIC_DRUGS[id].halfLifeMinutes).toBeCloseTo(halfLife, 6);
  });

  it('[LA1] enters Exparel in mg and the others in cartridges', () => {
    expect(LOCAL_ANESTHETIC_DRUGS.exparel.input).toBe('mg');
    expect(LOCAL_ANESTHETIC_DRUGS.lidocaine.input).toBe('cartridges');
  });

  it.each([
    ['lidocaine', [0, 50, 100]],
    ['articaine', [100, 200]],
    ['bupivacaine', [200]],
    ['prilocaine', [0, 200]],
    ['mepivacaine', [0, 0]], // 3 % plain and 2 % levonordefrin (no epinephrine)
  ] as const)('[LA2] %s comes with epinephrine variants %j', (drug, epis) => {
    expect(LOCAL_ANESTHETIC_VARIANTS.filter((v) => v.drugId === drug).map((v) => v.epi)).toEqual(epis);
  });

  it('[LA2] has a 2 % mepivacaine variant with levonordefrin and skips OraVerse for toxicity', () => {
    const lev = findVariant('mepivacaine-levonordefrin')!;
    expect(lev.percent).toBe(2);
    expect(lev.vasoconstrictor).toBe('levonordefrin');
    expect(findVariant('oraverse')!.skipForToxicity).toBe(true);
    expect(findVariant('nope')).toBeUndefined();
  });

  it.each([
    ['lidocaine-plain', undefined, 20], // 2 % × 10
    ['articaine-epi100', undefined, 40], // 4 % × 10
    ['bupivacaine-epi200', undefined, 5], // 0.5 % × 10
    ['mepivacaine-levonordefrin', undefined, 20], // 2 % × 10
    ['lidocaine-plain', 1, 10], // custom dilution 1 % × 10
    ['oraverse', undefined, 0.4 / 1.7], // 0.4 mg per 1.7 mL
    ['oraverse', 1, 0.4 / 1.7], // dilution not enabled for OraVerse
  ])('[LA3] %s with dilution %s is %s mg/mL', (id, dilution, expected) => {
    expect(concentrationMgPerMl(findVariant(id)!, dilution)).toBeCloseTo(expected, 9);
  });
});

describe('localAnestheticMaxDose', () => {
  it.each([
    // drug, epi, kg, limits, mg, cartridges
    // [LA6] lidocaine plain manufacturer: min(300, 4.5 × 20 = 90) = 90 mg; 90 / (20 × 1.8 = 36) = 2.5
    ['lidocaine', 0, 20, 'manufacturer', 90, 2.5],
    // min(300, 4.5 × 70 = 315) = 300 mg; 300 / 36 = 8.33 → 8.3
    ['lidocaine', 0, 70, 'manufacturer', 300, 8.3],
    // with epi: min(500, 7 × 20 = 140) = 140; 140 / 36 = 3.89 → 3.8 (rounded down)
    ['lidocaine', 100, 20, 'manufacturer', 140, 3.8],
    // min(500, 7 × 80 = 560) = 500; 500 / 36 = 13.89 → 13.8
    ['lidocaine', 50, 80, 'manufacturer', 500, 13.8],
    // AAPD: min(300, 4.4 × 20 = 88) = 88; 88 / 36 = 2.44 → 2.4
    ['lidocaine', 100, 20, 'aapd', 88, 2.4],
    // AAPD: min(300, 4.4 × 70 = 308) = 300
    ['lidocaine', 0, 70, 'aapd', 300, 8.3],
    // [LA3] articaine manufacturer 7 mg/kg × 20 = 140 (500 borrowed cap not reached); 140 / (40 × 1.8 = 72) = 1.94 → 1.9
    ['articaine', 100, 20, 'manufacturer', 140, 1.9],
    // articaine manufacturer 7 × 100 = 700, capped by the AAPD 500 mg absolute (LA4); 500 / 72 = 6.94 → 6.9
    ['articaine', 200, 100, 'manufacturer', 500, 6.9],
    // articaine AAPD: 500 mg absolute with the manufacturer 7 mg/kg: min(500, 7 × 20 = 140) = 140
    ['articaine', 100, 20, 'aapd', 140, 1.9],
    // bupivacaine: min(90, 7 × 10 = 70) = 70; 70 / (5 × 1.8 = 9) = 7.78 → 7.7
    ['bupivacaine', 200, 10, 'manufacturer', 70, 7.7],
    // bupivacaine: min(90, 7 × 70 = 490) = 90; 90 / 9 = 10
    ['bupivacaine', 200, 70, 'manufacturer', 90, 10],
    // prilocaine: min(600, 8 × 20 = 160) = 160; 160 / (40 × 1.8 = 72) = 2.22 → 2.2
    ['prilocaine', 0, 20, 'manufacturer', 160, 2.2],
    // min(600, 8 × 90 = 720) = 600; 600 / 72 = 8.33 → 8.3
    ['prilocaine', 200, 90, 'manufacturer', 600, 8.3],
    // prilocaine AAPD read as 300 mg (6): min(300, 6 × 20 = 120) = 120; 120 / 72 = 1.67 → 1.6
    ['prilocaine', 0, 20, 'aapd', 120, 1.6],
    // min(300, 6 × 60 = 360) = 300 (the smaller of "400 mg or 300 mg")
    ['prilocaine', 200, 60, 'aapd', 300, 4.1],
    // mepivacaine 3 %: min(400, 6.6 × 20 = 132) = 132; 132 / (30 × 1.8 = 54) = 2.44 → 2.4
    ['mepivacaine', 0, 20, 'manufacturer', 132, 2.4],
    // min(400, 6.6 × 70 = 462) = 400; 400 / 54 = 7.41 → 7.4
    ['mepivacaine', 0, 70, 'manufacturer', 400, 7.4],
    // AAPD: min(300, 4.4 × 20 = 88) = 88; 88 / 54 = 1.63 → 1.6
    ['mepivacaine', 0, 20, 'aapd', 88, 1.6],
    // 4.4 × 23.3 = 102.52 → 102.5 (rounded down to 0.1 mg); 102.5 / 36 = 2.85 → 2.8
    ['lidocaine', 0, 23.3, 'aapd', 102.5, 2.8],
  ] as const)('[LA6] %s epi %s for %s kg (%s) is %s mg = %s cartridges', (drug, epi, kg, limits, mg, cartridges) => {
    expect(localAnestheticMaxDose({ drug, epi, weightKg: kg, limits })).toEqual({ mg, cartridges });
  });

  it.each([
    ['lidocaine', 200, 'manufacturer'], // no lidocaine 1:200,000 variant
    ['articaine', 0, 'manufacturer'], // no plain articaine
    ['articaine', 50, 'aapd'],
    ['bupivacaine', 0, 'manufacturer'], // only 1:200,000
    ['bupivacaine', 200, 'aapd'], // no AAPD limit given
    ['prilocaine', 100, 'manufacturer'],
    ['mepivacaine', 100, 'manufacturer'],
  ] as const)('[LA6] gives null for %s epi %s (%s): no such variant or limit', (drug, epi, limits) => {
    expect(localAnestheticMaxDose({ drug, epi, weightKg: 70, limits })).toBeNull();
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY])('[LA5] gives null without a positive weight (%s)', (kg) => {
    expect(localAnestheticMaxDose({ drug: 'lidocaine', epi: 100, weightKg: kg, limits: 'manufacturer' })).toBeNull();
  });

  it('[LA5] gives null for a variant without limits (Exparel)', () => {
    expect(maxDoseMg(findVariant('exparel')!, 'manufacturer', 70)).toBeNull();
    expect(maxDoseMg(findVariant('lidocaine-plain')!, 'manufacturer', null)).toBeNull();
  });

  it('[LA4] fills a missing half of a limit from the same drug’s other set', () => {
    // articaine: manufacturer gives only 7 mg/kg, AAPD only 500 mg
    expect(effectiveLimit(findVariant('articaine-epi100')!, 'manufacturer')).toEqual({
      absoluteMg: 500,
      ratioMgPerKg: 7,
    });
    expect(effectiveLimit(findVariant('articaine-epi100')!, 'aapd')).toEqual({ absoluteMg: 500, ratioMgPerKg: 7 });
    expect(effectiveLimit(findVariant('bupivacaine-epi200')!, 'aapd')).toBeNull();
  });

  it('[LA5] never exceeds ratio × weight nor the absolute limit (property)', () => {
    const drugs: DosedLocalAnestheticId[] = ['lidocaine', 'articaine', 'bupivacaine', 'prilocaine', 'mepivacaine'];
    const epis: Epi[] = [0, 50, 100, 200];
    const sets: LimitSet[] = ['manufacturer', 'aapd'];
    fc.assert(
      fc.property(
        fc.constantFrom(...drugs),
        fc.constantFrom(...epis),
        fc.constantFrom(...sets),
        fc.double({ min: 0.5, max: 300, noNaN: true }),
        (drug, epi, limits, kg) => {
          const r = localAnestheticMaxDose({ drug, epi, weightKg: kg, limits });
          if (r == null) return;
          const v = LOCAL_ANESTHETIC_VARIANTS.find((x) => x.drugId === drug && x.epi === epi)!;
          const l = effectiveLimit(v, limits)!;
          expect(r.mg).toBeLessThanOrEqual((l.ratioMgPerKg ?? Infinity) * kg + 1e-9);
          expect(r.mg).toBeLessThanOrEqual(l.absoluteMg ?? Infinity);
          expect(r.cartridges * concentrationMgPerMl(v) * 1.8).toBeLessThanOrEqual(r.mg + 1e-9);
        },
      ),
    );
  });
});

describe('local doses', () => {
  it.each([
    // [LA8] 2 cartridges lidocaine 1:100,000: 2 × 1.8 = 3.6 mL; 3.6 × 20 = 72 mg; epi 3.6 × 0.01 = 0.036 mg
    ['lidocaine-epi100', 2, 'cartridges', null, { mg: 72, ml: 3.6, cartridges: 2, epiMg: 0.036 }],
    // 1.8 mL articaine 1:200,000: 1.8 × 40 = 72 mg; epi 1.8 × 0.005 = 0.009 mg
    ['articaine-epi200', 1.8, 'ml', null, { mg: 72, ml: 1.8, cartridges: 1, epiMg: 0.009 }],
    // 54 mg mepivacaine 3 %: 54 / 30 = 1.8 mL = 1 cartridge, no epinephrine
    ['mepivacaine-plain', 54, 'mg', null, { mg: 54, ml: 1.8, cartridges: 1, epiMg: 0 }],
    // 266 mg Exparel: 266 / 13.3 = 20 mL = 20 / 1.8 = 11.1111 cartridges
    ['exparel', 266, 'mg', null, { mg: 266, ml: 20, cartridges: 11.1111, epiMg: 0 }],
    // 1 cartridge OraVerse = 1.7 mL = 0.4 mg
    ['oraverse', 1, 'cartridges', null, { mg: 0.4, ml: 1.7, cartridges: 1, epiMg: 0 }],
    // custom 1 % lidocaine 1:100,000, 1 cartridge: 1.8 × 10 = 18 mg; epi halves: 1.8 × 0.01 × (10 / 20) = 0.009
    ['lidocaine-epi100', 1, 'cartridges', 1, { mg: 18, ml: 1.8, cartridges: 1, epiMg: 0.009 }],
    // lidocaine 1:50,000: 1 cartridge = 1.8 mL × 0.02 mg/mL = 0.036 mg epinephrine
    ['lidocaine-epi50', 1, 'cartridges', null, { mg: 36, ml: 1.8, cartridges: 1, epiMg: 0.036 }],
  ] as const)('[LA8] %s × %s %s (dilution %s) gives %j', (variantId, amount, unit, dilution, expected) => {
    expect(localDoseAmounts({ variantId, amount, unit, dilutionPercent: dilution })).toEqual(expected);
  });

  it.each([
    ['unknown-variant', 1],
    ['lidocaine-plain', -1],
    ['lidocaine-plain', Number.NaN],
  ])('[LA8] gives null for %s amount %s', (variantId, amount) => {
    expect(localDoseAmounts({ variantId, amount, unit: 'ml' })).toBeNull();
  });

  it.each([
    [0, 0],
    [50, 0.02], // 1:50,000 = 1 g / 50,000 mL = 0.02 mg/mL
    [100, 0.01],
    [200, 0.005],
  ] as const)('[LA7] epi %s is %s mg/mL', (epi, mgPerMl) => {
    expect(epiMgPerMl(epi)).toBeCloseTo(mgPerMl, 12);
  });
});

describe('toxicity', () => {
  it('[LA9] gives a dose its share of its variant’s maximum', () => {
    // 72 mg lidocaine with epi for 20 kg: max 140 → 72 / 140 = 51.43 %
    expect(localDosePctOfMax({ variantId: 'lidocaine-epi100', mg: 72 }, 20, 'manufacturer')).toBeCloseTo(51.43, 2);
    // bupivacaine under AAPD falls back to manufacturer: 9 mg of min(90, 7 × 70) = 10 %
    expect(localDosePctOfMax({ variantId: 'bupivacaine-epi200', mg: 9 }, 70, 'aapd')).toBeCloseTo(10, 9);
    expect(localDosePctOfMax({ variantId: 'oraverse', mg: 0.4 }, 70, 'aapd')).toBeNull();
    expect(localDosePctOfMax({ variantId: 'lidocaine-plain', mg: 10 }, null, 'aapd')).toBeNull();
    expect(localDosePctOfMax({ variantId: 'missing', mg: 10 }, 70, 'aapd')).toBeNull();
  });

  it('[LA10] adds toxicity up per drug and across agents', () => {
    // 20 kg, manufacturer. lidocaine epi max 140: 72 mg → 51.43 %; plain max 90: 36 mg → 40 %
    // articaine max 140: 72 mg → 51.43 %. Lidocaine 91.43; combined 142.86 → 142.9
    const t = localAnestheticToxicity(
      [
        { variantId: 'lidocaine-epi100', mg: 72 },
        { variantId: 'lidocaine-plain', mg: 36 },
        { variantId: 'articaine-epi100', mg: 72 },
        { variantId: 'oraverse', mg: 0.4 },
        { variantId: 'exparel', mg: 100 },
        { variantId: 'unknown', mg: 1 },
      ],
      20,
      'manufacturer',
    );
    expect(t.perDrug).toEqual({ lidocaine: 91.4, articaine: 51.4 });
    expect(t.combined).toBe(142.9);
    expect(t.uncounted).toEqual(['exparel']);
  });

  it('[LA10] never lowers the total as time passes: half-life gives no credit within a case', () => {
    const doses = [
      { variantId: 'lidocaine-epi100', mg: 72, time: 0 },
      { variantId: 'lidocaine-epi100', mg: 72, time: 10 * HOUR },
    ];
    // 144 / 140 = 102.86 % although 10 h is five lidocaine half-lives
    expect(localAnestheticToxicity(doses, 20, 'manufacturer').combined).toBe(102.9);
  });

  it('[LA10] pctOfMax never decreases as doses are added (property)', () => {
    const ids = LOCAL_ANESTHETIC_VARIANTS.map((v) => v.id);
    fc.assert(
      fc.property(
        fc.array(fc.record({ variantId: fc.constantFrom(...ids), mg: fc.double({ min: 0, max: 500, noNaN: true }) })),
        fc.record({ variantId: fc.constantFrom(...ids), mg: fc.double({ min: 0, max: 500, noNaN: true }) }),
        fc.double({ min: 1, max: 200, noNaN: true }),
        fc.constantFrom<LimitSet>('manufacturer', 'aapd'),
        (doses, extra, kg, set) => {
          const before = localAnestheticToxicity(doses, kg, set);
          const after = localAnestheticToxicity([...doses, extra], kg, set);
          expect(after.combined).toBeGreaterThanOrEqual(before.combined);
          for (const [drug, pct] of Object.entries(before.perDrug)) {
            expect(after.perDrug[drug as keyof typeof after.perDrug]).toBeGreaterThanOrEqual(pct);
          }
        },
      ),
    );
  });

  it('[LA11] warns, never blocks, above 100 % per drug and combined', () => {
    const issues = localAnestheticToxicityIssues({
      perDrug: { lidocaine: 102.9, articaine: 40 },
      combined: 142.9,
      uncounted: [],
    });
    expect(issues.map((i) => [i.severity, i.code])).toEqual([
      ['warning', 'LOCAL_MAX_EXCEEDED'],
      ['warning', 'LOCAL_COMBINED_MAX_EXCEEDED'],
    ]);
    expect(issues[0]!.message).toBe('Lidocaine is at 102.9% of its maximum dose');
    expect(localAnestheticToxicityIssues({ perDrug: { lidocaine: 100 }, combined: 100, uncounted: [] })).toEqual([]);
  });
});

describe('age warnings and reminders', () => {
  it.each([
    ['articaine', 4, LOCAL_ANESTHETIC_TEXTS.articaineAge],
    ['articaine', 5, null],
    ['bupivacaine', 12, 'Extra caution advised for pediatric patients'],
    ['bupivacaine', 13, null],
    ['exparel', 17.9, 'FDA approved for 18+ only'],
    ['exparel', 18, null],
    ['oraverse', 2, LOCAL_ANESTHETIC_TEXTS.oraverseAge],
    ['oraverse', 3, null],
    ['lidocaine', 1, null],
    ['articaine', null, null],
  ] as const)('[LA12] %s at age %s warns %j', (drug, age, text) => {
    expect(localAnestheticAgeWarning(drug, age)).toBe(text);
  });

  it('[LA12] words the age warnings exactly as the spec', () => {
    expect(LOCAL_ANESTHETIC_TEXTS.articaineAge).toBe('Manufacturer recommends not using on patients 4 and under');
    expect(LOCAL_ANESTHETIC_TEXTS.oraverseAge).toBe(
      'The safety and efficacy of Phentolamine Mesylate has not been established in patients younger than 3 years.',
    );
  });

  it.each([
    // lidocaine 19 min 59 s before Exparel → warning
    [
      [
        { variantId: 'lidocaine-plain', mg: 36, time: 0 },
        { variantId: 'exparel', mg: 100, time: 20 * MIN - 1000 },
      ],
      ['EXPAREL_WITHIN_20_MINUTES'],
    ],
    // exactly 20 min later is allowed
    [
      [
        { variantId: 'lidocaine-plain', mg: 36, time: 0 },
        { variantId: 'exparel', mg: 100, time: 20 * MIN },
      ],
      [],
    ],
    // bupivacaine just before Exparel is allowed
    [
      [
        { variantId: 'bupivacaine-epi200', mg: 9, time: 0 },
        { variantId: 'exparel', mg: 100, time: MIN },
      ],
      [],
    ],
    // any local within 96 h after Exparel warns, bupivacaine included
    [
      [
        { variantId: 'exparel', mg: 100, time: 0 },
        { variantId: 'bupivacaine-epi200', mg: 9, time: 95 * HOUR },
      ],
      ['EXPAREL_WITHIN_96_HOURS'],
    ],
    [
      [
        { variantId: 'exparel', mg: 100, time: 0 },
        { variantId: 'lidocaine-plain', mg: 9, time: 96 * HOUR },
      ],
      [],
    ],
    // OraVerse is a reversal agent, untimed doses are ignored
    [
      [
        { variantId: 'exparel', mg: 100, time: 0 },
        { variantId: 'oraverse', mg: 0.4, time: MIN },
        { variantId: 'lidocaine-plain', mg: 9 },
      ],
      [],
    ],
  ])('[LA13] Exparel timing %#', (doses, codes) => {
    const issues = exparelTimingIssues(doses);
    expect(issues.map((i) => i.code)).toEqual(codes);
    for (const i of issues) expect(i.message).toBe(LOCAL_ANESTHETIC_TEXTS.exparelReminder);
  });

  it.each([
    [[{ variantId: 'oraverse', mg: 0.4, time: 10 }], 1],
    [
      [
        { variantId: 'lidocaine-plain', mg: 36, time: 0 },
        { variantId: 'oraverse', mg: 0.4, time: 10 },
      ],
      1,
    ],
    [
      [
        { variantId: 'lidocaine-epi100', mg: 36, time: 0 },
        { variantId: 'oraverse', mg: 0.4, time: 10 },
      ],
      0,
    ],
    [
      [
        { variantId: 'oraverse', mg: 0.4, time: 10 },
        { variantId: 'lidocaine-epi100', mg: 36, time: 20 },
      ],
      1,
    ],
    [
      [
        { variantId: 'mepivacaine-levonordefrin', mg: 36 },
        { variantId: 'oraverse', mg: 0.4 },
      ],
      0,
    ],
    [[{ variantId: 'lidocaine-epi100', mg: 36 }], 0],
  ])('[LA14] OraVerse without a prior vasoconstrictor warns (%#)', (doses, count) => {
    const issues = oraverseIssues(doses);
    expect(issues).toHaveLength(count);
    for (const i of issues) {
      expect(i.message).toBe(
        'No doses with epinepherine have been recorded. Should only be given after locals with a vasoconstrictor.',
      );
      expect(i.severity).toBe('warning');
    }
  });
});

describe('resolving a charted local dose', () => {
  it.each([
    // 2 cartridges articaine 1:100,000: 3.6 mL × 40 = 144 mg; epi 3.6 × 0.01 = 0.036
    [
      { drugVariantId: 'articaine-epi100', amount: 2, unit: 'cartridges' },
      [],
      { mg: 144, epiMg: 0.036, cartridges: 2, epiConcentration: 100 },
    ],
    // custom 1 % lidocaine plain: 3.6 mL × 10 = 36 mg
    [
      { drugVariantId: 'lidocaine-plain', amount: 3.6, unit: 'ml' },
      [{ variantId: 'lidocaine-plain', percent: 1 }],
      { mg: 36, epiMg: 0, cartridges: 2, epiConcentration: 0 },
    ],
    // a dilution for another variant does not apply: 3.6 × 20 = 72
    [
      { drugVariantId: 'lidocaine-plain', amount: 3.6, unit: 'ml' },
      [{ variantId: 'articaine-epi100', percent: 1 }],
      { mg: 72, epiMg: 0, cartridges: 2, epiConcentration: 0 },
    ],
    [{ drugVariantId: 'nope', amount: 1, unit: 'ml' }, [], null],
  ] as const)('[LA15] resolves dose %# to %j', (dose, dilutions, expected) => {
    expect(resolveLocalDose(dose, dilutions)).toEqual(expected);
  });

  it('[LA15] works without custom dilutions', () => {
    expect(resolveLocalDose({ drugVariantId: 'bupivacaine-epi200', amount: 1, unit: 'cartridges' })).toEqual({
      mg: 9, // 1.8 × 5
      epiMg: 0.009, // 1.8 × 0.005
      cartridges: 1,
      epiConcentration: 200,
    });
  });
});
