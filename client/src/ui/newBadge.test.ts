import { describe, expect, it } from 'vitest';
import { isNewNavItem } from './newBadge.js';

const at = (iso: string): number => Date.parse(iso);

describe("the 'NEW' badge (spec 000 §1, §9)", () => {
  it('[NB1] shows from the release day for 15 days, at midnight UTC on both ends', () => {
    expect(isNewNavItem('2026-11-29', at('2026-11-28T23:59:59.999Z'))).toBe(false);
    expect(isNewNavItem('2026-11-29', at('2026-11-29T00:00:00.000Z'))).toBe(true);
    expect(isNewNavItem('2026-11-29', at('2026-12-13T23:59:59.999Z'))).toBe(true);
    expect(isNewNavItem('2026-11-29', at('2026-12-14T00:00:00.000Z'))).toBe(false);
  });

  it('[NB1] is never shown without a release date or with one that does not parse', () => {
    const now = at('2026-11-29T12:00:00Z');
    expect(isNewNavItem(undefined, now)).toBe(false);
    expect(isNewNavItem('29/11/2026', now)).toBe(false);
    expect(isNewNavItem('2026-13-45', now)).toBe(false);
  });
});
