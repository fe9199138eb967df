import type { ReactNode } from 'react';
import type { CaseSectionProps } from './types.js';

/** Placeholder until the Drugs section is built (issue 8). */
export function DrugsSection(_props: CaseSectionProps): ReactNode {
  return null;
}
