import { describe, expect, it } from 'vitest';
import { isProviderEditingWindowOpen, providerEditingWindowEnd } from './editing-window.js';

const H = 60 * 60 * 1000;
const end = Date.UTC(2026, 10, 21, 15, 0);

describe('provider editing window (spec 000 §9: 24 hours)', () => {
  it('[EW1] closes 24 hours after the case end time', () => {
    expect(providerEditingWindowEnd({ caseStart: end - 2 * H, end })).toBe(end + 24 * H);
    expect(isProviderEditingWindowOpen({ caseStart: end - 2 * H, end }, end + 24 * H)).toBe(true);
    expect(isProviderEditingWindowOpen({ caseStart: end - 2 * H, end }, end + 24 * H + 1)).toBe(false);
  });

  it('[EW1] runs from the case start when no end was charted', () => {
    // 10:00 start, no end: open until 10:00 the next day.
    const start = end - 5 * H;
    expect(providerEditingWindowEnd({ caseStart: start, end: null })).toBe(start + 24 * H);
    expect(isProviderEditingWindowOpen({ caseStart: start, end: null }, start + 25 * H)).toBe(false);
  });

  it('[EW1] stays open while the case has no times', () => {
    expect(providerEditingWindowEnd({ caseStart: null, end: null })).toBeNull();
    expect(isProviderEditingWindowOpen({ caseStart: null, end: null }, end + 1000 * H)).toBe(true);
  });
});
