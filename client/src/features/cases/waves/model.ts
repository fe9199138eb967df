import type { WaveEntry, WaveType } from '@vigil/shared';
import { REPORT_CHART, isSafeWaveSvg, waveSvgDataUrl } from '@vigil/shared';

/** A captured waveform as kept in the case's `waves` list: shared's waveEntrySchema. */
export type { WaveEntry, WaveType };
export { ECG_LEADS, WAVE_TYPES } from '@vigil/shared';

export function waveLabel(type: WaveType): string {
  if (type === 'pleth') return 'Pleth';
  if (type === 'etco2') return 'EtCO2';
  if (type === 'respirogram') return 'Respirogram';
  return `ECG ${type}`;
}

/** The value range of a waveform type (spec 002 §9): pleth −50–150, etco2 −100–4100, respirogram 0–100, ECG −200–600. */
export function waveRange(type: WaveType): readonly [number, number] {
  const r = REPORT_CHART.waveformRanges;
  if (type === 'pleth') return r.pleth;
  if (type === 'etco2') return r.etco2;
  if (type === 'respirogram') return r.respirogram;
  return r.ecg;
}

/** One sample of a textbook waveform at time t seconds, heart rate hr and respiratory rate rr. */
function sample(type: WaveType, t: number, hr: number, rr: number): number {
  const beat = (t * hr) / 60;
  const phase = beat - Math.floor(beat);
  const breath = (t * rr) / 60;
  const bPhase = breath - Math.floor(breath);
  if (type === 'pleth') {
    const up = phase < 0.15 ? phase / 0.15 : Math.exp(-(phase - 0.15) * 4);
    return 100 * up + 8 * Math.exp(-(((phase - 0.45) / 0.05) ** 2));
  }
  if (type === 'etco2') {
    // Capnogram: expiratory upstroke, plateau near 35 mmHg (×100), inspiratory downstroke.
    if (bPhase < 0.1) return 3500 * (bPhase / 0.1);
    if (bPhase < 0.55) return 3500 + 300 * ((bPhase - 0.1) / 0.45);
    if (bPhase < 0.62) return 3800 * (1 - (bPhase - 0.55) / 0.07);
    return 0;
  }
  if (type === 'respirogram') return 50 + 40 * Math.sin(2 * Math.PI * breath);
  // ECG: P, QRS, T waves as Gaussians.
  const g = (mu: number, sigma: number, a: number): number => a * Math.exp(-(((phase - mu) / sigma) ** 2));
  return g(0.1, 0.025, 60) + g(0.22, 0.008, -60) + g(0.25, 0.012, 450) + g(0.28, 0.01, -90) + g(0.5, 0.05, 120);
}

/**
 * A captured strip of `seconds` of a waveform as svg: one path, no text or script, scaled into
 * the type's range (spec 002 §9), so it passes the wave svg rule [CD3]. `hr` and `rr` shape the
 * strip (the simulated monitor's last values).
 */
export function waveStripSvg(type: WaveType, opts: { seconds?: number; hr?: number; rr?: number } = {}): string {
  const seconds = opts.seconds ?? 6;
  const width = 600;
  const height = 120;
  const [lo, hi] = waveRange(type);
  const points: string[] = [];
  const n = 600;
  for (let i = 0; i <= n; i++) {
    const t = (i / n) * seconds;
    const v = Math.min(hi, Math.max(lo, sample(type, t, opts.hr ?? 70, opts.rr ?? 13)));
    const x = (i / n) * width;
    const y = ((hi - v) / (hi - lo)) * height;
    points.push(`${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>` +
    `<path d="${points.join(' ')}" fill="none" stroke="#1971c2" stroke-width="1.5"/>` +
    `</svg>`
  );
}

/** Whether an svg may be stored as a wave (the shared rule [CD3], spec 001 §5). */
export function canStoreWaveSvg(svg: string): boolean {
  return isSafeWaveSvg(svg);
}

/**
 * Where the app shows a wave: an <img> source (a data: URL, with the svg namespace an svg image
 * needs), or null for an svg that breaks the wave svg rules [CD3]/[CD12]. In an <img> an svg runs
 * no script and cannot paint outside its box (issue 24 item 5); the box gives it a fixed height.
 */
export function waveImageSrc(svg: string): string | null {
  return waveSvgDataUrl(svg);
}
