import type { ReactNode } from 'react';
import type { CaseSectionProps } from './types.js';

/** Placeholder until the IvSites section is built (issue 8). */
export function IvSitesSection(_props: CaseSectionProps): ReactNode {
  return null;
}
