import { NEW_BADGE_MS } from '@vigil/shared';

/**
 * [NB1] A navigation item shows the 'NEW' badge from the day it was released (UTC, `YYYY-MM-DD`)
 * for 15 days (spec 000 §1, §9): from that day's 00:00 UTC up to, not including, 15 days later.
 * An item without a release date, or with one that does not parse, is never new.
 */
export function isNewNavItem(releasedOn: string | undefined, now: number): boolean {
  if (!releasedOn || !/^\d{4}-\d{2}-\d{2}$/.test(releasedOn)) return false;
  const released = Date.parse(`${releasedOn}T00:00:00Z`);
  return Number.isFinite(released) && now >= released && now < released + NEW_BADGE_MS;
}
