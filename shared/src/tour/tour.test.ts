import { describe, expect, it } from 'vitest';
import { isTourCaseId, startCaseMode, TOUR_CASE_PREFIX, TOUR_STEPS, tourPath, tourStepAfter } from './tour.js';

describe('tour mode', () => {
  it('[TOUR1] moves next and back within the steps, staying at the ends', () => {
    const last = TOUR_STEPS.length - 1;
    expect(tourStepAfter(0, 'next')).toBe(1);
    expect(tourStepAfter(2, 'back')).toBe(1);
    expect(tourStepAfter(0, 'back')).toBe(0);
    expect(tourStepAfter(last, 'next')).toBe(last);
    expect(tourStepAfter(99, 'back')).toBe(last - 1);
    expect(tourStepAfter(Number.NaN, 'next')).toBe(1);
    expect(tourStepAfter(-3, 'next')).toBe(1);
  });

  it('[TOUR1] has steps with distinct ids, starting with the welcome and ending with leaving', () => {
    const ids = TOUR_STEPS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe('welcome');
    expect(ids.at(-1)).toBe('leave');
  });

  it('[TOUR2] reads the start-case flags: tour wins over local, 0 and false are off', () => {
    expect(startCaseMode('?tour=1')).toBe('tour');
    expect(startCaseMode('?tour')).toBe('tour');
    expect(startCaseMode('?local=true')).toBe('local');
    expect(startCaseMode('?local=1&tour=1')).toBe('tour');
    expect(startCaseMode('?tour=0&local=1')).toBe('local');
    expect(startCaseMode('?tour=false')).toBe('real');
    expect(startCaseMode('?date=2026-11-29')).toBe('real');
    expect(startCaseMode('')).toBe('real');
  });

  it('[TOUR3] tells a tour case id from any other', () => {
    expect(isTourCaseId(`${TOUR_CASE_PREFIX}abc`)).toBe(true);
    expect(isTourCaseId('apt-123')).toBe(false);
    expect(isTourCaseId('cmp-tour-1')).toBe(false);
  });

  it('addresses the tour screen of an organisation', () => {
    expect(tourPath('org 1', 'tour')).toBe('/org/org%201/tour');
    expect(tourPath('acme', 'local')).toBe('/org/acme/tour?local=1');
  });
});
