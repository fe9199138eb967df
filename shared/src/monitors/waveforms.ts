import { warningIssue, type Issue } from '../case-data/issue.js';
import { REPORT_CHART } from '../constants/widgets.js';
import type { WaveType } from '../case-data/entries.js';
import { hl7Value, type Hl7Message, type Hl7Segment } from './hl7.js';

/*
 * Waveforms from monitors (issue 38): the samples a device streams (pleth, CO2, respirogram, ECG
 * leads; spec 002 §9's wave types) and the strip a provider captures from them. Pure: the
 * parsers hand samples out, the case screen keeps the last seconds, and a capture turns them into
 * a wave svg the wave svg rules [CD3]/[CD12] accept.
 */

/** Samples of one waveform as one frame or message carried them, oldest first. */
export interface WaveformSamples {
  readonly type: WaveType;
  /** Values in the device's units (a pleth has none; CO2 already in mmHg × 100, as the wave range reads it). */
  readonly values: readonly number[];
  /** Samples a second. */
  readonly sampleRateHz: number;
  /** When the bytes completing them arrived (epoch ms). */
  readonly receivedAt: number;
  /** Who sent them, where the protocol names it (HL7 OBX-18, else MSH-3, as a reading's deviceId). */
  readonly deviceId?: string;
}

/**
 * [MON18] The waveform codes of IHE PCD-01 read (ISO/IEEE 11073-10101, partition 2 × 65536 +
 * term): the pleth, the ECG leads (MDC_ECG_ELEC_POTL 256 + lead), and by mnemonic the CO2 and
 * the thoracic impedance respirogram, whose numeric codes vary with the nomenclature revision.
 */
export const PCD01_WAVEFORM_CODES: Readonly<Record<string, { readonly mnemonic: string; readonly type: WaveType }>> = {
  '150452': { mnemonic: 'MDC_PULS_OXIM_PLETH', type: 'pleth' },
  '131329': { mnemonic: 'MDC_ECG_ELEC_POTL_I', type: 'I' },
  '131330': { mnemonic: 'MDC_ECG_ELEC_POTL_II', type: 'II' },
  '131331': { mnemonic: 'MDC_ECG_ELEC_POTL_V1', type: 'V1' },
  '131332': { mnemonic: 'MDC_ECG_ELEC_POTL_V2', type: 'V2' },
  '131333': { mnemonic: 'MDC_ECG_ELEC_POTL_V3', type: 'V3' },
  '131334': { mnemonic: 'MDC_ECG_ELEC_POTL_V4', type: 'V4' },
  '131335': { mnemonic: 'MDC_ECG_ELEC_POTL_V5', type: 'V5' },
  '131336': { mnemonic: 'MDC_ECG_ELEC_POTL_V6', type: 'V6' },
  '131389': { mnemonic: 'MDC_ECG_ELEC_POTL_III', type: 'III' },
  '131390': { mnemonic: 'MDC_ECG_ELEC_POTL_AVR', type: 'AVR' },
  '131391': { mnemonic: 'MDC_ECG_ELEC_POTL_AVL', type: 'AVL' },
  '131392': { mnemonic: 'MDC_ECG_ELEC_POTL_AVF', type: 'AVF' },
};

const WAVE_MNEMONICS = new Map<string, WaveType>([
  ...Object.values(PCD01_WAVEFORM_CODES).map((c) => [c.mnemonic, c.type] as const),
  ['MDC_AWAY_CO2', 'etco2'],
  ['MDC_CONC_AWAY_CO2', 'etco2'],
  ['MDC_IMPED_TTHOR', 'respirogram'],
  ['MDC_RESP', 'respirogram'],
]);

/** The observation that gives a waveform's sample rate (a child OBX of the wave's, IHE PCD waveform content). */
export const PCD01_SAMPLE_RATE = 'MDC_ATTR_SAMP_RATE';

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** [MON18] The wave type an OBX reports, by its MDC code (OBX-3.1) or mnemonic (OBX-3.2); null otherwise. */
function waveTypeOf(message: Hl7Message, obx: Hl7Segment): WaveType | null {
  return (
    PCD01_WAVEFORM_CODES[hl7Value(message, obx, 3, 1)]?.type ??
    WAVE_MNEMONICS.get(hl7Value(message, obx, 3, 2)) ??
    WAVE_MNEMONICS.get(hl7Value(message, obx, 3, 1)) ??
    null
  );
}

/**
 * [MON18] The samples of an NA (numeric array: the samples as components) or MA (multiplexed
 * array: each repetition one sample, its first component the channel read) OBX-5; null when a
 * sample is not a number.
 */
