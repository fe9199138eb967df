import { describe, expect, it } from 'vitest';
import { ALDRETE_ITEMS, itemMaxScore, PADS_ITEMS } from '../rules/discharge-score.js';
import { caseDoseWeight, doseWeight } from '../rules/ideal-body-weight.js';
import { caseDischarge } from './discharge.js';
import { runningHeaderOf, runningHeaderText, standaloneReportHtml } from './document.js';
import {
  AIRWAY_LABELS,
  DISCHARGE_CHOICE_LABELS,
  dischargeChoiceText,
  VITAL_CHART_SERIES,
  VITALS_SCORE_LABELS,
} from './labels.js';
import { chartedHeightUnit, chartedWeightUnit } from './Report.js';
import {
  anesthesiaTime,
  caseAgeYears,
  caseWeightKg,
  doseWeightText,
  drugTotalRows,
  epinephrineLine,
  localAmountText,
  localAnestheticReport,
  reportDoseWeightText,
} from './totals.js';

const T0 = Date.UTC(2026, 10, 20, 14, 0);
const MIN = 60_000;

describe('discharge labels (spec 001 §3 discharge scoring)', () => {
  it.each([...ALDRETE_ITEMS, ...PADS_ITEMS])('[RL1] %s has a meaning for every score it can take', (item) => {
    const max = itemMaxScore(item.startsWith('aldrete') ? 'aldrete' : 'pads', item)!;
    expect(DISCHARGE_CHOICE_LABELS[item]).toHaveLength(max + 1);
  });

  it('[RL1] a choice reads "score: meaning", never a bare number', () => {
    expect(dischargeChoiceText('aldreteConsciousness', 2)).toBe('2: Fully awake');
    expect(dischargeChoiceText('voided', 0)).toBe('0: Has not voided');
    expect(dischargeChoiceText('unknownItem', 1)).toBe('1');
    expect(VITALS_SCORE_LABELS).toHaveLength(3);
  });
});

describe('the discharge score of a case (spec 001 §3–§5)', () => {
  it('[RL2] computes from the case data what the Discharge section shows: items, vitals score, total and target', () => {
    // sbp 120 → 100: -16.7 %; hr 80 → 100: +25 % → largest 25 → vitals score 1. Items 2+2+2+2+2+1 = 11; total 12 of 12.
    const m = caseDischarge({
      dischargeScoreEntries: {
        aldreteOxygenation: { score: 2 },
        aldreteRespiratoryStability: { score: 2 },
        aldreteConsciousness: { score: 2 },
        aldretePain: { score: 2 },
        aldreteNausea: { score: 2 },
        aldreteGait: { score: 1 },
      },
      manualVitals: [{ time: T0, vitals: { sbp: 120, hr: 80 } }],
      vitalsRecords: [{ lastUpdated: T0 + 30 * MIN, vitals: { sbp: { value: 100 }, hr: { value: 100 } } }],
    });
    expect(m.type).toBe('aldrete');
    expect(m.items.map((i) => i.label)).toEqual([
      'Oxygenation',
      'Respiratory stability',
      'Consciousness',
      'Pain',
      'Nausea',
      'Gait',
    ]);
    expect(m.summary).toMatchObject({
      vitalsScore: 1,
      totalScore: 12,
      targetScore: 12,
      complete: true,
      meetsTarget: true,
    });
  });

  it('[RL2] PADS has a target of 9; an unknown type counts as Aldrete', () => {
    expect(caseDischarge({ dischargeScoreType: 'pads' }).summary.targetScore).toBe(9);
    expect(caseDischarge({ dischargeScoreType: 'other' }).type).toBe('aldrete');
  });
});

