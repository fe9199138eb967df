import { describe, expect, it } from 'vitest';
import {
  INHALATION_AGENTS,
  ORAL_SEDATIVES,
  convertMass,
  countablePreMeds,
  dosePctOfMax,
  dosePerKg,
  pctOfMaxForDisplay,
  drugTotals,
  infusionTotal,
  inhalationAgentsFor,
  inhalationValueError,
  routeGroup,
} from './drugs.js';

const MIN = 60_000;

describe('routes and units', () => {
  it.each([
    ['IV', 'parenteral'],
    ['IMAD', 'parenteral'],
    ['IM', 'parenteral'],
    ['IN', 'parenteral'],
    ['PO', 'oral'],
    ['SL', 'oral'],
    ['local', 'local'],
    ['infusion', 'infusion'],
    ['infusionBolus', 'infusion'],
    ['inhalation', 'inhalation'],
    ['fluid', 'fluid'],
    ['fluidBolus', 'fluid'],
    ['syringeFlush', 'fluid'],
  ] as const)('[DR1] %s is %s', (route, group) => {
    expect(routeGroup(route)).toBe(group);
  });

  it.each([
    [1, 'g', 'mg', 1000],
    [1, 'g', 'mcg', 1_000_000], // 1000 × 1000
    [250, 'mcg', 'mg', 0.25],
    [0.1, 'mg', 'mcg', 100],
    [5, 'mg', 'mg', 5],
    [1500, 'mg', 'g', 1.5],
  ] as const)('[DR2] %s %s is %s %s', (amount, from, to, out) => {
    expect(convertMass(amount, from, to)).toBe(out);
  });
});

describe('doses', () => {
  it.each([
    [2, 20, 0.1], // 2 mg / 20 kg
    [5, 70, 0.07], // 0.0714
    [5, null, null],
    [5, 0, null],
  ])('[DR3] %s over %s kg is %s per kg', (amount, kg, perKg) => {
    expect(dosePerKg(amount, kg)).toBe(perKg);
  });

  it.each([
    [{ amount: 5, unit: 'mg' }, { amount: 10, unit: 'mg' }, 50],
    [{ amount: 50, unit: 'mcg' }, { amount: 0.2, unit: 'mg' }, 25], // 50 mcg / 200 mcg
    [{ amount: 5, unit: 'mg' }, null, null],
    [{ amount: 5, unit: 'mg' }, { amount: 0, unit: 'mg' }, null],
    [{ amount: Number.NaN, unit: 'mg' }, { amount: 10, unit: 'mg' }, null],
  ] as const)('[DR4] %j of max %j is %s %%', (dose, max, pct) => {
    expect(dosePctOfMax(dose, max)).toBe(pct);
  });

  it.each([
    // [DR4] boundary: 10.004 mg of 10 mg = 100.04 %, kept unrounded (above 100), shown as 100.1
    [10.004, 100.04, 100.1],
    [10, 100, 100], // exactly the maximum
    [9.996, 99.96, 100], // below the maximum, shown rounded up
    [3.333, 33.33, 33.4],
  ])('[DR4] %s mg of a 10 mg maximum is %s %% unrounded, shown as %s %%', (amount, pct, shown) => {
    const value = dosePctOfMax({ amount, unit: 'mg' }, { amount: 10, unit: 'mg' })!;
    expect(value).toBeCloseTo(pct, 9);
    expect(value > 100).toBe(pct > 100);
    expect(pctOfMaxForDisplay(value)).toBe(shown);
  });

  it('[DR5] totals doses, procedure doses and waste when waste is calculated', () => {
    const t = drugTotals({
      unit: 'mg',
      doses: [
        { amount: 2, unit: 'mg', isPreProcedure: true },
        { amount: 1, unit: 'mg' },
        { amount: 500, unit: 'mcg' },
      ],
      drawn: [{ amount: 5, unit: 'mg' }],
      calculateDrugWaste: true,
      maxDose: { amount: 10, unit: 'mg' },
    });
    // total 2 + 1 + 0.5 = 3.5; during 1.5; drawn 5; wasted 5 − 3.5 = 1.5; 3.5 / 10 = 35 %
    expect(t).toEqual({
      unit: 'mg',
      total: 3.5,
      givenDuringProcedure: 1.5,
      totalDrawn: 5,
      wasted: 1.5,
      maxDose: { amount: 10, unit: 'mg' },
      pctOfMax: 35,
    });
  });

  it('[DR5] leaves waste null when drug waste is off and never below zero', () => {
    const off = drugTotals({
      unit: 'mg',
      doses: [{ amount: 1, unit: 'mg' }],
      drawn: [{ amount: 5, unit: 'mg' }],
      calculateDrugWaste: false,
    });
    expect([off.wasted, off.pctOfMax, off.maxDose]).toEqual([null, null, null]);
    const over = drugTotals({
      unit: 'mg',
      doses: [{ amount: 6, unit: 'mg' }],
      drawn: [{ amount: 5, unit: 'mg' }],
      calculateDrugWaste: true,
    });
    expect(over.wasted).toBe(0);
    const noDraw = drugTotals({ unit: 'mg', doses: [], calculateDrugWaste: true });
    expect([noDraw.total, noDraw.totalDrawn, noDraw.wasted]).toEqual([0, null, null]);
  });

  it('[DR6] counts pre-meds only with drugId and drugName', () => {
    const list = [
      { drugId: 'a', drugName: 'Midazolam' },
      { drugId: 12, drugName: 'Triazolam' },
      { drugId: '', drugName: 'x' },
      { drugId: 'b', drugName: ' ' },
      { drugName: 'y' },
      { drugId: 'c' },
    ];
    expect(countablePreMeds(list).map((p) => p.drugName)).toEqual(['Midazolam', 'Triazolam']);
  });
});

