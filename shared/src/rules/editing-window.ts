import { PROVIDER_EDITING_WINDOW_MS } from '../constants/shell.js';

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

/** [EW1] Whether a provider may still change the case at `now` (the window's last millisecond included). */
export function isProviderEditingWindowOpen(
  times: { readonly caseStart: number | null; readonly end: number | null },
  now: number,
): boolean {
  const closes = providerEditingWindowEnd(times);
  return closes == null || now <= closes;
}