describe('amounts and units as charted', () => {
  it.each([
    [1, 'cartridges', '1 cartridge'],
    [2, 'cartridges', '2 cartridges'],
    [0.5, 'cartridges', '0.5 cartridges'],
    [1.8, 'ml', '1.8 mL'],
    [36, 'mg', '36 mg'],
    [3, null, '3'],
  ] as const)('[RL3] %s %s prints as "%s"', (amount, unit, printed) => {
    expect(localAmountText(amount, unit)).toBe(printed);
  });

  it('[RL3] no amount prints nothing', () => {
    expect(localAmountText(null, 'cartridges')).toBeNull();
  });

  it.each([
    ['70 kg', 'lb', 'kg'],
    ['154 lb', 'kg', 'lb'],
    ['154 lbs.', 'kg', 'lb'],
    ['70', 'kg', 'kg'],
    ['70', 'lb', 'lb'],
    [null, 'kg', 'kg'],
  ] as const)('[RL7] a weight charted as %j with the default %s prints in %s', (raw, def, unit) => {
    expect(chartedWeightUnit(raw, def)).toBe(unit);
  });

  it.each([
    ['165 cm', 'in', 'cm'],
    [`5'4"`, 'cm', 'in'],
    ['64 in', 'cm', 'in'],
    ['165', 'cm', 'cm'],
    ['64', 'in', 'in'],
  ] as const)('[RL7] a height charted as %j with the default %s prints in %s', (raw, def, unit) => {
    expect(chartedHeightUnit(raw, def)).toBe(unit);
  });

  it('reads the weight in kg and the age on the procedure date', () => {
    expect(caseWeightKg({ weight: { value: 70, raw: '70 kg' } })).toBe(70);
    expect(caseWeightKg({ weight: { value: 0 } })).toBeNull();
    expect(caseWeightKg({})).toBeNull();
    expect(caseAgeYears('2016-11-21', { procedureDate: '2026-11-20' }, 0)).toBe(9);
    expect(caseAgeYears('2016-11-20', { procedureDate: '2026-11-20' }, 0)).toBe(10);
    expect(caseAgeYears(null, {}, 0)).toBeNull();
  });
});

/** The actual weight as the dose weight (no height: no ideal body weight). */
const actual = (kg: number | null): ReturnType<typeof doseWeight> =>
  doseWeight({ weightKg: kg, heightCm: null, sex: null, ageYears: null });

describe('local anesthetic totals (spec 002 §3, §9; LA9–LA11)', () => {
  const dose = (variant: string, minutes: number, amount: number, unit: string, mg: number, epiMg?: number) => ({
    drugVariantId: variant,
    time: T0 + minutes * MIN,
    amount,
    unit,
    mg,
    ...(epiMg === undefined ? {} : { epiMg }),
  });

  it('[RL4] prints both limit sets per drug and marks the dose that passed a maximum, not the ones before', () => {
    // 70 kg: lidocaine with epi, manufacturer min(500, 7 × 70 = 490) = 490 mg; AAPD min(300, 4.4 × 70 = 308) = 300 mg.
    // 36 + 288 = 324 mg: 66.2 % of 490 (66.12 rounded up), 108 % of 300.
    const r = localAnestheticReport(
      {
        localDoses: [
          dose('lidocaine-epi100', 30, 8, 'cartridges', 288),
          dose('lidocaine-epi100', 10, 1, 'cartridges', 36),
        ],
      },
      actual(70),
    );
    expect(r.doses.map((d) => [d.amount, d.pastMaximum])).toEqual([
      ['1 cartridge', []],
      ['8 cartridges', ['aapd']],
    ]);
    expect(r.totals).toEqual([
      {
        drugId: 'lidocaine',
        name: 'Lidocaine',
        mg: 324,
        pct: { manufacturer: 66.2, aapd: 108 },
        maxMg: { manufacturer: 490, aapd: 300 },
      },
    ]);
    expect(r.combinedPct).toEqual({ manufacturer: 66.2, aapd: 108 });
    expect(r.weightMissing).toBe(false);
  });

  it('[RL4] a dose of another drug given once the combined total is past 100 % is marked too', () => {
    // 20 kg child: lidocaine AAPD min(300, 88) = 88 mg; 90 mg is 102.3 %. Articaine AAPD min(500, 140) = 140 mg.
    const r = localAnestheticReport(
      {
        localDoses: [
          dose('lidocaine-epi100', 0, 2.5, 'cartridges', 90),
          dose('articaine-epi100', 5, 0.5, 'cartridges', 36),
        ],
      },
      actual(20),
    );
    // Manufacturer: lidocaine min(500, 140) = 140 → 64.3 %, articaine 7 × 20 = 140 → 25.7 %: 90 % combined, not past.
    expect(r.doses.map((d) => d.pastMaximum)).toEqual([['aapd'], ['aapd']]);
    expect(r.combinedPct.aapd).toBe(128); // 102.27 + 25.71 = 127.99 → 128.0 rounded up
  });

  it('[RL4] without a weight only the absolute maxima apply, and the report says so', () => {
    const r = localAnestheticReport({ localDoses: [dose('lidocaine-epi100', 0, 1, 'cartridges', 36)] }, actual(null));
    expect(r.weightMissing).toBe(true);
    expect(r.totals[0]!.maxMg).toEqual({ manufacturer: 500, aapd: 300 });
  });
});