describe('catalogues', () => {
  it('[DR7] lists the 17 oral sedatives with mg except Fentanyl and Dexmedetomidine, PO and SL', () => {
    expect(ORAL_SEDATIVES).toHaveLength(17);
    expect(ORAL_SEDATIVES.filter((s) => s.unit === 'mcg').map((s) => s.name)).toEqual(['Fentanyl', 'Dexmedetomidine']);
    expect(ORAL_SEDATIVES.every((s) => s.availableRoutes.join() === 'PO,SL')).toBe(true);
    expect(ORAL_SEDATIVES.find((s) => s.name === 'Chloral hydrate')!.id).toBe('chloral-hydrate');
  });

  it.each([
    ['Nitrous Oxide', 25, 0.5],
    ['Sevoflurane', 8, null],
    ['Desflurane', 18, null],
    ['Isoflurane', 5, null],
    ['Oxygen', null, null],
  ])('[DR8] %s has max %s and step %s', (name, max, step) => {
    const a = INHALATION_AGENTS.find((x) => x.name === name)!;
    expect([a.max, a.step]).toEqual([max, step]);
  });

  it.each([
    ['moderate', false],
    ['deep', true],
    ['ga', true],
    [null, false],
  ] as const)('[DR9] Medical Air offered at %s: %s', (level, offered) => {
    expect(inhalationAgentsFor(level).some((a) => a.name === 'Medical Air')).toBe(offered);
  });

  it.each([
    ['Nitrous Oxide', 25, null],
    ['Nitrous Oxide', 25.5, 'max is 25'],
    ['Sevoflurane', 8.1, 'max is 8'],
    ['Oxygen', 100, null],
    ['Oxygen', -1, 'min is 0'],
    ['Oxygen', Number.NaN, 'invalid value'],
  ] as const)('[DR10] %s at %s gives %j', (name, value, message) => {
    expect(
      inhalationValueError(
        INHALATION_AGENTS.find((a) => a.name === name)!,
        value,
      ),
    ).toBe(message);
  });
});

describe('infusions', () => {
  it('[DR11] adds boluses and rate × time, per-kg rates times the pump weight', () => {
    // bolus 0.5 mg = 500 mcg; 1 mcg/kg/min × 20 kg × 30 min = 600 mcg; 60 mcg/hr for 30 min = 30 mcg → 1130 mcg
    expect(
      infusionTotal({
        unit: 'mcg',
        pumpKg: 20,
        boluses: [{ amount: 0.5, unit: 'mg' }],
        segments: [
          { rate: 1, rateUnit: 'mcg/kg/min', start: 0, end: 30 * MIN },
          { rate: 60, rateUnit: 'mcg/hr', start: 0, end: null },
        ],
        now: 30 * MIN,
      }),
    ).toBe(1130);
  });

  it('[DR11] needs a pump weight for per-kg rates and ignores negative durations', () => {
    expect(
      infusionTotal({
        unit: 'mg',
        pumpKg: null,
        boluses: [],
        segments: [{ rate: 1, rateUnit: 'mg/kg/hr', start: 0, end: 1 }],
        now: 0,
      }),
    ).toBeNull();
    expect(
      infusionTotal({
        unit: 'mg',
        pumpKg: null,
        boluses: [],
        segments: [{ rate: 1, rateUnit: 'mg/min', start: 10, end: 0 }],
        now: 0,
      }),
    ).toBe(0);
    // 2 mg/kg/hr × 10 kg × 1.5 h = 30 mg
    expect(
      infusionTotal({
        unit: 'mg',
        pumpKg: 10,
        boluses: [],
        segments: [{ rate: 2, rateUnit: 'mg/kg/hr', start: 0, end: 90 * MIN }],
        now: 0,
      }),
    ).toBe(30);
  });
});
