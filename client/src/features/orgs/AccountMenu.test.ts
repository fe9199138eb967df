import { describe, expect, it } from 'vitest';
import { caseContext, HELP_FEEDBACK_MODAL, testMonitorsHref } from './AccountMenu.js';

describe('account menu (spec 000 §2)', () => {
  it.each([
    ['/org/smile/cases/apt-123', { orgId: 'smile', appointmentId: 'apt-123' }],
    ['/org/smile/cases', { orgId: 'smile', appointmentId: null }],
    ['/org/smile', { orgId: 'smile', appointmentId: null }],
    ['/profile', { orgId: null, appointmentId: null }],
  ])('knows the organisation and open case of %s (Open L.A. Tracker)', (path, expected) => {
    expect(caseContext(path)).toEqual(expected);
  });

  it('opens Test Monitor Connection at /demo with orgId and mode=testMonitors', () => {
    expect(testMonitorsHref('smile')).toBe('/demo?orgId=smile&mode=testMonitors');
    expect(testMonitorsHref(null)).toBe('/demo?mode=testMonitors');
  });

  it('names the help modal helpFeedback in the hash', () => {
    expect(HELP_FEEDBACK_MODAL).toBe('#helpFeedback');
  });
});