describe('the record doses local anesthetics as the tracker and the gate do (issue 29)', () => {
  const dose = (variant: string, minutes: number, cartridges: number, epiMg: number) => ({
    drugVariantId: variant,
    time: T0 + minutes * MIN,
    amount: cartridges,
    unit: 'cartridges',
    mg: 36 * cartridges,
    epiMg,
  });
  // A man of 40, 95 kg, 175 cm: Devine 50 + 2.3 × (175 / 2.54 − 60 = 8.897 in) = 70.46 → 70.4 kg (rounded down).
  const man = {
    weight: { value: 95, raw: '95 kg' },
    height: { value: 175, raw: '175 cm' },
    localDoses: [dose('lidocaine-epi100', 10, 3, 0.054), dose('lidocaine-epi100', 40, 3, 0.054)],
  };

  it('[RL9] works the maxima on the ideal body weight of an adult whose weight is above it, and names it', () => {
    const w = caseDoseWeight(man, { ageYears: 40, sex: 'male' });
    expect(w).toMatchObject({ kg: 70.4, basis: 'ideal', actualKg: 95, idealKg: 70.4 });
    const r = localAnestheticReport(man, w, { ageYears: 40, sex: 'male' });
    // 216 mg lidocaine. Manufacturer min(500, 7 × 70.4 = 492.8) = 492.8 mg → 216 / 492.8 = 43.83 % → 43.9 %.
    // AAPD min(300, 4.4 × 70.4 = 309.76) = 300 mg → 72 %. (On the actual 95 kg it would read 43.2 % of 500 mg.)
    expect(r.totals).toEqual([
      {
        drugId: 'lidocaine',
        name: 'Lidocaine',
        mg: 216,
        pct: { manufacturer: 43.9, aapd: 72 },
        maxMg: { manufacturer: 492.8, aapd: 300 },
      },
    ]);
    expect(r.weightText).toBe('Dosing on ideal body weight 70.4 kg (Devine, male); actual weight 95 kg.');
    // The tracker shows the very same words (it imports doseWeightText).
    expect(r.weightText).toBe(doseWeightText(w, 'male'));
  });

  it('[RL9] a woman of the same height doses on 65.9 kg: the past-maximum marks follow the dose weight', () => {
    // Devine 45.5 + 2.3 × 8.897 = 65.96 → 65.9 kg. AAPD min(300, 4.4 × 65.9 = 289.96 → 289.9) mg.
    // 9 cartridges = 324 mg: 111.8 % of AAPD; manufacturer 7 × 65.9 = 461.3 mg → 70.3 %. On 95 kg AAPD would be
    // 300 mg (108 %) and the first 8 cartridges (288 mg, 99.4 % of 289.9) stay under either way.
    const data = {
      ...man,
      localDoses: [dose('lidocaine-epi100', 10, 8, 0.144), dose('lidocaine-epi100', 40, 1, 0.018)],
    };
    const r = localAnestheticReport(data, caseDoseWeight(data, { ageYears: 40, sex: 'female' }), {
      ageYears: 40,
      sex: 'female',
    });
    expect(r.totals[0]!.maxMg).toEqual({ manufacturer: 461.3, aapd: 289.9 });
    expect(r.totals[0]!.pct).toEqual({ manufacturer: 70.3, aapd: 111.8 });
    expect(r.doses.map((d) => d.pastMaximum)).toEqual([[], ['aapd']]);
    expect(r.weightText).toBe('Dosing on ideal body weight 65.9 kg (Devine, female); actual weight 95 kg.');
  });

  it.each([
    // [age, height, expected text]
    [9, 130, 'Dosing on actual weight 30 kg (under 18: ideal body weight not used).'],
    [null, 130, 'Dosing on actual weight 30 kg (age unknown: ideal body weight not used).'],
    [40, null, 'Dosing on actual weight 30 kg (no height recorded: ideal body weight not worked out).'],
  ] as const)(
    '[RL9] a patient of age %s and height %s keeps the actual weight, and the record says why',
    (age, h, text) => {
      const w = doseWeight({ weightKg: 30, heightCm: h, sex: 'male', ageYears: age });
      expect(w.basis).toBe('actual');
      expect(reportDoseWeightText(w, 'male', age)).toBe(text);
    },
  );

  it('[RL9] an adult under their ideal body weight doses on the actual weight, with the ideal one beside it', () => {
    // 175 cm man of 60 kg: ideal 70.4 kg is above the actual, so the actual weight is used.
    const w = doseWeight({ weightKg: 60, heightCm: 175, sex: 'male', ageYears: 40 });
    expect(reportDoseWeightText(w, 'male', 40)).toBe(
      'Dosing on actual weight 60 kg (ideal body weight 70.4 kg, Devine, male).',
    );
    expect(reportDoseWeightText(actual(null), null, 40)).toBeNull();
  });

  it('[EP6] prints the visit’s epinephrine against the healthy limit: 0.108 of 0.2 mg', () => {
    // 6 cartridges of 1:100,000: 6 × 1.8 mL × 0.01 mg/mL = 0.108 mg; 0.108 / 0.2 = 54 %.
    const r = localAnestheticReport(man, caseDoseWeight(man, { ageYears: 40, sex: 'male' }));
    expect(r.epinephrine).toEqual({
      givenMg: 0.108,
      maxMg: 0.2,
      pct: 54,
      cardiac: false,
      past: false,
      text: 'Epinephrine this visit: 0.108 of 0.2 mg (54%), the limit of a visit for a healthy patient.',
    });
  });

  it('[EP6] with cardiovascular disease the limit is 0.04 mg, from the case switch or the health history, marked when past', () => {
    // 0.108 / 0.04 = 270 %.
    expect(epinephrineLine({ ...man, cardiacDisease: true }).text).toBe(
      'Epinephrine this visit: 0.108 of 0.04 mg (270%), the limit of a visit with cardiovascular disease; set on the case. PAST THE LIMIT.',
    );
    const history = { ...man, systemsReview: { cardiac: { entries: ['Hypertension'] } } };
    expect(epinephrineLine(history)).toMatchObject({ cardiac: true, past: true, maxMg: 0.04 });
    expect(epinephrineLine(history).text).toContain(
      'with cardiovascular disease; from the health history: Hypertension',
    );
    // The provider judged the history's finding not cardiovascular disease: the healthy limit.
    expect(epinephrineLine({ ...history, cardiacDisease: false }).text).toBe(
      'Epinephrine this visit: 0.108 of 0.2 mg (54%), the limit of a visit for a healthy patient.',
    );
  });

  it('[EP6] no local dose, no epinephrine line; a plain anesthetic counts 0 mg', () => {
    expect(localAnestheticReport({}, actual(70)).epinephrine).toBeNull();
    const plain = { localDoses: [dose('mepivacaine-plain', 0, 1, 0)] };
    expect(localAnestheticReport(plain, actual(70)).epinephrine).toMatchObject({ givenMg: 0, pct: 0, past: false });
  });
});

