/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import { waveSvgDataUrl } from '../case-data/wave-svg.js';
import { waveBoxHeight } from '../monitors/waveforms.js';

/** The box a wave row is printed in: the full width of the page, 120 px high (a 600 × 120 strip); up to 3 rows (MON20). */
export const WAVE_BOX_HEIGHT_PX = 120;

/**
 * A captured wave (spec 001 §5) in the printable report. The svg is checked by the wave svg
 * rules ([CD3], [CD12]) and shown as an <img> with a data: URL inside a fixed-size box that
 * clips: an svg image runs no script, loads nothing and cannot paint outside its box, so a wave
 * can neither cover the page nor grow the report (issue 24 item 5). Its markup never enters the
 * report's own DOM.
 */
export function WaveSvg({ svg, label }: { svg: string; label: string }): ReactNode {
  const src = waveSvgDataUrl(svg);
  if (src === null) return <div>(waveform not shown)</div>;
  return (
    <div
      data-wave-box=""
      style={{ width: '100%', height: waveBoxHeight(svg), overflow: 'hidden', position: 'relative', contain: 'strict' }}
    >
      <img src={src} alt={label} style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }} />
    </div>
  );
}
