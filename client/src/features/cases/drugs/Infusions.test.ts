import { describe, expect, it } from 'vitest';
import { MINUTE, infusionTotal } from '@vigil/shared';
import { changeRate, type InfusionEntry } from './Infusions.js';
import { fluidTotals } from './Fluids.js';

describe('infusions (spec 001 §3, DR11)', () => {
  it('closes the running segment at a rate change and totals boluses plus rate × time × pump kg', () => {
    const start: InfusionEntry = {
      id: 'i1',
      name: 'Propofol',
      unit: 'mcg',
      bolusUnit: 'mg',
      pumpKg: 20,
      boluses: [{ amount: 10, unit: 'mg', time: 0 }],
      infusions: [{ rate: 100, rateUnit: 'mcg/kg/min', start: 0, end: null }],
    };
    const changed = changeRate(start, 10 * MINUTE, { rate: 50, rateUnit: 'mcg/kg/min' });
    expect(changed.infusions).toEqual([
      { rate: 100, rateUnit: 'mcg/kg/min', start: 0, end: 10 * MINUTE },
      { rate: 50, rateUnit: 'mcg/kg/min', start: 10 * MINUTE, end: null },
    ]);
    const stopped = changeRate(changed, 20 * MINUTE, null);
    // 10 mg bolus = 10,000 mcg; 100 × 10 × 20 = 20,000; 50 × 10 × 20 = 10,000.
    expect(
      infusionTotal({
        unit: 'mcg',
        pumpKg: 20,
        boluses: stopped.boluses,
        segments: stopped.infusions,
        now: 99 * MINUTE,
      }),
    ).toBe(40_000);
  });
});

describe('fluids (spec 001 §3 routes fluid, fluidBolus, syringeFlush)', () => {
  it('totals each solution in mL across its routes and leaves other drugs out', () => {
    const fluid = (
      id: string,
      name: string,
      route: 'fluid' | 'fluidBolus' | 'syringeFlush' | 'IV',
      amount: number,
    ) => ({
      id,
      name,
      drugId: name,
      doses: [
        {
          drugId: name,
          route,
          amount,
          amount_raw: '',
          unit: 'mL',
          time: 1,
          isPreProcedure: false,
          isComplete: true,
          perKg: null,
        },
      ],
    });
    const t = fluidTotals([
      fluid('a', 'LR', 'fluid', 250),
      fluid('b', 'LR', 'fluidBolus', 100),
      fluid('c', 'NS', 'syringeFlush', 5),
      fluid('d', 'Midazolam', 'IV', 2),
    ]);
    expect(t.map((x) => [x.name, x.totalMl])).toEqual([
      ['LR', 350],
      ['NS', 5],
    ]);
  });
});
