import { describe, expect, it } from 'vitest';
import { chartsMonitorValues, trackingStatus } from './monitor.js';

describe('vital tracking statuses (spec 001 §4)', () => {
  it('reads auto when a monitor reports a vital and nothing was set, else unselected', () => {
    expect(trackingStatus(undefined, 'hr', true)).toBe('auto');
    expect(trackingStatus(undefined, 'hr', false)).toBe('unselected');
    expect(trackingStatus({ hr: 'paused' }, 'hr', true)).toBe('paused');
  });

  it.each([
    ['auto', true],
    ['selected', true],
    ['unselected', true],
    ['manual', false],
    ['paused', false],
    ['ignored', false],
  ] as const)('charts monitor values of a vital in status %s: %s', (status, charted) => {
    expect(chartsMonitorValues(status)).toBe(charted);
  });
});
