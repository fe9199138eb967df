import { describe, expect, it } from 'vitest';
import { REPORT_CHART } from '../constants/widgets.js';
import {
  chartLayout,
  columnOf,
  chartRows,
  chartSamples,
  chartSpan,
  maxColumnsPerBlock,
  vitalsAxisMax,
  vitalsGuides,
  vitalsReferenceSamples,
} from './chart.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 20, 14, 0);

describe('combo chart (spec 002 §9 chart constants)', () => {
  it('[RC2] fits (1080 - 100 - 72) / 37 = 24 columns across the default print width', () => {
    expect(REPORT_CHART).toMatchObject({ rowHeight: 16, leftGutter: 100, rightGutter: 72, minColumnWidth: 37 });
    expect(maxColumnsPerBlock(1080)).toBe(24); // floor(908 / 37) = 24
  });

  it('[RC2] a 50-minute case uses 5-minute columns, at least 14 at a large width', () => {
    const layout = chartLayout({ start: T0, end: T0 + 50 * MIN }, 1080);
    expect(layout.stepMinutes).toBe(5);
    expect(layout.blocks).toHaveLength(1);
    expect(layout.blocks[0]!.columns).toBe(14); // 10 needed, minimum 14 (large)
    expect(layout.blocks[0]!.columnWidth).toBeCloseTo(908 / 14);
  });

  it('[RC2] the grid ends at the case end: 10 columns for a 50-minute case, 11 when it ends a minute later', () => {
    const exact = chartLayout({ start: T0, end: T0 + 50 * MIN }, 1080);
    expect(exact.blocks[0]!.gridColumns).toBe(10); // 50 / 5, the end on a column boundary
    expect(exact.end).toBe(T0 + 50 * MIN);
    expect(exact.caseEnd).toBe(T0 + 50 * MIN);
    const later = chartLayout({ start: T0, end: T0 + 51 * MIN }, 1080);
    expect(later.blocks[0]!.gridColumns).toBe(11); // ceil(51 / 5)
    expect(later.end).toBe(T0 + 55 * MIN);
  });

  it('[RC2] a time at the case end falls in the last column; past the end in none', () => {
    const layout = chartLayout({ start: T0, end: T0 + 50 * MIN }, 1080);
    expect(columnOf(layout, T0 + 50 * MIN)).toBe(9);
    expect(columnOf(layout, T0 + 49 * MIN)).toBe(9);
    expect(columnOf(layout, T0)).toBe(0);
    expect(columnOf(layout, T0 + 51 * MIN)).toBeNull();
    expect(columnOf(layout, T0 - 1)).toBeNull();
  });

  it('[RC2] a small print width has at least 8 columns of at least 37 px', () => {
    const layout = chartLayout({ start: T0, end: T0 + 10 * MIN }, 600);
    expect(layout.blocks[0]!.columns).toBe(8);
    expect(layout.blocks[0]!.columnWidth).toBeGreaterThanOrEqual(37);
  });

  it('[RC2] a 4-hour case uses 10-minute columns, one block of 24', () => {
    const layout = chartLayout({ start: T0, end: T0 + 240 * MIN }, 1080);
    expect(layout.stepMinutes).toBe(10);
    expect(layout.blocks.map((b) => [b.columns, b.gridColumns])).toEqual([[24, 24]]);
  });

  it('[RC2] a longer case continues in a second block, its columns as wide as the minimum allows, its grid to the end', () => {
    const layout = chartLayout({ start: T0, end: T0 + 250 * MIN }, 1080);
    // 250 minutes / 10 → 25 columns: 24 in the first block, 1 in the second (14 slots wide).
    expect(layout.blocks.map((b) => [b.columns, b.gridColumns])).toEqual([
      [24, 24],
      [14, 1],
    ]);
    expect(layout.blocks[1]!.start - layout.blocks[0]!.start).toBe(24 * 10 * MIN);
  });

  it('[RC1] covers at most the max duration (spec 002 §9: 24 h)', () => {
    const span = chartSpan({ events: { caseStart: T0, end: T0 + 30 * 60 * MIN } }, 24 * 60 * MIN);
    expect(span).toEqual({ start: T0, end: T0 + 24 * 60 * MIN });
    expect(chartSpan({}, 24 * 60 * MIN)).toBeNull();
  });

  it.each([
    [[], 130],
    [[120, 80], 130],
    [[131], 150],
    [[180, 60], 200],
  ])('[RC3] values %j give a vitals axis maximum of %i (minimum 130, guides every 50)', (values, max) => {
    expect(vitalsAxisMax(values)).toBe(max);
  });

  it('[RC3] guides fall every 50', () => {
    expect(vitalsGuides(200)).toEqual([50, 100, 150, 200]);
  });

  it('[RC4] has inhalation, IV drug, infusion, local, oral and fluid rows, amounts per column and totals', () => {
    const caseData = {
      drugsAdministered: [
        {
          name: 'Midazolam',
          doses: [
            { route: 'IV', amount: 2, unit: 'mg', time: T0 + MIN },
            { route: 'IV', amount: 1, unit: 'mg', time: T0 + 2 * MIN },
          ],
        },
        { name: 'Nitrous Oxide', doses: [{ route: 'inhalation', amount: 4, unit: 'L/min', time: T0 }] },
        { name: 'Propofol', doses: [{ route: 'infusion', amount: 50, unit: 'mg', time: T0 + 20 * MIN }] },
        { name: 'Triazolam', doses: [{ route: 'PO', amount: 0.25, unit: 'mg', time: T0 }] },
        { name: 'LR', doses: [{ route: 'fluid', amount: 250, unit: 'mL', time: T0 + 30 * MIN }] },
      ],
      localDoses: [{ drugVariantId: 'unknown-variant', mg: 36, time: T0 + 5 * MIN }],
    };
    const layout = chartLayout({ start: T0, end: T0 + 40 * MIN }, 1080);
    const rows = chartRows(caseData, layout);
    expect(rows.map((r) => r.group)).toEqual(['inhalation', 'iv', 'infusion', 'local', 'oral', 'fluid']);
    const midazolam = rows.find((r) => r.label === 'Midazolam')!;
    expect(midazolam.total).toBe(3);
    expect(midazolam.cells.get(0)).toBe(3); // both doses in the first 5-minute column
    expect(rows.find((r) => r.group === 'local')!.cells.get(1)).toBe(36);
  });

  it('[RC5] the data reference keeps every manual entry and one monitor reading per 5-minute interval (spec 001 §9)', () => {
    // A monitor every 5 s for 1 hour: 720 readings → 12 intervals.
    const vitalsRecords = Array.from({ length: 720 }, (_, i) => ({
      lastUpdated: T0 + i * 5000,
      vitals: { hr: { value: 70, time: T0 + i * 5000 } },
    }));
    const manualVitals = [
      { time: T0 + 61_000, vitals: { sbp: 120 } },
      { time: T0 + 62_000, vitals: { dbp: 80 } },
    ];
    const rows = vitalsReferenceSamples({ vitalsRecords, manualVitals });
    expect(rows.filter((r) => !r.manual)).toHaveLength(12);
    expect(rows.filter((r) => r.manual)).toHaveLength(2);
    expect(vitalsReferenceSamples({ vitalsRecords, vitalsInterval: 10 }).length).toBe(6);
  });

  it('[RC6] the chart draws one monitor reading per tenth of a column and every manual entry', () => {
    const monitor = Array.from({ length: 120 }, (_, i) => ({
      time: T0 + i * 5000,
      values: { hr: 70 },
      temperatureUnit: null,
      manual: false,
      simulated: false,
    }));
    const manual = { time: T0 + 1000, values: { sbp: 120 }, temperatureUnit: null, manual: true, simulated: false };
    // 10 minutes of readings every 5 s: 30-second buckets for 5-minute columns → 20, 1-minute buckets → 10.
    expect(chartSamples([...monitor, manual], 5).filter((s) => !s.manual)).toHaveLength(20);
    expect(chartSamples(monitor, 10)).toHaveLength(10);
    expect(chartSamples([manual], 5)).toEqual([manual]);
  });
});
