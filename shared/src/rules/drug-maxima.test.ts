import { describe, expect, it } from 'vitest';
import { ORAL_SEDATIVES } from './drugs.js';
import {
  DRUG_MAXIMA,
  checkDoseAgainstMaximum,
  cumulativePctOfMax,
  drugAgeWarning,
  drugMaximum,
  drugMaximumIssues,
  drugTotals,
  overMaximumLines,
} from './drugs.js';

/** The parenteral drugs the drugs form offers by name (client/src/features/cases/drugs/model.ts). */
const PARENTERAL_CATALOGUE = [
  'midazolam',
  'fentanyl',
  'propofol',
  'ketamine',
  'dexmedetomidine',
  'meperidine',
  'nalbuphine',
  'remifentanil',
  'methohexital',
  'diphenhydramine',
  'promethazine',
  'glycopyrrolate',
  'atropine',
  'ondansetron',
  'dexamethasone',
  'ketorolac',
  'acetaminophen',
  'flumazenil',
  'naloxone',
];

describe('the maxima table', () => {
  it.each([...PARENTERAL_CATALOGUE, ...ORAL_SEDATIVES.map((s) => s.id)])(
    '[DM1] %s has a maximum by IV or by mouth, with its source',
    (drugId) => {
      const rows = DRUG_MAXIMA.filter((r) => r.drugId === drugId);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.perKg != null || r.absolute != null).toBe(true);
        expect(r.source.length).toBeGreaterThan(10);
      }
    },
  );

  it.each(ORAL_SEDATIVES.map((s) => [s.id] as const))('[DM1] oral sedative %s has a maximum by PO', (drugId) => {
    expect(drugMaximum(drugId, 'PO', 70, 40)).not.toBeNull();
  });

  it('[DM1] every row of a drug uses one unit, the catalogue unit (fentanyl and dexmedetomidine in mcg)', () => {
    for (const id of new Set(DRUG_MAXIMA.map((r) => r.drugId))) {
      const units = new Set(DRUG_MAXIMA.filter((r) => r.drugId === id).map((r) => r.unit));
      expect(units.size).toBe(1);
    }
    expect(drugMaximum('fentanyl', 'IV', 20, 8)?.unit).toBe('mcg');
    expect(drugMaximum('dexmedetomidine', 'IV', 20, 8)?.unit).toBe('mcg');
  });
});

