import { REPORT_CHART } from '../constants/widgets.js';
import { MINUTE } from '../constants/time.js';
import type { ReportInput } from './model.js';
import { drugDoses } from './rules.js';
import { num, record, records, text, timeOf, type CaseRecord } from '../case-data/read.js';
import { monitorRecords } from '../case-data/readings.js';
import { findVariant, LOCAL_ANESTHETIC_DRUGS } from '../rules/local-anesthetics.js';
import { vitalsIntervalMinutes } from '../rules/vitals.js';
import { readingMap } from '../rules/vitals-chart.js';

/** The combo chart's geometry and rows (spec 002 §2, §9). Pure: the components only draw it. */

export interface ChartBlock {
  /** Epoch ms of the first column. */
  start: number;
  /** Column slots in this block: they set the column width (at least the spec's minimum columns). */
  columns: number;
  /** Columns drawn as grid: up to the column that holds the case's end (never past it). */
  gridColumns: number;
  columnWidth: number;
}

export interface ChartLayout {
  start: number;
  /** The end of the grid: the end of the column holding the case's end (the case's end itself on a boundary). */
  end: number;
  /** The case's end (the last charted time, RC1): the grid stops at the column holding it. */
  caseEnd: number;
  stepMinutes: 5 | 10;
  blocks: ChartBlock[];
}

/** [RC1] The span the chart covers: first to last charted time, capped at the max duration (spec 002 §9: 24 h). */
export function chartSpan(caseData: CaseRecord, maxDurationMs: number): { start: number; end: number } | null {
  const times: number[] = [];
  for (const t of Object.values(record(caseData.events) ?? {})) {
    const ms = timeOf(t);
    if (ms !== null) times.push(ms);
  }
  for (const v of vitalSamples(caseData)) times.push(v.time);
  for (const d of drugDoses(caseData)) {
    const ms = timeOf(d.dose.time);
    if (ms !== null) times.push(ms);
  }
  for (const d of records(caseData.localDoses)) {
    const ms = timeOf(d.time);
    if (ms !== null) times.push(ms);
  }
  if (times.length === 0) return null;
  const start = Math.min(...times);
  const end = Math.min(Math.max(...times), start + maxDurationMs);
  return { start, end };
}

/** Columns that fit across the print width at the minimum column width (spec 002 §9). */
export function maxColumnsPerBlock(printWidth: number): number {
  const plot = printWidth - REPORT_CHART.leftGutter - REPORT_CHART.rightGutter;
  return Math.max(1, Math.floor(plot / REPORT_CHART.minColumnWidth));
}

/**
 * [RC2] Chart layout (spec 002 §9): 5-minute columns when the case fits one block at that step,
 * else 10-minute columns; at least 8 columns (small) or 14 (large, a print width of 1000 px or
 * more); columns at least 37 px wide between a 100 px left and 72 px right gutter; a longer case
 * continues in further blocks. The minimum columns set the columns' width only: the grid is drawn
 * up to the column holding the case's end and stops there (issue 25: a grid running on past the
 * end reads as if the patient was still monitored).
 */
export function chartLayout(span: { start: number; end: number }, printWidth: number): ChartLayout {
  const perBlock = maxColumnsPerBlock(printWidth);
  const minColumns = Math.min(
    perBlock,
    printWidth >= 1000 ? REPORT_CHART.minColumns.large : REPORT_CHART.minColumns.small,
  );
  const [small, large] = REPORT_CHART.columnStepMinutes;
  const minutes = Math.max(0, span.end - span.start) / MINUTE;
  const stepMinutes: 5 | 10 = Math.floor(minutes / small) + 1 <= perBlock ? small : large;
  const start = Math.floor(span.start / (stepMinutes * MINUTE)) * stepMinutes * MINUTE;
  // Columns up to the case's end: an end on a column boundary closes the grid there.
  const used = Math.max(1, Math.ceil((span.end - start) / (stepMinutes * MINUTE)));
  const plot = printWidth - REPORT_CHART.leftGutter - REPORT_CHART.rightGutter;
  const blocks: ChartBlock[] = [];
  for (let first = 0; first < used; first += perBlock) {
    const gridColumns = Math.min(perBlock, used - first);
    const columns = Math.max(gridColumns, minColumns);
    blocks.push({
      start: start + first * stepMinutes * MINUTE,
      columns,
      gridColumns,
      columnWidth: Math.max(REPORT_CHART.minColumnWidth, plot / columns),
    });
  }
  return { start, end: start + used * stepMinutes * MINUTE, caseEnd: span.end, stepMinutes, blocks };
}

