import type { ReactNode } from 'react';
import type { CaseSectionProps } from '../cases/sections/types.js';

/** Placeholder until report preview and finalize are built (issue 9). */
export function FinalizeSection(_props: CaseSectionProps): ReactNode {
  return null;
}