describe('a drug maximum for a patient', () => {
  it.each([
    // drug, route, kg, age, max, hand calculation
    ['midazolam', 'IV', 15, 4, 6, '0.6 × 15 = 9 mg, absolute 6 mg → 6 (FDA label, 6 months–5 years)'],
    ['midazolam', 'IV', 10, 3, 6, '0.6 × 10 = 6 mg, absolute 6 mg → 6'],
    ['midazolam', 'IV', 8, 1, 4.8, '0.6 × 8 = 4.8 mg < 6 mg'],
    ['midazolam', 'IV', 20, 8, 8, '0.4 × 20 = 8 mg < 10 mg (6–12 years)'],
    ['midazolam', 'IV', 70, 40, 5, 'adults: 5 mg'],
    ['midazolam', 'IV', 70, 72, 3.5, '60 and over: 3.5 mg'],
    ['midazolam', 'PO', 15, 4, 7.5, '0.5 × 15 = 7.5 mg < 20 mg (oral syrup label)'],
    ['midazolam', 'PO', 60, 15, 20, '0.5 × 60 = 30 mg, absolute 20 mg → 20'],
    ['midazolam', 'IM', 20, 8, 3, '0.15 × 20 = 3 mg < 10 mg'],
    ['midazolam', 'IN', 20, 8, 6, '0.3 × 20 = 6 mg < 10 mg'],
    ['midazolam', 'IMAD', 15, 4, 6, 'IMAD has no row: the IV row, 6 mg'],
    ['fentanyl', 'IV', 20, 8, 40, '2 mcg × 20 = 40 mcg < 100 mcg'],
    ['fentanyl', 'IV', 80, 40, 100, '2 × 80 = 160 mcg, absolute 100 mcg'],
    ['propofol', 'IV', 20, 8, 50, '2.5 × 20 = 50 mg (no absolute)'],
    ['propofol', 'IV', 80, 70, 120, '55 and over: 1.5 × 80 = 120 mg'],
    ['ketamine', 'IM', 20, 8, 80, '4 × 20 = 80 mg'],
    ['ketamine', 'IN', 20, 8, 40, 'IN: the IV row, 2 × 20 = 40 mg'],
    ['flumazenil', 'IV', 15, 4, 0.75, '0.05 × 15 = 0.75 mg < 1 mg'],
    ['flumazenil', 'IV', 30, 10, 1, '0.05 × 30 = 1.5 mg, absolute 1 mg'],
    ['clonidine', 'PO', 15, 4, 0.06, '0.004 × 15 = 0.06 mg < 0.2 mg'],
    ['triazolam', 'PO', 70, 40, 0.5, 'absolute 0.5 mg under 65'],
    ['triazolam', 'PO', 70, 70, 0.25, '65 and over: 0.25 mg'],
    ['chloral-hydrate', 'PO', 15, 4, 750, '50 × 15 = 750 mg < 1000 mg'],
    ['promethazine', 'PO', 15, 4, 15, '1 × 15 = 15 mg < 25 mg'],
    ['ondansetron', 'IV', 15, 4, 1.5, '0.1 × 15 = 1.5 mg < 4 mg'],
    ['acetaminophen', 'PO', 15, 4, 225, '15 × 15 = 225 mg'],
    ['ketorolac', 'IV', 20, 8, 10, '0.5 × 20 = 10 mg < 15 mg'],
    ['diazepam', 'PO', 33.3, 9, 9.99, '0.3 × 33.3 = 9.99 mg < 10 mg'],
  ] as const)('[DM2] %s %s for %s kg at %s years: %s (%s)', (drug, route, kg, age, max, _calculation) => {
    expect(drugMaximum(drug, route, kg, age)?.maxDose.amount).toBe(max);
  });

  it('[DM2] rounds down to 0.01, never overstating the maximum', () => {
    // clonidine 0.004 mg/kg × 13.7 kg = 0.0548 → 0.05
    expect(drugMaximum('clonidine', 'PO', 13.7, 4)?.maxDose.amount).toBe(0.05);
  });

  it('[DM2] applies the absolute alone without a weight and says the per-kg maximum was not checked', () => {
    const m = drugMaximum('midazolam', 'IV', null, 4);
    expect(m).toMatchObject({ maxDose: { amount: 6, unit: 'mg' }, perKgChecked: false, ageChecked: true });
    // propofol has no absolute: without a weight there is no maximum to give
    expect(drugMaximum('propofol', 'IV', null, 30)).toBeNull();
    expect(drugMaximum('propofol', 'IV', 0, 30)).toBeNull();
  });

  it('[DM2] without an age takes the strictest per-kg and absolute of every band', () => {
    // midazolam IV bands: 0.6/6, 0.4/10, –/5, –/3.5 → 0.4 mg/kg and 3.5 mg: min(0.4 × 15 = 6, 3.5) = 3.5
    const m = drugMaximum('midazolam', 'IV', 15, null);
    expect(m).toMatchObject({ perKg: 0.4, absolute: 3.5, maxDose: { amount: 3.5 }, ageChecked: false });
    expect(m?.source).toContain('60 years');
  });

  it('[DM2] has no maximum for a drug or route it does not know', () => {
    expect(drugMaximum('custom-magic-water', 'IV', 20, 8)).toBeNull();
    expect(drugMaximum('triazolam', 'IV', 20, 8)).toBeNull();
    expect(drugMaximum('midazolam', 'local', 20, 8)).toBeNull();
  });

  it('[DM2] names its source', () => {
    expect(drugMaximum('midazolam', 'IV', 15, 4)?.source).toContain('FDA label, midazolam injection');
    expect(drugMaximum('midazolam', 'PO', 15, 4)?.source).toContain('oral syrup');
  });
});