/** [RC3] The vitals axis maximum: at least 130, else the highest value rounded up to the guide step of 50. */
export function vitalsAxisMax(values: readonly number[]): number {
  const highest = values.length === 0 ? 0 : Math.max(...values);
  const max = Math.max(REPORT_CHART.vitalsAxisMinMax, highest);
  return max === REPORT_CHART.vitalsAxisMinMax
    ? max
    : Math.ceil(max / REPORT_CHART.vitalsGuideEvery) * REPORT_CHART.vitalsGuideEvery;
}

/** Guide lines of the vitals axis every 50 (spec 002 §9), from 0 up to the axis max. */
export function vitalsGuides(axisMax: number): number[] {
  const guides: number[] = [];
  for (let v = REPORT_CHART.vitalsGuideEvery; v <= axisMax; v += REPORT_CHART.vitalsGuideEvery) guides.push(v);
  return guides;
}

export interface VitalSample {
  time: number;
  values: Record<string, number>;
  temperatureUnit: 'C' | 'F' | null;
  /** Entered by hand (manualVitals) rather than read from a monitor. */
  manual: boolean;
  /** Written by the simulated monitor (the record's `simulated` flag), not read from the patient (SIM1). */
  simulated: boolean;
}

/** [SIM1] Whether a monitor record was written by the simulated monitor (spec 002 §3 `simulated`). */
export function isSimulatedRecord(r: { simulated?: unknown }): boolean {
  return r.simulated === true;
}

/** [SIM1] Whether the case holds any simulated monitor reading: its report then says so on every page. */
export function hasSimulatedReadings(caseData: CaseRecord): boolean {
  return monitorRecords(caseData).some(isSimulatedRecord);
}

/**
 * Vital samples of the case: manual vitals and recorded monitor samples ({time, vitals}), by
 * time. A sample with SBP and DBP but no MAP carries the MAP computed from them (VC1), so the
 * chart draws it and the Vitals Data Reference prints it.
 */
export function vitalSamples(caseData: CaseRecord): VitalSample[] {
  const samples: VitalSample[] = [];
  const add = (r: CaseRecord, values: unknown, manual: boolean, simulated: boolean): void => {
    const time = timeOf(r.time ?? r.lastUpdated);
    const v = record(values);
    if (time === null || !v) return;
    const clean: Record<string, number> = {};
    for (const [k, n] of Object.entries(v)) {
      const value = num(n) ?? num(record(n)?.value);
      if (value !== null) clean[k] = value;
    }
    const map = readingMap(clean);
    if (map !== null) clean.map = map;
    if (Object.keys(clean).length > 0)
      samples.push({
        time,
        values: clean,
        temperatureUnit: r.temperatureUnit === 'C' || r.temperatureUnit === 'F' ? r.temperatureUnit : null,
        manual,
        simulated,
      });
  };
  for (const m of records(caseData.manualVitals)) add(m, m.vitals, true, false);
  for (const r of monitorRecords(caseData)) {
    const simulated = isSimulatedRecord(r);
    if (Array.isArray(r.vitals)) for (const s of records(r.vitals)) add(s, s.values ?? s.vitals, false, simulated);
    else add(r, r.vitals, false, simulated);
  }
  return samples.sort((a, b) => a.time - b.time);
}

export interface ChartRow {
  group: 'inhalation' | 'iv' | 'infusion' | 'local' | 'oral' | 'fluid';
  label: string;
  unit: string;
  /** Amounts per column index (summed when two fall in one column). */
  cells: Map<number, number>;
  total: number;
}

const ROW_ORDER: readonly ChartRow['group'][] = ['inhalation', 'iv', 'infusion', 'local', 'oral', 'fluid'];

/** Column index of a time in the layout, or null outside it; the case's end belongs to the last column. */
export function columnOf(layout: ChartLayout, time: number): number | null {
  if (time < layout.start || time > layout.end || (time === layout.end && time !== layout.caseEnd)) return null;
  const step = layout.stepMinutes * MINUTE;
  return Math.min(Math.floor((time - layout.start) / step), Math.round((layout.end - layout.start) / step) - 1);
}

function localLabel(variantId: unknown): string {
  const v = typeof variantId === 'string' ? findVariant(variantId) : undefined;
  if (!v) return text(variantId) ?? 'Local anesthetic';
  const drug = LOCAL_ANESTHETIC_DRUGS[v.drugId];
  const epi = v.epi > 0 ? ` epi 1:${v.epi},000` : '';
  return `${drug.name} ${v.percent}%${epi}`;
}

