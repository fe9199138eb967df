import { MINUTE, type LiveCaseSummary } from '@vigil/shared';
import type { LiveCaseStore } from '../store/live-cases/types.js';

/** Today's 'arrived' demo appointment (fhir/demo-seed.ts TODAY, the third): its case is in progress. */
export const DEMO_LIVE_CASE_ID = 'apt-demo0000000003';

/**
 * The demo office's case in progress (issue 38 "Screens"): the live screens and the parent's show
 * it from the start, with the simulated monitor's last readings at the time of seeding (they
 * show 'no data' a minute later, as a real case whose monitor stopped would). Starting the
 * simulated monitor on the case screen makes it live again. Seeded into a new database only.
 */
export async function seedDemoLiveCase(deps: { live: LiveCaseStore }, orgId: string, now: Date): Promise<void> {
  const at = now.getTime();
  const summary: LiveCaseSummary = {
    caseId: DEMO_LIVE_CASE_ID,
    orgId,
    startedAt: at - 25 * MINUTE,
    lastReadingAt: at,
    monitorLabel: 'Simulated monitor',
    simulated: true,
    vitals: [
      { type: 'dbp', value: 78, time: at - 2 * MINUTE },
      { type: 'etco2', value: 38, time: at },
      { type: 'hr', value: 74, time: at },
      { type: 'rr', value: 14, time: at },
      { type: 'sbp', value: 122, time: at - 2 * MINUTE },
      { type: 'spo2', value: 98, time: at },
    ],
    updatedAt: at,
  };
  await deps.live.put(summary);
}
