import type { CaseDoc } from '../../../case/index.js';
import { useMemo } from 'react';
import { useCaseList, useCaseValue } from '../../../case/index.js';
import { useStableValue } from '../vitals/stable.js';
import { caseTimes, type CaseTimes } from './caseTimes.js';

/** What is read of a dose: another build's entries may lack a time or hold it as text. */
interface Timed {
  time?: unknown;
}

/** The case's event times and what derives them, kept current from the case document. */
export function useCaseTimes(doc: CaseDoc | undefined): CaseTimes {
  const [events] = useCaseValue<Record<string, unknown>>(doc, 'events');
  const [sedationLevel] = useCaseValue<string>(doc, 'sedationLevel');
  const [vitalsTrackingEnabled] = useCaseValue<boolean>(doc, 'vitalsTrackingEnabled');
  const positions = useCaseList(doc, 'positions').items;
  const ivSites = useCaseList(doc, 'ivSites').items;
  const localDoses = useCaseList(doc, 'localDoses').items;
  const manualVitals = useCaseList(doc, 'manualVitals').items;
  const preMeds = useCaseList(doc, 'preMeds').items;
  const drugs = useCaseList(doc, 'drugsAdministered').items;
  const times = useMemo(
    () =>
      caseTimes({
        events,
        sedationLevel,
        vitalsTrackingEnabled,
        positions,
        ivSites,
        activity: [
          ...localDoses.map((d) => d.time),
          ...manualVitals.map((d) => d.time),
          ...preMeds.map((d) => d.time),
          ...drugs.flatMap((d) => (Array.isArray(d.doses) ? (d.doses as Timed[]).map((x) => x.time) : [])),
        ],
      }),
    [events, sedationLevel, vitalsTrackingEnabled, positions, ivSites, localDoses, manualVitals, preMeds, drugs],
  );
  // The same object while the times are the same: each vitals entry or dose charted changes the
  // activity list, and would otherwise redraw the event times and the timeline for nothing.
  return useStableValue(times);
}
