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
  customDilutionIssues,
  customDilutionRange,
  findVariant,
  limitDetail,
  localAnestheticAgeWarning,
  localAnestheticMaxDose,
  localAnestheticToxicity,
  localAnestheticToxicityIssues,
  localDoseAmounts,
  localDosePctOfMax,
  maxDoseBinding,
  maxDoseMg,
  oraverseIssues,
  resolveLocalDose,
  toxicityPercentForDisplay,
  variantMaxDose,
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
    // [LA17] bupivacaine at the label's 2.0 mg/kg (was the spec's 7 mg/kg: 70 mg, 7.7 cartridges):
    // min(90, 2 × 10 = 20) = 20; 20 / (5 × 1.8 = 9) = 2.22 → 2.2
    ['bupivacaine', 200, 10, 'manufacturer', 20, 2.2],
    // [LA17] issue 29: min(90, 2 × 30 = 60) = 60 mg; 60 / 9 = 6.67 → 6.6
    ['bupivacaine', 200, 30, 'manufacturer', 60, 6.6],
    // bupivacaine: min(90, 2 × 70 = 140) = 90; 90 / 9 = 10
    ['bupivacaine', 200, 70, 'manufacturer', 90, 10],
    // [LA17] bupivacaine AAPD (not in the spec) is the guideline's 1.3 mg/kg, 90 mg:
    // min(90, 1.3 × 40 = 52) = 52; 52 / 9 = 5.78 → 5.7
    ['bupivacaine', 200, 40, 'aapd', 52, 5.7],
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
    ['prilocaine', 100, 'manufacturer'],
    ['mepivacaine', 100, 'manufacturer'],
  ] as const)('[LA6] gives null for %s epi %s (%s): no such variant or limit', (drug, epi, limits) => {
    expect(localAnestheticMaxDose({ drug, epi, weightKg: 70, limits })).toBeNull();
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY])(
    '[LA6] gives null without a usable weight (%s): the named maximum never shows an absolute alone',
    (kg) => {
      expect(localAnestheticMaxDose({ drug: 'lidocaine', epi: 100, weightKg: kg, limits: 'manufacturer' })).toBeNull();
    },
  );

  it('[LA5] gives null for a variant without limits (Exparel, OraVerse), with or without a weight', () => {
    expect(maxDoseMg(findVariant('exparel')!, 'manufacturer', 70)).toBeNull();
    expect(maxDoseMg(findVariant('oraverse')!, 'aapd', null)).toBeNull();
  });

  it('[LA5] gives null for a ratio-only limit without a weight (no absolute to fall back on)', () => {
    const ratioOnly = {
      ...findVariant('articaine-epi100')!,
      manufacturer: { absoluteMg: null, ratioMgPerKg: 7 },
      aapd: null,
    };
    // 7 mg/kg × 20 kg = 140 with a weight; nothing without one
    expect(maxDoseMg(ratioOnly as never, 'manufacturer', 20)).toBe(140);
    expect(maxDoseMg(ratioOnly as never, 'manufacturer', null)).toBeNull();
  });

  // [LA5] Every variant, both limit sets, at 10, 40 and 90 kg and without a weight (null, 0 or
  // NaN: the absolute alone). mg = min(absolute, ratio × kg) rounded down to 0.1;
  // cartridges = mg / (mg/mL × 1.8) rounded down to 0.1.
  // mg/mL: lidocaine 20 (36 mg a cartridge), articaine and prilocaine 40 (72), bupivacaine 5 (9),
  // mepivacaine 3 % 30 (54), mepivacaine 2 % levonordefrin 20 (36).
  it.each([
    // lidocaine plain, manufacturer 300 mg (4.5)
    ['lidocaine-plain', 'manufacturer', 10, 45, 1.2, true], // 4.5 × 10 = 45; 45 / 36 = 1.25 → 1.2
    ['lidocaine-plain', 'manufacturer', 40, 180, 5, true], // 4.5 × 40 = 180; 180 / 36 = 5
    ['lidocaine-plain', 'manufacturer', 90, 300, 8.3, true], // 4.5 × 90 = 405 > 300; 300 / 36 = 8.33
    ['lidocaine-plain', 'manufacturer', null, 300, 8.3, false], // absolute only
    // lidocaine plain, AAPD 300 mg (4.4)
    ['lidocaine-plain', 'aapd', 10, 44, 1.2, true], // 4.4 × 10 = 44; 44 / 36 = 1.22
    ['lidocaine-plain', 'aapd', 40, 176, 4.8, true], // 4.4 × 40 = 176; 176 / 36 = 4.89
    ['lidocaine-plain', 'aapd', 90, 300, 8.3, true], // 4.4 × 90 = 396 > 300
    ['lidocaine-plain', 'aapd', 0, 300, 8.3, false], // 0 kg is no weight: absolute only
    // lidocaine 1:50,000 and 1:100,000, manufacturer 500 mg (7)
    ['lidocaine-epi50', 'manufacturer', 10, 70, 1.9, true], // 7 × 10 = 70; 70 / 36 = 1.94
    ['lidocaine-epi50', 'manufacturer', 40, 280, 7.7, true], // 7 × 40 = 280; 280 / 36 = 7.78
    ['lidocaine-epi50', 'manufacturer', 90, 500, 13.8, true], // 7 × 90 = 630 > 500; 500 / 36 = 13.89
    ['lidocaine-epi50', 'manufacturer', null, 500, 13.8, false],
    ['lidocaine-epi100', 'manufacturer', 10, 70, 1.9, true],
    ['lidocaine-epi100', 'manufacturer', 40, 280, 7.7, true],
    ['lidocaine-epi100', 'manufacturer', 90, 500, 13.8, true],
    ['lidocaine-epi100', 'manufacturer', Number.NaN, 500, 13.8, false],
    // lidocaine with epinephrine, AAPD 300 mg (4.4)
    ['lidocaine-epi50', 'aapd', 10, 44, 1.2, true],
    ['lidocaine-epi50', 'aapd', 40, 176, 4.8, true],
    ['lidocaine-epi50', 'aapd', 90, 300, 8.3, true],
    ['lidocaine-epi50', 'aapd', null, 300, 8.3, false],
    ['lidocaine-epi100', 'aapd', 10, 44, 1.2, true],
    ['lidocaine-epi100', 'aapd', 40, 176, 4.8, true],
    ['lidocaine-epi100', 'aapd', 90, 300, 8.3, true],
    ['lidocaine-epi100', 'aapd', null, 300, 8.3, false],
    // articaine, both sets 500 mg (7) after LA4
    ['articaine-epi100', 'manufacturer', 10, 70, 0.9, true], // 7 × 10 = 70; 70 / 72 = 0.97
    ['articaine-epi100', 'manufacturer', 40, 280, 3.8, true], // 280 / 72 = 3.89
    ['articaine-epi100', 'manufacturer', 90, 500, 6.9, true], // 7 × 90 = 630 > 500; 500 / 72 = 6.94
    ['articaine-epi100', 'manufacturer', null, 500, 6.9, false],
    ['articaine-epi100', 'aapd', 10, 70, 0.9, true],
    ['articaine-epi100', 'aapd', 40, 280, 3.8, true],
    ['articaine-epi100', 'aapd', 90, 500, 6.9, true],
    ['articaine-epi100', 'aapd', null, 500, 6.9, false],
    ['articaine-epi200', 'manufacturer', 10, 70, 0.9, true],
    ['articaine-epi200', 'manufacturer', 40, 280, 3.8, true],
    ['articaine-epi200', 'manufacturer', 90, 500, 6.9, true],
    ['articaine-epi200', 'manufacturer', null, 500, 6.9, false],
    ['articaine-epi200', 'aapd', 10, 70, 0.9, true],
    ['articaine-epi200', 'aapd', 40, 280, 3.8, true],
    ['articaine-epi200', 'aapd', 90, 500, 6.9, true],
    ['articaine-epi200', 'aapd', null, 500, 6.9, false],
    // bupivacaine 1:200,000, manufacturer 90 mg with the label's 2.0 mg/kg (LA17; the spec's 7 mg/kg
    // gave 70 mg at 10 kg and 90 mg at 40 kg); AAPD the guideline's 1.3 mg/kg, 90 mg (LA17)
    ['bupivacaine-epi200', 'manufacturer', 10, 20, 2.2, true], // 2 × 10 = 20; 20 / 9 = 2.22
    ['bupivacaine-epi200', 'manufacturer', 40, 80, 8.8, true], // 2 × 40 = 80; 80 / 9 = 8.89
    ['bupivacaine-epi200', 'manufacturer', 90, 90, 10, true],
    ['bupivacaine-epi200', 'manufacturer', null, 90, 10, false],
    ['bupivacaine-epi200', 'aapd', 40, 52, 5.7, true], // 1.3 × 40 = 52; 52 / 9 = 5.78
    ['bupivacaine-epi200', 'aapd', 90, 90, 10, true], // 1.3 × 90 = 117 > 90
    ['bupivacaine-epi200', 'aapd', null, 90, 10, false],
    // prilocaine plain and 1:200,000, manufacturer 600 mg (8)
    ['prilocaine-plain', 'manufacturer', 10, 80, 1.1, true], // 8 × 10 = 80; 80 / 72 = 1.11
    ['prilocaine-plain', 'manufacturer', 40, 320, 4.4, true], // 8 × 40 = 320; 320 / 72 = 4.44
    ['prilocaine-plain', 'manufacturer', 90, 600, 8.3, true], // 8 × 90 = 720 > 600; 600 / 72 = 8.33
    ['prilocaine-plain', 'manufacturer', null, 600, 8.3, false],
    ['prilocaine-epi200', 'manufacturer', 10, 80, 1.1, true],
    ['prilocaine-epi200', 'manufacturer', 40, 320, 4.4, true],
    ['prilocaine-epi200', 'manufacturer', 90, 600, 8.3, true],
    ['prilocaine-epi200', 'manufacturer', null, 600, 8.3, false],
    // prilocaine AAPD read as 300 mg (6)
    ['prilocaine-plain', 'aapd', 10, 60, 0.8, true], // 6 × 10 = 60; 60 / 72 = 0.83
    ['prilocaine-plain', 'aapd', 40, 240, 3.3, true], // 6 × 40 = 240; 240 / 72 = 3.33
    ['prilocaine-plain', 'aapd', 90, 300, 4.1, true], // 6 × 90 = 540 > 300; 300 / 72 = 4.17
    ['prilocaine-plain', 'aapd', null, 300, 4.1, false],
    ['prilocaine-epi200', 'aapd', 10, 60, 0.8, true],
    ['prilocaine-epi200', 'aapd', 40, 240, 3.3, true],
    ['prilocaine-epi200', 'aapd', 90, 300, 4.1, true],
    ['prilocaine-epi200', 'aapd', null, 300, 4.1, false],
    // mepivacaine 3 % plain, manufacturer 400 mg (6.6)
    ['mepivacaine-plain', 'manufacturer', 10, 66, 1.2, true], // 6.6 × 10 = 66; 66 / 54 = 1.22
    ['mepivacaine-plain', 'manufacturer', 40, 264, 4.8, true], // 6.6 × 40 = 264; 264 / 54 = 4.89
    ['mepivacaine-plain', 'manufacturer', 90, 400, 7.4, true], // 6.6 × 90 = 594 > 400; 400 / 54 = 7.41
    ['mepivacaine-plain', 'manufacturer', null, 400, 7.4, false],
    // mepivacaine 3 % plain, AAPD 300 mg (4.4)
    ['mepivacaine-plain', 'aapd', 10, 44, 0.8, true], // 44 / 54 = 0.81
    ['mepivacaine-plain', 'aapd', 40, 176, 3.2, true], // 176 / 54 = 3.26
    ['mepivacaine-plain', 'aapd', 90, 300, 5.5, true], // 4.4 × 90 = 396 > 300; 300 / 54 = 5.56
    ['mepivacaine-plain', 'aapd', null, 300, 5.5, false],
    // mepivacaine 2 % with levonordefrin: same limits, 20 mg/mL (36 mg a cartridge)
    ['mepivacaine-levonordefrin', 'manufacturer', 10, 66, 1.8, true], // 66 / 36 = 1.83
    ['mepivacaine-levonordefrin', 'manufacturer', 40, 264, 7.3, true], // 264 / 36 = 7.33
    ['mepivacaine-levonordefrin', 'manufacturer', 90, 400, 11.1, true], // 400 / 36 = 11.11
    ['mepivacaine-levonordefrin', 'manufacturer', null, 400, 11.1, false],
    ['mepivacaine-levonordefrin', 'aapd', 10, 44, 1.2, true], // 44 / 36 = 1.22
    ['mepivacaine-levonordefrin', 'aapd', 40, 176, 4.8, true], // 176 / 36 = 4.89
    ['mepivacaine-levonordefrin', 'aapd', 90, 300, 8.3, true], // 300 / 36 = 8.33
    ['mepivacaine-levonordefrin', 'aapd', null, 300, 8.3, false],
  ] as const)(
    '[LA5] %s (%s) at %s kg: max %s mg = %s cartridges, per-kg checked %s',
    (id, set, kg, mg, carts, perKg) => {
      expect(maxDoseMg(findVariant(id)!, set, kg)).toBe(mg);
      expect(variantMaxDose(id, set, kg)).toEqual({ mg, cartridges: carts, perKgChecked: perKg });
    },
  );

  it.each([
    ['exparel', 'manufacturer', 70], // no maximum in the spec
    ['oraverse', 'manufacturer', 70],
    ['no-such-variant', 'manufacturer', 70],
  ] as const)('[LA5] %s (%s) at %s kg has no maximum of its own', (id, set, kg) => {
    expect(variantMaxDose(id, set, kg)).toBeNull();
  });

  it('[LA4] fills a missing half of a limit from the same drug’s other set', () => {
    // articaine: manufacturer gives only 7 mg/kg, AAPD only 500 mg
    expect(effectiveLimit(findVariant('articaine-epi100')!, 'manufacturer')).toEqual({
      absoluteMg: 500,
      ratioMgPerKg: 7,
    });
    expect(effectiveLimit(findVariant('articaine-epi100')!, 'aapd')).toEqual({ absoluteMg: 500, ratioMgPerKg: 7 });
    expect(effectiveLimit(findVariant('exparel')!, 'aapd')).toBeNull();
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
  it.each([
    // [LA9] 72 mg lidocaine with epi for 20 kg: max min(500, 7 × 20 = 140) = 140 → 72 / 140 = 51.4286 %
    ['lidocaine-epi100', 72, 20, 'manufacturer', 51.4286],
    // bupivacaine under AAPD (LA17, the guideline): 9 mg of min(90, 1.3 × 70 = 91) = 90 → 10 %
    ['bupivacaine-epi200', 9, 70, 'aapd', 10],
    // Exparel counts against bupivacaine: 45 mg of min(90, 2 × 45 = 90) = 90 → 50 %
    ['exparel', 45, 45, 'manufacturer', 50],
    // Exparel, AAPD → bupivacaine AAPD: 45 mg of min(90, 1.3 × 50 = 65) = 65 → 69.2308 %
    // (was 64.2857 % of the manufacturer's 7 mg/kg at 10 kg before LA17)
    ['exparel', 45, 50, 'aapd', 69.2308],
    // no weight: the absolute alone, 10 mg of 300 → 3.3333 %
    ['lidocaine-plain', 10, null, 'aapd', 3.3333],
    // 140.06 mg of 140 → 100.0429 %, unrounded
    ['lidocaine-epi100', 140.06, 20, 'manufacturer', 100.0429],
  ] as const)('[LA9] %s %s mg at %s kg (%s) is %s %% of its maximum', (variantId, mg, kg, set, pct) => {
    expect(localDosePctOfMax({ variantId, mg }, kg, set)).toBeCloseTo(pct, 4);
  });

  it.each([
    ['oraverse', 0.4], // skipped for toxicity
    ['missing', 10], // unknown variant
    ['lidocaine-plain', Number.NaN],
    ['lidocaine-plain', -1],
  ] as const)('[LA9] gives no share for %s %s mg', (variantId, mg) => {
    expect(localDosePctOfMax({ variantId, mg }, 70, 'aapd')).toBeNull();
  });

  it('[LA10] adds toxicity up per drug and across agents, Exparel under bupivacaine', () => {
    // 20 kg, manufacturer. lidocaine epi max 140: 72 mg → 51.4286 %; plain max min(300, 90) = 90:
    // 36 mg → 40 %; articaine max 140: 72 mg → 51.4286 %; Exparel against bupivacaine's
    // min(90, 2 × 20 = 40) = 40 (LA17): 100 mg → 250 %. Lidocaine 91.4286; combined 392.8571.
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
    expect(t.perDrug.lidocaine).toBeCloseTo(91.4286, 4);
    expect(t.perDrug.articaine).toBeCloseTo(51.4286, 4);
    expect(t.perDrug.bupivacaine).toBeCloseTo(250, 4);
    expect(Object.keys(t.perDrug).sort()).toEqual(['articaine', 'bupivacaine', 'lidocaine']);
    expect(t.combined).toBeCloseTo(392.8571, 4);
    expect(t.uncounted).toEqual([{ index: 5, variantId: 'unknown', reason: 'unknownVariant' }]);
    expect([t.weightMissing, t.exparelCounted, t.exparelWithBupivacaine]).toEqual([false, true, false]);
  });

  it('[LA10] never lowers the total as time passes: half-life gives no credit within a case', () => {
    const doses = [
      { variantId: 'lidocaine-epi100', mg: 72, time: 0 },
      { variantId: 'lidocaine-epi100', mg: 72, time: 10 * HOUR },
    ];
    // 144 / 140 = 102.857 % although 10 h is five lidocaine half-lives
    expect(localAnestheticToxicity(doses, 20, 'manufacturer').combined).toBeCloseTo(102.857, 3);
  });

  it('[LA10] pctOfMax never decreases as doses are added (property)', () => {
    const ids = LOCAL_ANESTHETIC_VARIANTS.map((v) => v.id);
    fc.assert(
      fc.property(
        fc.array(fc.record({ variantId: fc.constantFrom(...ids), mg: fc.double({ min: 0, max: 500, noNaN: true }) })),
        fc.record({ variantId: fc.constantFrom(...ids), mg: fc.double({ min: 0, max: 500, noNaN: true }) }),
        fc.option(fc.double({ min: 1, max: 200, noNaN: true })),
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

  const issuesFor = (doses: { variantId: string; mg: number }[], kg: number | null, set: LimitSet = 'manufacturer') =>
    localAnestheticToxicityIssues(localAnestheticToxicity(doses, kg, set)).map((i) => [i.code, i.message]);

  it.each([
    // [LA11] boundary: lidocaine with epi at 20 kg, max min(500, 7 × 20) = 140 mg
    // 140.06 / 140 = 100.0429 % > 100 → warns, shown rounded up as 100.1 %
    [
      140.06,
      [
        ['LOCAL_MAX_EXCEEDED', 'Lidocaine is at 100.1% of its maximum dose'],
        ['LOCAL_COMBINED_MAX_EXCEEDED', 'Local anesthetics combined are at 100.1% of the maximum dose'],
      ],
    ],
    // 140 / 140 = 100 % exactly: at the maximum, not above it
    [140, []],
    // 139.94 / 140 = 99.957 %
    [139.94, []],
    // 144 / 140 = 102.857 % → 102.9 %
    [
      144,
      [
        ['LOCAL_MAX_EXCEEDED', 'Lidocaine is at 102.9% of its maximum dose'],
        ['LOCAL_COMBINED_MAX_EXCEEDED', 'Local anesthetics combined are at 102.9% of the maximum dose'],
      ],
    ],
  ])('[LA11] lidocaine with epi %s mg at 20 kg warns %j', (mg, expected) => {
    expect(issuesFor([{ variantId: 'lidocaine-epi100', mg }], 20)).toEqual(expected);
  });

  it('[LA11] compares two doses on their unrounded sum (70.03 + 70.03 = 140.06 mg of 140)', () => {
    expect(
      issuesFor(
        [
          { variantId: 'lidocaine-epi100', mg: 70.03 },
          { variantId: 'lidocaine-epi50', mg: 70.03 },
        ],
        20,
      ).map(([code]) => code),
    ).toEqual(['LOCAL_MAX_EXCEEDED', 'LOCAL_COMBINED_MAX_EXCEEDED']);
  });

  const WEIGHT_MISSING =
    'No weight recorded: only the absolute maximum of each local anesthetic is checked; the mg/kg maximum cannot be checked until a weight is entered.';

  it.each([
    // [LA11] no weight: lidocaine with epi against its 500 mg absolute; 560 / 500 = 112 %
    [null, 'manufacturer', 560, ['Lidocaine is at 112% of its maximum dose']],
    // 500.05 / 500 = 100.01 % → 100.1 %
    [null, 'manufacturer', 500.05, ['Lidocaine is at 100.1% of its maximum dose']],
    // 500 / 500 = 100 %: not above, but the weight is still missing
    [null, 'manufacturer', 500, []],
    // AAPD absolute 300: 301 / 300 = 100.33 % → 100.4 %
    [null, 'aapd', 301, ['Lidocaine is at 100.4% of its maximum dose']],
    // a weight of 0 or NaN is no weight
    [0, 'manufacturer', 560, ['Lidocaine is at 112% of its maximum dose']],
    [Number.NaN, 'manufacturer', 72, []],
  ] as const)('[LA11] without a weight (%s, %s) %s mg still warns against the absolute: %j', (kg, set, mg, over) => {
    const issues = issuesFor([{ variantId: 'lidocaine-epi100', mg }], kg, set);
    expect(issues.filter(([code]) => code === 'LOCAL_MAX_EXCEEDED').map(([, m]) => m)).toEqual(over);
    expect(issues).toContainEqual(['LOCAL_WEIGHT_MISSING', WEIGHT_MISSING]);
  });

  it('[LA11] says nothing about weight when there are no countable doses', () => {
    expect(issuesFor([], null)).toEqual([]);
    expect(issuesFor([{ variantId: 'oraverse', mg: 0.4 }], null)).toEqual([]);
  });

  it('[LA11] warns for an unknown variant and lists its dose as uncounted, never skipping it silently', () => {
    const doses = [
      { variantId: 'lidocaine-epi100', mg: 36 },
      { variantId: 'lidocain-epi100', mg: 72 },
    ];
    const t = localAnestheticToxicity(doses, 20, 'manufacturer');
    expect(t.uncounted).toEqual([{ index: 1, variantId: 'lidocain-epi100', reason: 'unknownVariant' }]);
    expect(localAnestheticToxicityIssues(t)).toEqual([
      {
        severity: 'warning',
        code: 'LOCAL_UNKNOWN_VARIANT',
        path: ['localDoses', 1],
        message: 'Unknown local anesthetic "lidocain-epi100": this dose is not counted toward any maximum dose.',
      },
    ]);
  });

  it('[LA11] warns for a dose without a usable mg amount', () => {
    expect(issuesFor([{ variantId: 'articaine-epi200', mg: Number.NaN }], 20)).toEqual([
      [
        'LOCAL_DOSE_INVALID_AMOUNT',
        'Articaine dose has no usable mg amount: this dose is not counted toward any maximum dose.',
      ],
    ]);
  });

  it('[LA11] warns for a dose that has no maximum to count against', () => {
    const issues = localAnestheticToxicityIssues({
      perDrug: {},
      combined: 0,
      uncounted: [{ index: 2, variantId: 'exparel', reason: 'noMaximum' }],
      weightMissing: false,
      exparelCounted: false,
      exparelWithBupivacaine: false,
    });
    expect(issues).toEqual([
      {
        severity: 'warning',
        code: 'LOCAL_DOSE_UNCOUNTED',
        path: ['localDoses', 2],
        message: 'Exparel has no maximum dose: this dose is not counted toward any maximum dose.',
      },
    ]);
  });

  it('[LA11] counts Exparel with bupivacaine and warns when both are given', () => {
    // 45 kg: bupivacaine max min(90, 2 × 45 = 90) = 90 (LA17). 45 mg bupivacaine → 50 %;
    // 50 mg Exparel → 55.5556 %; together 105.5556 % → shown 105.6 %
    expect(
      issuesFor(
        [
          { variantId: 'bupivacaine-epi200', mg: 45 },
          { variantId: 'exparel', mg: 50 },
        ],
        45,
      ),
    ).toEqual([
      ['LOCAL_MAX_EXCEEDED', 'Bupivacaine (including Exparel) is at 105.6% of its maximum dose'],
      ['LOCAL_COMBINED_MAX_EXCEEDED', 'Local anesthetics combined are at 105.6% of the maximum dose'],
      [
        'EXPAREL_WITH_BUPIVACAINE',
        'Exparel is bupivacaine: Exparel and bupivacaine are both given, and both count toward the bupivacaine maximum.',
      ],
    ]);
    // 45 + 45 = 90 mg of 90 = 100 %: no maximum warning, but still the both-given warning
    expect(
      issuesFor(
        [
          { variantId: 'bupivacaine-epi200', mg: 45 },
          { variantId: 'exparel', mg: 45 },
        ],
        45,
      ).map(([code]) => code),
    ).toEqual(['EXPAREL_WITH_BUPIVACAINE']);
  });

  it.each([
    [100.04285714, 100.1], // rounded up: never shown as 100 % when above it
    [100, 100],
    [51.428571, 51.5],
    [99.96, 100],
    [0.1 + 0.2, 0.3], // 0.30000000000000004: float noise is not rounded up
  ])('[LA11] shows a share of %s %% as %s %%', (pct, shown) => {
    expect(toxicityPercentForDisplay(pct)).toBe(shown);
  });
});

describe('custom dilutions', () => {
  it.each([
    ['lidocaine-plain', { min: 0.5, max: 2 }], // 2 / 4 to 2
    ['articaine-epi100', { min: 1, max: 4 }], // 4 / 4 to 4
    ['bupivacaine-epi200', { min: 0.125, max: 0.5 }], // 0.5 / 4 to 0.5
    ['mepivacaine-plain', { min: 0.75, max: 3 }], // 3 / 4 to 3
    ['mepivacaine-levonordefrin', { min: 0.5, max: 2 }], // 2 / 4 to 2
    ['exparel', null],
    ['oraverse', null],
  ] as const)('[LA16] %s may be diluted to %j percent', (id, range) => {
    expect(customDilutionRange(findVariant(id)!)).toEqual(range);
  });

  it.each([
    // a mistyped 0.2 for 2 % lidocaine: below 2 / 4 = 0.5
    [
      'lidocaine-plain',
      0.2,
      ['CUSTOM_DILUTION_IMPLAUSIBLE', 'Custom dilution of 0.2% is outside 0.5–2% for Lidocaine 2%: check the percent.'],
    ],
    [
      'lidocaine-epi100',
      0.49,
      [
        'CUSTOM_DILUTION_IMPLAUSIBLE',
        'Custom dilution of 0.49% is outside 0.5–2% for Lidocaine 2%: check the percent.',
      ],
    ],
    ['lidocaine-epi100', 0.5, null], // lower boundary
    ['lidocaine-plain', 1, null],
    ['lidocaine-plain', 2, null], // upper boundary
    [
      'lidocaine-plain',
      2.01,
      [
        'CUSTOM_DILUTION_IMPLAUSIBLE',
        'Custom dilution of 2.01% is outside 0.5–2% for Lidocaine 2%: check the percent.',
      ],
    ],
    [
      'bupivacaine-epi200',
      0.12,
      [
        'CUSTOM_DILUTION_IMPLAUSIBLE',
        'Custom dilution of 0.12% is outside 0.125–0.5% for Bupivacaine 0.5%: check the percent.',
      ],
    ],
    ['exparel', 1, ['CUSTOM_DILUTION_NOT_APPLIED', 'Exparel cannot be diluted: the custom dilution is not applied.']],
    ['nope', 1, ['CUSTOM_DILUTION_UNKNOWN_VARIANT', 'Custom dilution for unknown local anesthetic "nope".']],
  ] as const)('[LA16] a custom dilution of %s to %s %% warns %j', (variantId, percent, expected) => {
    const issues = customDilutionIssues([{ variantId, percent }]);
    expect(issues.map((i) => [i.code, i.message])).toEqual(expected == null ? [] : [expected]);
    for (const i of issues) expect(i.severity).toBe('warning');
  });

  it('[LA16] leaves malformed dilutions to the case-data errors (CD8) and points at the percent', () => {
    expect(customDilutionIssues([{ variantId: 'lidocaine-plain', percent: 0 }, { percent: 1 }, {}])).toEqual([]);
    expect(
      customDilutionIssues([
        { variantId: 'lidocaine-plain', percent: 1 },
        { variantId: 'lidocaine-plain', percent: 20 },
      ])[0]!.path,
    ).toEqual(['customDilutions', 1, 'percent']);
  });
});

describe('age warnings and reminders', () => {
  it.each([
    ['articaine', 4, LOCAL_ANESTHETIC_TEXTS.articaineAge],
    ['articaine', 5, null],
    ['bupivacaine', 12, 'Extra caution advised for pediatric patients.'],
    ['bupivacaine', 13, null],
    ['exparel', 17.9, 'FDA approved for 18+ only.'],
    ['exparel', 18, null],
    ['oraverse', 2, LOCAL_ANESTHETIC_TEXTS.oraverseAge],
    ['oraverse', 3, null],
    ['lidocaine', 1, null],
    ['articaine', null, null],
  ] as const)('[LA12] %s at age %s warns %j', (drug, age, text) => {
    expect(localAnestheticAgeWarning(drug, age)).toBe(text);
  });

  it('[LA12] words the age warnings exactly as the spec, trailing periods included (spec 002 §5)', () => {
    expect(LOCAL_ANESTHETIC_TEXTS.articaineAge).toBe('Manufacturer recommends not using on patients 4 and under.');
    expect(LOCAL_ANESTHETIC_TEXTS.bupivacaineAge).toBe('Extra caution advised for pediatric patients.');
    expect(LOCAL_ANESTHETIC_TEXTS.exparelAge).toBe('FDA approved for 18+ only.');
    expect(LOCAL_ANESTHETIC_TEXTS.oraverseAge).toBe(
      'The safety and efficacy of Phentolamine Mesylate has not been established in patients younger than 3 years.',
    );
  });

  it.each([
    [
      'exparel',
      'never inject within 20 minutes of any other non-bupivacaine local anesthetic, nor give any other local anesthetic within 96 hours after Exparel.',
    ],
    ['oraverse', 'OraVerse should follow only local anesthetics with a vasoconstrictor.'],
  ] as const)('[LA13] words the %s reminder exactly as spec 002 §5 (lowercase start included)', (drug, text) => {
    expect(LOCAL_ANESTHETIC_DRUGS[drug].reminder).toBe(text);
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
    // boundary: 1 ms short of 20 minutes still warns
    [
      [
        { variantId: 'articaine-epi100', mg: 72, time: 0 },
        { variantId: 'exparel', mg: 100, time: 20 * MIN - 1 },
      ],
      ['EXPAREL_WITHIN_20_MINUTES'],
    ],
    // boundary: 1 ms short of 96 hours after Exparel still warns
    [
      [
        { variantId: 'exparel', mg: 100, time: 0 },
        { variantId: 'lidocaine-plain', mg: 9, time: 96 * HOUR - 1 },
      ],
      ['EXPAREL_WITHIN_96_HOURS'],
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
    for (const i of issues) {
      expect(i.message).toBe(
        'never inject within 20 minutes of any other non-bupivacaine local anesthetic, nor give any other local anesthetic within 96 hours after Exparel.',
      );
      expect(i.severity).toBe('warning');
    }
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

describe('published dental maxima (issue 29)', () => {
  it('[LA17] bupivacaine 1:200,000 for 30 kg under the manufacturer limits is 60 mg (label 2.0 mg/kg, not 7)', () => {
    // min(spec 90 mg, label 90 mg) = 90; min(spec 7, label 2.0) = 2.0 mg/kg; 2.0 × 30 = 60 mg < 90
    expect(localAnestheticMaxDose({ drug: 'bupivacaine', epi: 200, weightKg: 30, limits: 'manufacturer' })?.mg).toBe(
      60,
    );
  });

  it.each([
    // variant, set, absolute (value, source), ratio (value, source)
    ['bupivacaine-epi200', 'manufacturer', [90, 'spec'], [2, 'published']], // label 2.0 < spec 7; 90 ties
    ['bupivacaine-epi200', 'aapd', [90, 'published'], [1.3, 'published']], // the spec gives no AAPD set
    ['lidocaine-epi100', 'manufacturer', [500, 'spec'], [7, 'spec']], // label agrees
    ['lidocaine-epi100', 'aapd', [300, 'spec'], [4.4, 'spec']],
    ['articaine-epi100', 'manufacturer', [500, 'spec'], [7, 'spec']], // 500 borrowed from AAPD (LA4); label gives none
    ['prilocaine-plain', 'aapd', [300, 'spec'], [6, 'spec']], // the guideline's 600 mg (8) is looser: the spec stays
    ['mepivacaine-plain', 'manufacturer', [400, 'spec'], [6.6, 'spec']],
  ] as const)('[LA17] %s (%s): each side the stricter of the spec and the published figure', (id, set, abs, ratio) => {
    const d = limitDetail(findVariant(id)!, set)!;
    expect([d.absolute?.value, d.absolute?.source]).toEqual(abs);
    expect([d.ratio?.value, d.ratio?.source]).toEqual(ratio);
  });

  it('[LA17] names where a published figure comes from and gives nothing for a variant without limits', () => {
    expect(limitDetail(findVariant('bupivacaine-epi200')!, 'manufacturer')!.ratio!.sourceText).toMatch(
      /^Marcaine \/ Vivacaine dental label/,
    );
    expect(limitDetail(findVariant('bupivacaine-epi200')!, 'aapd')!.ratio!.sourceText).toMatch(/^AAPD/);
    expect(limitDetail(findVariant('lidocaine-epi100')!, 'aapd')!.ratio!.sourceText).toBe('spec 002 §9');
    expect(limitDetail(findVariant('exparel')!, 'manufacturer')).toBeNull();
  });

  it('[LA17] every published figure of every variant is at least as strict as what is used (property)', () => {
    for (const v of LOCAL_ANESTHETIC_VARIANTS) {
      for (const set of ['manufacturer', 'aapd'] as const) {
        const pub = v.published[set];
        const used = effectiveLimit(v, set);
        if (pub == null) continue;
        if (pub.absoluteMg != null) expect(used!.absoluteMg!).toBeLessThanOrEqual(pub.absoluteMg);
        if (pub.ratioMgPerKg != null) expect(used!.ratioMgPerKg!).toBeLessThanOrEqual(pub.ratioMgPerKg);
      }
    }
  });

  it.each([
    // bupivacaine manufacturer 30 kg: 2 × 30 = 60 < 90 → per kg, the label
    ['bupivacaine-epi200', 'manufacturer', 30, 60, 'perKg', 'published', 2],
    // 50 kg: 2 × 50 = 100 > 90 → the absolute, which the spec and the label share (a tie is the spec's)
    ['bupivacaine-epi200', 'manufacturer', 50, 90, 'absolute', 'spec', null],
    // bupivacaine AAPD 20 kg: 1.3 × 20 = 26 → per kg, the AAPD guideline
    ['bupivacaine-epi200', 'aapd', 20, 26, 'perKg', 'published', 1.3],
    // lidocaine AAPD 20 kg: 4.4 × 20 = 88 < 300 → per kg, the spec
    ['lidocaine-epi100', 'aapd', 20, 88, 'perKg', 'spec', 4.4],
    // no weight: the absolute alone
    ['lidocaine-epi100', 'aapd', null, 300, 'absolute', 'spec', null],
    // 4.4 × 68.2 = 300.08 > 300 → the absolute
    ['lidocaine-epi100', 'aapd', 68.2, 300, 'absolute', 'spec', null],
  ] as const)(
    '[LA18] %s (%s) at %s kg: %s mg, limited by the %s side from the %s',
    (id, set, kg, mgMax, by, source, ratio) => {
      expect(maxDoseBinding(findVariant(id)!, set, kg)).toMatchObject({ mg: mgMax, by, source, ratioMgPerKg: ratio });
    },
  );

  it('[LA18] gives null where there is no maximum', () => {
    expect(maxDoseBinding(findVariant('oraverse')!, 'manufacturer', 70)).toBeNull();
  });
});
