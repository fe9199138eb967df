import { describe, expect, it } from 'vitest';
import { isSafeWaveSvg } from '@vigil/shared';
import { WAVE_TYPES, waveImageSrc, waveRange, waveStripSvg } from './model.js';

describe('captured waveforms (spec 002 §3, §9; spec 001 §5)', () => {
  it('offers pleth, etco2, respirogram and the 12 ECG leads', () => {
    expect(WAVE_TYPES).toHaveLength(15);
  });

  it.each([
    ['pleth', [-50, 150]],
    ['etco2', [-100, 4100]],
    ['respirogram', [0, 100]],
    ['II', [-200, 600]],
  ] as const)('scales %s into its range %j (spec 002 §9)', (type, range) => {
    expect(waveRange(type)).toEqual(range);
  });

  it.each(WAVE_TYPES.map((t) => [t]))('makes a %s strip that passes the wave svg rule [CD3]', (type) => {
    const svg = waveStripSvg(type);
    expect(isSafeWaveSvg(svg)).toBe(true);
    const ys = [...svg.matchAll(/[ML][\d.]+ ([\d.-]+)/g)].map((m) => Number(m[1]));
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ys)).toBeLessThanOrEqual(120);
    // A strip is not flat.
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(10);
  });

  it('[CD12] shows a strip as an image source; a pasted svg without its namespace gets it, a styled one none', () => {
    const src = waveImageSrc('<svg viewBox="0 0 10 10"><path d="M0 0 L10 10"/></svg>')!;
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0 L10 10"/></svg>',
    );
    expect(waveImageSrc('<svg style="position:fixed"><path d="M0 0"/></svg>')).toBeNull();
    expect(waveImageSrc(waveStripSvg('pleth'))).not.toBeNull();
  });
});