function arrayValues(message: Hl7Message, obx: Hl7Segment, kind: string): number[] | null {
  const d = message.delimiters;
  const raw = obx.fields[5] ?? '';
  const texts =
    kind === 'NA'
      ? (raw.split(d.repetition)[0] ?? '').split(d.component)
      : raw.split(d.repetition).map((rep) => rep.split(d.component)[0] ?? '');
  const values: number[] = [];
  for (const t of texts) {
    const s = t.trim();
    if (s === '') continue;
    if (!NUMBER.test(s)) return null;
    values.push(Number(s));
  }
  return values;
}

/** [MON19] CO2 wave values into mmHg × 100 (the wave range's unit): mmHg × 100, kPa × 750.062; null otherwise. */
function co2Factor(unit: string): number | null {
  if (['266016', 'MDC_DIM_MMHG', 'mm[Hg]', 'mmHg'].includes(unit)) return 100;
  if (['265987', 'MDC_DIM_KILO_PASCAL', 'kPa'].includes(unit)) return 750.062;
  return null;
}

/**
 * [MON18] The waveforms of an ORU^R01 (IHE PCD-01 carrying waveform content): every OBX of value
 * type NA or MA whose code is a wave type, with the sample rate its MDC_ATTR_SAMP_RATE child
 * gives (the OBX-4 sub-id under the wave's, else the next one after it). A wave without a rate,
 * with a sample that is no number or, for CO2, in a unit other than mmHg or kPa is a warning and
 * is left out.
 */
export function readPcd01Waveforms(
  message: Hl7Message,
  receivedAt: number,
): { waveforms: WaveformSamples[]; issues: Issue[] } {
  const obxs = message.segments.filter((s) => s.name === 'OBX');
  const waveforms: WaveformSamples[] = [];
  const issues: Issue[] = [];
  const msh = message.segments.find((s) => s.name === 'MSH');
  const deviceId =
    obxs.map((o) => hl7Value(message, o, 18)).find((v) => v !== '') || (msh ? hl7Value(message, msh, 3) : '');
  obxs.forEach((obx, index) => {
    const kind = hl7Value(message, obx, 2).toUpperCase();
    if (kind !== 'NA' && kind !== 'MA') return;
    const type = waveTypeOf(message, obx);
    if (type == null) return;
    const at = ['OBX', index];
    const label = hl7Value(message, obx, 3, 2) || hl7Value(message, obx, 3, 1);
    const values = arrayValues(message, obx, kind);
    if (values == null) {
      issues.push(warningIssue('HL7_BAD_WAVEFORM', `${label} has a sample that is not a number.`, at));
      return;
    }
    const subId = hl7Value(message, obx, 4);
    const rest = obxs.slice(index + 1);
    const isRate = (s: Hl7Segment): boolean =>
      hl7Value(message, s, 3, 2) === PCD01_SAMPLE_RATE || hl7Value(message, s, 3, 1) === PCD01_SAMPLE_RATE;
    const rateObx =
      rest.find((s) => isRate(s) && subId !== '' && hl7Value(message, s, 4).startsWith(`${subId}.`)) ??
      rest.find((s) => isRate(s));
    const rate = rateObx ? Number(hl7Value(message, rateObx, 5)) : NaN;
    if (!Number.isFinite(rate) || rate <= 0) {
      issues.push(warningIssue('HL7_NO_SAMPLE_RATE', `${label} came without its sample rate.`, at));
      return;
    }
    let scaled = values;
    if (type === 'etco2') {
      const units = [hl7Value(message, obx, 6, 1), hl7Value(message, obx, 6, 2)];
      const factor = units.map(co2Factor).find((f) => f != null) ?? null;
      if (factor == null) {
        issues.push(warningIssue('HL7_UNIT', `${label} in ${units.join('^')} cannot be drawn.`, at));
        return;
      }
      scaled = values.map((v) => Math.round(v * factor));
    }
    waveforms.push({ type, values: scaled, sampleRateHz: rate, receivedAt, ...(deviceId ? { deviceId } : {}) });
  });
  return { waveforms, issues };
}

/** [MON20] A strip's row: 6 seconds, 600 × 120 (the report's wave box); at most 3 rows (spec 002 §9). */
export const WAVE_STRIP = { secondsPerRow: 6, rowWidth: 600, rowHeight: 120, maxRows: REPORT_CHART.maxWaveformRows };

