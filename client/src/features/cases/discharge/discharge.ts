import {
  dischargeItems,
  dischargeSummary,
  itemMaxScore,
  vitalsComparison,
  vitalsScore,
  VITAL_IDS,
  type DischargeScoreType,
  type DischargeSummary,
  type VitalComparison,
  type VitalId,
} from '@vigil/shared';
import { toMs } from '../events/caseTimes.js';

/** Item labels (spec 001 §3 item names; the texts are not shown: docs/decisions.md). */
export const DISCHARGE_ITEM_LABELS: Readonly<Record<string, string>> = {
  aldreteOxygenation: 'Oxygenation',
  aldreteRespiratoryStability: 'Respiratory stability',
  aldreteConsciousness: 'Consciousness',
  aldretePain: 'Pain',
  aldreteNausea: 'Nausea',
  aldreteGait: 'Gait',
  oriented: 'Oriented',
  steadyGait: 'Steady gait',
  voided: 'Voided',
  poFluids: 'PO fluids',
  surgicalBleeding: 'Surgical bleeding',
  painNauseaVomiting: 'Pain, nausea, vomiting',
};

/** Vital names for the comparison table. */
export const VITAL_NAMES: Readonly<Record<VitalId, string>> = {
  sbp: 'Systolic BP',
  dbp: 'Diastolic BP',
  map: 'Mean arterial pressure',
  spo2: 'SpO2',
  hr: 'Heart rate',
  rr: 'Resp. rate',
  etco2: 'EtCO2',
  temperature: 'Temperature',
};

/** Keys a reading may use for a vital (manual entries say temp). */
const ALIASES: Readonly<Record<string, VitalId>> = { temp: 'temperature' };

interface Reading {
  time: number;
  values: Partial<Record<VitalId, number>>;
}

function valuesOf(vitals: unknown): Partial<Record<VitalId, number>> {
  const out: Partial<Record<VitalId, number>> = {};
  if (vitals == null || typeof vitals !== 'object') return out;
  for (const [key, raw] of Object.entries(vitals as Record<string, unknown>)) {
    const id = (ALIASES[key] ?? key) as VitalId;
    if (!(VITAL_IDS as readonly string[]).includes(id)) continue;
    const v =
      typeof raw === 'number'
        ? raw
        : raw != null && typeof raw === 'object' && typeof (raw as { value?: unknown }).value === 'number'
          ? (raw as { value: number }).value
          : null;
    if (v != null && Number.isFinite(v) && v !== 0) out[id] = v;
  }
  return out;
}

/**
 * Each vital's values in time order, from manual entries and monitor records (each reading's
 * vitals keyed by vital id, a number or `{ value }`); zero counts as no reading (spec 002 §5).
 */
export function vitalsSeries(
  manual: readonly { time?: unknown; vitals?: unknown }[],
  records: readonly { lastUpdated?: unknown; time?: unknown; vitals?: unknown }[],
): Partial<Record<VitalId, number[]>> {
  const readings: Reading[] = [];
  for (const m of manual) {
    const time = toMs(m.time);
    if (time != null) readings.push({ time, values: valuesOf(m.vitals) });
  }
  for (const r of records) {
    const time = toMs(r.lastUpdated ?? r.time);
    if (time != null) readings.push({ time, values: valuesOf(r.vitals) });
  }
  readings.sort((a, b) => a.time - b.time);
  const series: Partial<Record<VitalId, number[]>> = {};
  for (const r of readings) {
    for (const [id, v] of Object.entries(r.values) as [VitalId, number][]) (series[id] ??= []).push(v);
  }
  return series;
}

export interface DischargeModel {
  type: DischargeScoreType;
  items: { id: string; label: string; max: number; score: number | null }[];
  comparisons: VitalComparison[];
  summary: DischargeSummary;
}

/** The discharge score (spec 001 §3–§5, rules DS1–DS7) from the case's entries and vitals. */
export function dischargeModel(
  type: DischargeScoreType,
  entries: Readonly<Record<string, { score?: unknown } | undefined>>,
  series: Partial<Record<VitalId, readonly number[]>>,
): DischargeModel {
  const comparisons = vitalsComparison(series, VITAL_NAMES);
  const score = vitalsScore([...comparisons]);
  return {
    type,
    items: dischargeItems(type).map((id) => {
      const s = entries[id]?.score;
      return {
        id,
        label: DISCHARGE_ITEM_LABELS[id] ?? id,
        max: itemMaxScore(type, id) ?? 0,
        score: typeof s === 'number' ? s : null,
      };
    }),
    comparisons,
    summary: dischargeSummary(type, entries, score),
  };
}
