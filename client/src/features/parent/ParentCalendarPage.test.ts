import { describe, expect, it } from 'vitest';
import { parentCalendarErrorText } from './ParentCalendarPage.js';

describe("the parent calendar's refusals in words", () => {
  it('names a refused admin organisation, an offline device (which does not reload by itself) and any other code', () => {
    expect(parentCalendarErrorText('NOT_AUTHORIZED')).toBe(
      'You do not have access to the calendar of this admin organization.',
    );
    expect(parentCalendarErrorText('NETWORK_ERROR')).toBe(
      'Offline: the calendar could not be loaded. Open it again once the connection is back.',
    );
    expect(parentCalendarErrorText('INVALID_INPUT')).toBe('Could not load appointments (INVALID_INPUT).');
  });
});
