import { describe, expect, it } from 'vitest';
import {
  DRUG_CATALOGUE,
  drugIdFor,
  findCatalogueDrug,
  readAmount,
  readChartTime,
  readDoseTime,
  drugWarnings,
  summarizeDrugs,
  type DrugEntry,
} from './model.js';

const dose = (
  id: string,
  name: string,
  route: 'IV' | 'PO' | 'IM',
  amount: number,
  unit: string,
  time: number,
  isPreProcedure = false,
): DrugEntry => ({
  id,
  name,
  drugId: drugIdFor(name),
  doses: [
    {
      drugId: drugIdFor(name),
      route,
      amount,
      amount_raw: String(amount),
      unit,
      time,
      isPreProcedure,
      isComplete: true,
      perKg: null,
    },
  ],
});

describe('drug catalogue (spec 002 §9 oral sedatives)', () => {
  it('offers Midazolam by mouth and by injection in mg, Fentanyl and Dexmedetomidine in mcg', () => {
    expect(findCatalogueDrug(' midazolam ')).toMatchObject({ name: 'Midazolam', unit: 'mg' });
    expect(findCatalogueDrug('Midazolam')!.routes).toEqual(expect.arrayContaining(['PO', 'SL', 'IV']));
    expect(findCatalogueDrug('Fentanyl')!.unit).toBe('mcg');
    expect(findCatalogueDrug('Dexmedetomidine')!.unit).toBe('mcg');
    expect(findCatalogueDrug('Chloral hydrate')!.routes).toEqual(['PO', 'SL']);
    expect(new Set(DRUG_CATALOGUE.map((d) => d.id)).size).toBe(DRUG_CATALOGUE.length);
  });

  it('gives an unlisted drug a custom id from its name', () => {
    expect(drugIdFor('Magic Elixir')).toBe('custom-magic-elixir');
  });
});

describe('typed amounts and times (spec 002 §5)', () => {
  it.each([
    ['2.5', 2.5, null],
    ['', null, null],
    ['0', null, 'invalid value'],
    ['-1', null, 'min is 0'],
    ['2x', null, 'invalid value'],
  ])('reads %j as %j with error %j', (text, value, error) => {
    expect(readAmount(text)).toEqual({ value, error });
  });

  it('reads an empty time as now, a lenient time on the same day, and refuses nonsense with the spec text', () => {
    const now = new Date(2026, 10, 22, 14, 7).getTime();
    expect(readChartTime('', now).value).toBe(now);
    expect(readChartTime('930', now).value).toBe(new Date(2026, 10, 22, 9, 30).getTime());
    expect(readChartTime('1:30p', now).value).toBe(new Date(2026, 10, 22, 13, 30).getTime());
    expect(readChartTime('25:00', now)).toEqual({ value: null, error: 'Invalid time input use HH:MM' });
  });

  it('[DT1] takes a dose time in the past or now, and refuses one in the future with the spec text', () => {
    const now = new Date(2026, 10, 22, 14, 7, 30).getTime();
    expect(readDoseTime('', now)).toEqual({ value: now, error: null });
    expect(readDoseTime('1400', now)).toEqual({ value: new Date(2026, 10, 22, 14, 0).getTime(), error: null });
    // The current minute is not the future (14:07:00 is before 14:07:30).
    expect(readDoseTime('14:07', now).value).toBe(new Date(2026, 10, 22, 14, 7).getTime());
    expect(readDoseTime('14:08', now)).toEqual({ value: null, error: 'max is 14:07' });
    expect(readDoseTime('x', now)).toEqual({ value: null, error: 'Invalid time input use HH:MM' });
  });
});

describe('drug totals by the shared rule [DR5]', () => {
  it('sums doses per drug and route group in the first dose unit, excluding pre-procedure doses from during-procedure', () => {
    const s = summarizeDrugs(
      [
        dose('a', 'Midazolam', 'PO', 10, 'mg', 1),
        dose('b', 'Midazolam', 'IV', 2, 'mg', 2, true),
        dose('c', 'Midazolam', 'IV', 500, 'mcg', 3),
        dose('d', 'Fentanyl', 'IV', 25, 'mcg', 4),
      ],
      false,
    );
    const by = Object.fromEntries(s.map((x) => [x.key, x]));
    expect(by['oral:midazolam']!.totals).toMatchObject({
      unit: 'mg',
      total: 10,
      givenDuringProcedure: 10,
      wasted: null,
    });
    // 2 mg + 500 mcg = 2.5 mg; the 2 mg was given before the procedure.
    expect(by['parenteral:midazolam']!.totals).toMatchObject({ total: 2.5, givenDuringProcedure: 0.5 });
    expect(by['parenteral:fentanyl']!.totals).toMatchObject({ unit: 'mcg', total: 25 });
    expect(by['parenteral:midazolam']!.doses.map((d) => d.entryId)).toEqual(['b', 'c']);
  });

  it('counts waste (drawn − given) only when the case calculates drug waste', () => {
    const entries: DrugEntry[] = [
      { id: 'w', name: 'Midazolam', drugId: 'midazolam', drawn: { amount: 5, unit: 'mg', time: 0 } },
      dose('x', 'Midazolam', 'IV', 2, 'mg', 1),
      dose('y', 'Midazolam', 'IV', 1, 'mg', 2),
    ];
    expect(summarizeDrugs(entries, true)[0]!.totals).toMatchObject({ total: 3, totalDrawn: 5, wasted: 2 });
    expect(summarizeDrugs(entries, false)[0]!.totals.wasted).toBeNull();
  });
});

describe('maxima of the case drugs [DM3] [DM5]', () => {
  const entries = [dose('a', 'Midazolam', 'PO', 7.5, 'mg', 1), dose('b', 'Midazolam', 'IV', 10, 'mg', 2)];
  const child = { weightKg: 15, ageYears: 4 };

  it('[DM3] gives each route group its maximum and percent for the patient', () => {
    const by = Object.fromEntries(summarizeDrugs(entries, false, child).map((x) => [x.key, x.totals]));
    // PO: 0.5 × 15 = 7.5 mg, 7.5 / 7.5 = 100 %; IV: min(0.6 × 15, 6) = 6 mg, 10 / 6 = 166.7 %
    expect(by['oral:midazolam']).toMatchObject({ maxDose: { amount: 7.5, unit: 'mg' } });
    expect(by['oral:midazolam']!.pctOfMax).toBeCloseTo(100, 9);
    expect(by['parenteral:midazolam']).toMatchObject({ maxDose: { amount: 6, unit: 'mg' } });
    expect(by['parenteral:midazolam']!.pctOfMax).toBeCloseTo(166.6667, 3);
  });

  it('[DM5] warns on the drug across every route: 10 mg IV after 7.5 mg PO is 266.7 % (issue 25)', () => {
    expect(drugWarnings(entries, child).map((i) => i.message)).toEqual(['Midazolam is at 266.7% of its maximum dose']);
  });
});
