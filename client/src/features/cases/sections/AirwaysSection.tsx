import type { ReactNode } from 'react';
import type { CaseSectionProps } from './types.js';

/** Placeholder until the Airways section is built (issue 8). */
export function AirwaysSection(_props: CaseSectionProps): ReactNode {
  return null;
}
