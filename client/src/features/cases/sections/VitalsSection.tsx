import type { ReactNode } from 'react';
import { ManualVitals } from '../ManualVitals.js';
import type { CaseSectionProps } from './types.js';

/** The vitals section: manual vitals for now; the monitor, banner and chart come with issue 8. */
export function VitalsSection({ doc, readOnly, context }: CaseSectionProps): ReactNode {
  return <ManualVitals doc={doc} temperatureUnit={context.tempsInCelsius ? 'C' : 'F'} disabled={readOnly} />;
}