describe('drug totals and anesthesia time', () => {
  it('[RL5] adds each drug’s doses per route group in its first unit, against the maxima for this patient (DM2, DM3)', () => {
    // Midazolam IV for a 36-year-old: the adult row, 5 mg. 2 mg + 1000 mcg = 3 mg → 3 / 5 = 60 %.
    // Triazolam by mouth has a row of its own; nitrous oxide is not dosed by mass and has no total.
    const caseData = {
      drugsAdministered: [
        { name: 'Midazolam', drugId: 'midazolam', doses: [{ route: 'IV', amount: 2, unit: 'mg', time: 2 }] },
        {
          name: 'Midazolam',
          drugId: 'midazolam',
          doses: [{ route: 'IV', amount: 1000, unit: 'mcg', time: 1, isPreProcedure: true }],
        },
        { name: 'Nitrous Oxide', doses: [{ route: 'inhalation', amount: 4, unit: 'L/min' }] },
      ],
    };
    const rows = drugTotalRows(caseData, 70, 36);
    expect(rows).toEqual([
      {
        name: 'Midazolam',
        group: 'parenteral',
        unit: 'mcg',
        total: 3000,
        givenDuringProcedure: 2000,
        maxDose: { amount: 5, unit: 'mg' },
        pctOfMax: 60,
      },
    ]);
  });

  it('[RL5] a drug without a known maximum prints its totals without one', () => {
    const rows = drugTotalRows({
      drugsAdministered: [{ name: 'Custom', doses: [{ route: 'PO', amount: 1, unit: 'mg' }] }],
    });
    expect(rows).toMatchObject([{ name: 'Custom', group: 'oral', total: 1, maxDose: null, pctOfMax: null }]);
  });

  it('[RL6] anesthesia time is anesthesiaStart to anesthesiaEnd in minutes, units = minutes / 15 to 1 decimal', () => {
    // 100 minutes / 15 = 6.67 → 6.7 units.
    expect(anesthesiaTime({ events: { anesthesiaStart: T0, anesthesiaEnd: T0 + 100 * MIN } })).toEqual({
      minutes: 100,
      units: 6.7,
    });
    expect(anesthesiaTime({ events: { anesthesiaStart: T0 } })).toBeNull();
  });
});

