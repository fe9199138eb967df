import type { ReactNode } from 'react';
import type { CaseSectionProps } from './types.js';

/** Placeholder until the Waves section is built (issue 8). */
export function WavesSection(_props: CaseSectionProps): ReactNode {
  return null;
}
