import type { ReactNode } from 'react';
import type { CaseSectionProps } from './types.js';

/** Placeholder until the Vitals section is built (issue 8). */
export function VitalsSection(_props: CaseSectionProps): ReactNode {
  return null;
}