/**
 * [RC4] The combo chart's drug rows (spec 002 §2): inhalation, IV drug, infusion, local, oral
 * and fluid rows, one per drug, each with its amounts per time column and its total.
 */
export function chartRows(caseData: CaseRecord, layout: ChartLayout): ChartRow[] {
  const rows = new Map<string, ChartRow>();
  const add = (
    group: ChartRow['group'],
    label: string,
    unit: string,
    time: number | null,
    amount: number | null,
  ): void => {
    if (amount === null) return;
    const key = `${group}\u0000${label}\u0000${unit}`;
    let row = rows.get(key);
    if (!row) {
      row = { group, label, unit, cells: new Map(), total: 0 };
      rows.set(key, row);
    }
    row.total += amount;
    const col = time === null ? null : columnOf(layout, time);
    if (col !== null) row.cells.set(col, (row.cells.get(col) ?? 0) + amount);
  };
  for (const { name, dose, group } of drugDoses(caseData)) {
    const time = timeOf(dose.time);
    const amount = num(dose.amount);
    const unit = text(dose.unit) ?? '';
    if (group === 'parenteral') add('iv', name, unit, time, amount);
    else if (group === 'inhalation') add('inhalation', name, unit, time, amount);
    else if (group === 'infusion') add('infusion', name, unit, time, amount);
    else if (group === 'oral') add('oral', name, unit, time, amount);
    else if (group === 'fluid') add('fluid', name, unit || 'mL', time, amount);
    else if (group === 'local') add('local', name, unit, time, amount);
  }
  for (const d of records(caseData.localDoses)) {
    add('local', localLabel(d.drugVariantId), 'mg', timeOf(d.time), num(d.mg) ?? num(d.amount));
  }
  for (const site of records(caseData.ivSites)) {
    for (const s of records(site.solutions)) {
      const name = text(s.name);
      if (name) add('fluid', name, 'mL', timeOf(site.time), num(s.amount));
    }
  }
  return [...rows.values()].sort(
    (a, b) => ROW_ORDER.indexOf(a.group) - ROW_ORDER.indexOf(b.group) || a.label.localeCompare(b.label),
  );
}

/** The chart of a report, or null when nothing is timed. */
export function reportChart(
  input: Pick<ReportInput, 'caseData' | 'printWidth' | 'maxDurationMs'>,
): { layout: ChartLayout; rows: ChartRow[]; samples: VitalSample[] } | null {
  const span = chartSpan(input.caseData, input.maxDurationMs);
  if (!span) return null;
  const layout = chartLayout(span, input.printWidth);
  const samples = chartSamples(
    vitalSamples(input.caseData).filter((s) => s.time >= layout.start && s.time <= layout.caseEnd),
    layout.stepMinutes,
  );
  return { layout, rows: chartRows(input.caseData, layout), samples };
}

/**
 * [RC5] The rows of the Vitals Data Reference page: every manual entry, and of the monitor's
 * readings the first in each vitals interval from the first reading (5 minutes, or 10 when set,
 * spec 001 §9), so a 4-hour case prints 48 monitor rows rather than thousands.
 */
export function vitalsReferenceSamples(caseData: CaseRecord): VitalSample[] {
  const samples = vitalSamples(caseData);
  const first = samples[0];
  if (!first) return [];
  const step = vitalsIntervalMinutes(caseData.vitalsInterval) * MINUTE;
  const seen = new Set<number>();
  return samples.filter((s) => {
    if (s.manual) return true;
    const bucket = Math.floor((s.time - first.time) / step);
    if (seen.has(bucket)) return false;
    seen.add(bucket);
    return true;
  });
}

/**
 * [RC6] The vitals the chart draws: every manual entry, and of the monitor's readings the first
 * of each tenth of a column (30 s for 5-minute columns, 1 minute for 10-minute ones); a column
 * is about 37 px wide, so finer readings would land on the same pixels and only slow printing.
 */
export function chartSamples(samples: readonly VitalSample[], stepMinutes: 5 | 10): VitalSample[] {
  const bucketMs = (stepMinutes * MINUTE) / 10;
  const seen = new Set<number>();
  return samples.filter((s) => {
    if (s.manual) return true;
    const bucket = Math.floor(s.time / bucketMs);
    if (seen.has(bucket)) return false;
    seen.add(bucket);
    return true;
  });
}
