import { describe, expect, it } from 'vitest';
import { showPrivacyUpdated } from './legal.js';

describe('privacy-updated date in the footer (spec 000 §1, §9: 2 weeks)', () => {
  it.each([
    ['2026-10-31T12:00:00', false, 'before the update'],
    ['2026-11-01T00:00:00', true, 'on the day'],
    ['2026-11-14T23:59:00', true, 'on day 14'],
    ['2026-11-15T00:00:00', false, 'once two weeks have passed'],
  ])('at %s shows it: %s (%s)', (now, shown) => {
    expect(showPrivacyUpdated(new Date(now), '2026-11-01')).toBe(shown);
  });
});
