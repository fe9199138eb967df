import type { ReactNode } from 'react';
import type { CaseSectionProps } from './types.js';

/** Placeholder until the Positions section is built (issue 8). */
export function PositionsSection(_props: CaseSectionProps): ReactNode {
  return null;
}