describe('shared words and colours', () => {
  it('[RC7] every charted vital has its own colour: systolic and diastolic differ, temperature is charted', () => {
    const colours = VITAL_CHART_SERIES.map((s) => s.colour);
    expect(new Set(colours).size).toBe(colours.length);
    expect(VITAL_CHART_SERIES.map((s) => s.id)).toContain('temperature');
    expect(VITAL_CHART_SERIES.find((s) => s.id === 'temperature')!.keys).toContain('temp');
  });

  it('names every airway type', () => {
    expect(AIRWAY_LABELS.nc).toBe('Nasal cannula');
    expect(Object.values(AIRWAY_LABELS).every((l) => l.length > 0)).toBe(true);
  });
});

describe('running header (every printed page)', () => {
  it('[RL8] names patient, DOB and case id, and survives the trip through the standalone document', () => {
    const header = runningHeaderText({
      caseId: 'apt-1',
      patient: { id: 'p', givenName: 'Ada', familyName: 'O"Brien <&>', nickname: null, birthDate: '1990-01-02' },
      caseData: {},
    });
    expect(header).toBe('Patient: O"Brien <&>, Ada · DOB: 1990-01-02 · Case ID: apt-1');
    const html = standaloneReportHtml('<p>x</p>', 'T', 1080, header);
    expect(html).not.toContain('<&>');
    expect(runningHeaderOf(html)).toBe(header);
    expect(runningHeaderOf(standaloneReportHtml('<p>x</p>', 'T', 1080))).toBeNull();
  });
});