describe('cumulative share and the check before a dose', () => {
  const child = { drugId: 'midazolam', weightKg: 15, ageYears: 4 };

  it('[DM3] adds each dose against its own route: 7.5 mg PO then 3 mg IV is 150 %', () => {
    // 7.5 / 7.5 = 100 %; 3 / 6 = 50 %
    const c = cumulativePctOfMax(
      [
        { amount: 7.5, unit: 'mg', route: 'PO' },
        { amount: 3, unit: 'mg', route: 'IV' },
      ],
      child,
    );
    expect(c.pct).toBeCloseTo(150, 9);
    expect(c.maxima.map((m) => m.route)).toEqual(['IV', 'PO']); // 6 mg before 7.5 mg: strictest first
    expect(c.uncounted).toEqual([]);
  });

  it('[DM3] converts units and lists doses it cannot count', () => {
    // 1500 mcg = 1.5 mg of 6 mg = 25 %
    const c = cumulativePctOfMax(
      [
        { amount: 1500, unit: 'mcg', route: 'IV' },
        { amount: 1, unit: 'mL', route: 'IV' },
        { amount: 1, unit: 'mg', route: 'local' },
      ],
      child,
    );
    expect(c.pct).toBeCloseTo(25, 9);
    expect(c.uncounted).toEqual([1, 2]);
  });

  it('[DM3] drugTotals with maxima gives maxDose and pctOfMax from the table', () => {
    const t = drugTotals({
      unit: 'mg',
      doses: [
        { amount: 2, unit: 'mg', route: 'IV' },
        { amount: 1, unit: 'mg', route: 'IV' },
      ],
      calculateDrugWaste: false,
      maxima: child,
    });
    // 3 mg of 6 mg
    expect(t.maxDose).toEqual({ amount: 6, unit: 'mg' });
    expect(t.pctOfMax).toBeCloseTo(50, 9);
    expect(t.maxima?.[0]?.source).toContain('midazolam injection');
  });

  it('[DM4] 10 mg IV midazolam after 7.5 mg PO for a 15 kg four-year-old needs confirmation (issue 25)', () => {
    // before: 7.5 / 7.5 = 100 %; after: + 10 / 6 = 166.67 % → 266.67 %
    const c = checkDoseAgainstMaximum({
      drugId: 'midazolam',
      drugName: 'Midazolam',
      dose: { amount: 10, unit: 'mg', route: 'IV' },
      given: [{ amount: 7.5, unit: 'mg', route: 'PO' }],
      weightKg: 15,
      ageYears: 4,
    });
    expect(c.exceeds).toBe(true);
    expect(c.pctBefore).toBeCloseTo(100, 9);
    expect(c.pctAfter).toBeCloseTo(266.6667, 3);
    expect(c.routeTotalAfter).toBe(10);
    expect(overMaximumLines(c, { amount: 10, unit: 'mg', route: 'IV' }, 15)).toEqual([
      'Midazolam 10 mg IV',
      'Total after this dose: 10 mg IV',
      'Maximum: 6 mg IV (0.6 mg/kg for 15 kg, at most 6 mg)',
      '266.7% of the maximum dose (all routes counted)',
    ]);
  });

  it('[DM4] a dose that reaches exactly 100 % does not need confirming; one past it does', () => {
    const q = { drugId: 'midazolam', drugName: 'Midazolam', weightKg: 15, ageYears: 4 };
    expect(checkDoseAgainstMaximum({ ...q, dose: { amount: 7.5, unit: 'mg', route: 'PO' }, given: [] }).exceeds).toBe(
      false,
    );
    expect(checkDoseAgainstMaximum({ ...q, dose: { amount: 7.6, unit: 'mg', route: 'PO' }, given: [] }).exceeds).toBe(
      true,
    );
  });

  it('[DM4] a drug without a maximum is never blocked, and says so', () => {
    const c = checkDoseAgainstMaximum({
      drugId: 'custom-x',
      drugName: 'X',
      dose: { amount: 1000, unit: 'mg', route: 'IV' },
      given: [],
      weightKg: 15,
      ageYears: 4,
    });
    expect(c).toMatchObject({ exceeds: false, maximum: null, pctAfter: null, routeTotalAfter: 1000 });
    expect(overMaximumLines(c, { amount: 1000, unit: 'mg', route: 'IV' }, 15)).toContain('No maximum for IV');
  });

  it('[DM5] warns past 100 %, without a weight, without an age and for a route without a maximum', () => {
    const issues = drugMaximumIssues(
      [
        {
          name: 'Midazolam',
          drugId: 'midazolam',
          doses: [
            { amount: 7.5, unit: 'mg', route: 'PO' },
            { amount: 10, unit: 'mg', route: 'IV' },
          ],
        },
        { name: 'Triazolam', drugId: 'triazolam', doses: [{ amount: 0.25, unit: 'mg', route: 'IV' }] },
      ],
      15,
      4,
    );
    expect(issues.map((i) => [i.code, i.message])).toEqual([
      ['DRUG_MAX_EXCEEDED', 'Midazolam is at 266.7% of its maximum dose'],
      ['DRUG_NO_MAXIMUM', 'Triazolam IV has no maximum on file: this dose is not checked against a maximum.'],
    ]);
    expect(issues.every((i) => i.severity === 'warning')).toBe(true);
    const unknown = drugMaximumIssues(
      [{ name: 'Midazolam', drugId: 'midazolam', doses: [{ amount: 1, unit: 'mg', route: 'IV' }] }],
      null,
      null,
    ).map((i) => i.code);
    expect(unknown).toEqual(['DRUG_WEIGHT_MISSING', 'DRUG_AGE_MISSING']);
  });
});