/** The value range of a wave type (spec 002 §9): pleth −50–150, etco2 −100–4100, respirogram 0–100, ECG −200–600. */
export function waveTypeRange(type: WaveType): readonly [number, number] {
  const r = REPORT_CHART.waveformRanges;
  if (type === 'pleth') return r.pleth;
  if (type === 'etco2') return r.etco2;
  if (type === 'respirogram') return r.respirogram;
  return r.ecg;
}

/**
 * [MON20] The newest samples of one wave type, joined in arrival order, for a strip of `seconds`
 * (at most the rows' cap): the values and the rate of the newest samples (a rate change starts
 * the strip there).
 */
export function latestWaveform(
  samples: readonly WaveformSamples[],
  type: WaveType,
  seconds: number = WAVE_STRIP.secondsPerRow,
): { values: number[]; sampleRateHz: number } | null {
  const mine = samples.filter((s) => s.type === type);
  const last = mine.at(-1);
  if (last == null) return null;
  const rate = last.sampleRateHz;
  const want = Math.round(Math.min(seconds, WAVE_STRIP.secondsPerRow * WAVE_STRIP.maxRows) * rate);
  const values: number[] = [];
  for (let i = mine.length - 1; i >= 0 && values.length < want; i--) {
    const s = mine[i]!;
    if (s.sampleRateHz !== rate) break;
    values.unshift(...s.values);
  }
  return { values: values.slice(-want), sampleRateHz: rate };
}

/**
 * [MON20] A captured strip as a wave svg: one path a row of 6 s, at most 3 rows (spec 002 §9's
 * cap; the oldest samples beyond it are left out), on a white rect, no text, so it passes the
 * wave svg rules [CD3]/[CD12]. [MON19] CO2 is drawn on its absolute range (mmHg × 100, the
 * plateau is what matters); the pleth, the respirogram and the ECG leads are scaled from the
 * strip's own lowest to highest sample onto their range, as a monitor's screen scales a trace
 * (their device units differ by maker). Null for fewer than two samples.
 */
export function waveformStripSvg(type: WaveType, values: readonly number[], sampleRateHz: number): string | null {
  const perRow = Math.max(2, Math.round(WAVE_STRIP.secondsPerRow * sampleRateHz));
  const kept = values.slice(-perRow * WAVE_STRIP.maxRows);
  if (kept.length < 2 || !(sampleRateHz > 0)) return null;
  const rows = Math.ceil(kept.length / perRow);
  const { rowWidth: w, rowHeight: h } = WAVE_STRIP;
  const [lo, hi] = waveTypeRange(type);
  const min = Math.min(...kept);
  const max = Math.max(...kept);
  const toRange = (v: number): number => {
    if (type === 'etco2') return Math.min(hi, Math.max(lo, v));
    // A flat trace sits in the middle of the range.
    return max === min ? (lo + hi) / 2 : lo + ((v - min) / (max - min)) * (hi - lo);
  };
  // At most one point a pixel: a 100 Hz row of 600 samples keeps all, a 500 Hz ECG row one in five.
  const step = Math.max(1, Math.ceil(perRow / w));
  const paths: string[] = [];
  for (let r = 0; r < rows; r++) {
    const row = kept.slice(r * perRow, (r + 1) * perRow);
    const points: string[] = [];
    for (let i = 0; i < row.length; i += step) {
      const x = (i / perRow) * w;
      const y = r * h + ((hi - toRange(row[i]!)) / (hi - lo)) * h;
      points.push(`${points.length === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`);
    }
    if (points.length > 1)
      paths.push(`<path d="${points.join(' ')}" fill="none" stroke="#1971c2" stroke-width="1.5"/>`);
  }
  const height = rows * h;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${height}" width="${w}" height="${height}">` +
    `<rect x="0" y="0" width="${w}" height="${height}" fill="#ffffff"/>` +
    paths.join('') +
    `</svg>`
  );
}

/**
 * [MON20] The height a wave is shown at: 120 px a row of its 600-wide strip, 1 to 3 rows by its
 * viewBox's proportions (a strip drawn by waveformStripSvg, or any svg pasted in: one row).
 */
export function waveBoxHeight(svg: string): number {
  const m = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg);
  const width = m ? Number(m[1]) : 0;
  const height = m ? Number(m[2]) : 0;
  const rows = width > 0 ? Math.round((height / width) * (WAVE_STRIP.rowWidth / WAVE_STRIP.rowHeight)) : 1;
  return Math.min(WAVE_STRIP.maxRows, Math.max(1, rows)) * WAVE_STRIP.rowHeight;
}
