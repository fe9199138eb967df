/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import { isSafeWaveSvg } from '../case-data/wave-svg.js';

/** A captured wave (spec 001 §5) in the printable report. */
export function WaveSvg({ svg, label }: { svg: string; label: string }): ReactNode {
  // The schema allows only svg, rect and path elements without event handlers (spec 001 §5);
  // checked again here because this is the one place markup is injected.
  if (!isSafeWaveSvg(svg)) return <div>(waveform not shown)</div>;
  return <div role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}