describe('age warnings of the drugs', () => {
  it.each([
    ['promethazine', 'PO', 1, 'Promethazine is contraindicated in children under 2 years'],
    ['promethazine', 'IV', 2, null],
    ['fentanyl', 'IV', 1.5, 'Fentanyl injection: safety and efficacy in children under 2 years'],
    ['fentanyl', 'PO', 1.5, null],
    ['triazolam', 'PO', 16, 'Triazolam: safety and effectiveness in patients under 18'],
    ['triazolam', 'PO', 18, null],
    ['ketorolac', 'PO', 12, 'Ketorolac tablets are not indicated for patients under 17.'],
    ['ketorolac', 'IV', 12, null],
    ['promethazine', 'PO', null, null],
    ['midazolam', 'IV', 1, null],
  ] as const)('[DM6] %s %s at %s years warns %j', (drug, route, age, text) => {
    const w = drugAgeWarning(drug, route, age);
    if (text == null) expect(w).toBeNull();
    else {
      expect(w?.text).toContain(text);
      expect(w?.source).toContain('FDA label');
    }
  });
});

describe('texts and edge cases of the maxima', () => {
  it('[DM3] a dose without a route is not counted, and drugTotals then has no maximum', () => {
    const t = drugTotals({
      unit: 'mg',
      doses: [{ amount: 2, unit: 'mg' }],
      calculateDrugWaste: false,
      maxima: { drugId: 'midazolam', weightKg: 15, ageYears: 4 },
    });
    expect(t).toMatchObject({ maxDose: null, pctOfMax: null, uncounted: [0] });
  });

  it('[DM4] words a maximum without a weight, a per-kg-only one, and a first dose without "all routes"', () => {
    // propofol 20 kg, 8 years: 2.5 × 20 = 50 mg, no absolute
    const propofol = checkDoseAgainstMaximum({
      drugId: 'propofol',
      drugName: 'Propofol',
      dose: { amount: 60, unit: 'mg', route: 'IV' },
      given: [],
      weightKg: 20,
      ageYears: 8,
    });
    expect(overMaximumLines(propofol, { amount: 60, unit: 'mg', route: 'IV' }, 20)).toEqual([
      'Propofol 60 mg IV',
      'Total after this dose: 60 mg IV',
      'Maximum: 50 mg IV (2.5 mg/kg for 20 kg)',
      '120% of the maximum dose',
    ]);
    // midazolam without a weight: the absolute alone, 6 mg
    const noWeight = checkDoseAgainstMaximum({
      drugId: 'midazolam',
      drugName: 'Midazolam',
      dose: { amount: 7, unit: 'mg', route: 'IV' },
      given: [],
      weightKg: null,
      ageYears: 4,
    });
    expect(overMaximumLines(noWeight, { amount: 7, unit: 'mg', route: 'IV' }, null)[2]).toBe(
      'Maximum: 6 mg IV (at most 6 mg)',
    );
    // a dose in mL cannot be totalled against a mg maximum: the typed amount is shown
    const ml = checkDoseAgainstMaximum({
      drugId: 'custom-x',
      drugName: 'X',
      dose: { amount: 3, unit: 'mL', route: 'IV' },
      given: [],
      weightKg: 20,
      ageYears: 8,
    });
    expect(ml.routeTotalAfter).toBe(3);
  });

  it('[DM5] a drug the table does not know is not reported as missing a maximum by route', () => {
    expect(
      drugMaximumIssues([{ name: 'X', drugId: 'custom-x', doses: [{ amount: 1, unit: 'mg', route: 'IV' }] }], 20, 8),
    ).toEqual([]);
  });
});
