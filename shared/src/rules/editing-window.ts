import { PROVIDER_EDITING_WINDOW_MS } from '../constants/shell.js';
import { record, timeOf } from '../case-data/read.js';
import { readSignoffCase } from './signoff-case.js';

/**
 * [EW1] The provider editing window (spec 000 §9: 24 hours). Where it starts is not shown; it
 * runs from the case's end time (Recovery Completed), or from its start when no end was charted
 * (docs/decisions.md, "Case screen"). Null while neither is set: a case not yet charted stays open.
 */
export function providerEditingWindowEnd(times: {
  readonly caseStart: number | null;
  readonly end: number | null;
}): number | null {
  const from = times.end ?? times.caseStart;
  return from == null ? null : from + PROVIDER_EDITING_WINDOW_MS;
}

/**
 * The code of a change refused past the provider editing window (EW2): a sync write's refusal
 * reason (REFUSAL_REASONS) and finalize's 409.
 */
export const EDITING_WINDOW_CLOSED = 'EDITING_WINDOW_CLOSED';

/** [EW1] Whether a provider may still change the case at `now` (the window's last millisecond included). */
export function isProviderEditingWindowOpen(
  times: { readonly caseStart: number | null; readonly end: number | null },
  now: number,
): boolean {
  const closes = providerEditingWindowEnd(times);
  return closes == null || now <= closes;
}

/**
 * [EW2] When the provider editing window of a case closes, read from its case data (any schema
 * version) with the effective times the case screen uses (caseStart derived when vitals tracking
 * is off, ET3), or null while neither time is set. The server judges sync writes and finalize
 * with it on its own copy and its own clock.
 */
export function caseEditingWindowEnd(caseData: unknown): number | null {
  const { times } = readSignoffCase(caseData);
  return providerEditingWindowEnd({ caseStart: times.caseStart, end: times.end });
}

/**
 * [EW2] caseEditingWindowEnd reading only what decides: the events while an end time is charted
 * or vitals tracking is on (caseStart is then the charted one); only a case without an end and
 * with vitals tracking off reads its whole data (`all`), as its caseStart is derived from every
 * charted time (ET3). `field` reads one top-level field of the case data as JSON.
 */
export function caseEditingWindowEndFrom(field: (key: string) => unknown, all: () => unknown): number | null {
  const events = record(field('events'));
  const end = timeOf(events?.end);
  if (end != null || field('vitalsTrackingEnabled') !== false) {
    return providerEditingWindowEnd({ caseStart: timeOf(events?.caseStart), end });
  }
  return caseEditingWindowEnd(all());
}
