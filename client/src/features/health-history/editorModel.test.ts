import { describe, expect, it } from 'vitest';
import { SIGNING_INCOMPLETE_WARNING, type HealthHistoryData } from '@vigil/shared';
import {
  COMPLETION_CLOSE_MS,
  dataLostByElsewhere,
  dataLostByVigil,
  goToNextIncomplete,
  HHX_TEXTS,
  isEditorComplete,
  modeText,
  mustWaitToClose,
  saveText,
  skipAction,
  switchLayoutPatch,
  tabStatuses,
  toggledSkip,
} from './editorModel.js';

const NOW = Date.parse('2026-11-26T08:00:00Z');

describe('the health history editor (spec 002 §4, §8, §9)', () => {
  it('uses the texts of spec 002 §8 exactly, and closes 1500 ms after completion', () => {
    expect(HHX_TEXTS.fetchError('offline')).toBe('Error fetching health history: offline');
    expect(HHX_TEXTS.notFound).toBe('Health History not found');
    expect(HHX_TEXTS.fetching).toBe('Fetching health history');
    expect(HHX_TEXTS.waitingForSave).toBe('Waiting for saving to complete...');
    expect(modeText('finalizing', true)).toBe('Signing and completing...');
    expect(modeText('finalizing', false)).toBe('Completing...');
    expect(modeText('finalized', true)).toBe('Signed and completed!');
    expect(modeText('finalized', false)).toBe('Marked complete!');
    expect(modeText('failed', true)).toBe('Something went wrong. Please refresh and try again.');
    expect(modeText('start', true)).toBeNull();
    expect(COMPLETION_CLOSE_MS).toBe(1500);
    expect(SIGNING_INCOMPLETE_WARNING).toBe("You're signing an an incomplete health history.");
  });

  it("says 'Saving...' until the server has every edit, then 'Saved!'", () => {
    expect(saveText({ status: 'outOfSync' })).toBe('Saving...');
    expect(saveText({ status: 'saving' })).toBe('Saving...');
    expect(saveText({ status: 'synced' })).toBe('Saved!');
    expect(saveText({ status: 'loading' })).toBeNull();
  });

  it('waits to close while a connected save is under way, not while offline (edits stay on the device)', () => {
    expect(mustWaitToClose({ status: 'saving', connection: 'connected', refused: null })).toBe(true);
    expect(mustWaitToClose({ status: 'synced', connection: 'connected', refused: null })).toBe(false);
    expect(mustWaitToClose({ status: 'outOfSync', connection: 'offline', refused: null })).toBe(false);
    expect(mustWaitToClose({ status: 'outOfSync', connection: 'connected', refused: 'FINALIZED' })).toBe(false);
  });

  it('[HH10] shows Required Info only in the elsewhere layout, which leaves out Systems and Pre-Op Vitals', () => {
    expect(tabStatuses({}, NOW).tabs).toEqual([
      'Physical',
      'Allergies',
      'Medications',
      'Surgical',
      'Systems',
      'Airway Assessment',
      'Consult',
      'Pre-Op Vitals',
      'Other Notes',
      'Review & Complete',
    ]);
    expect(tabStatuses({ systemsReviewSkipped: true }, NOW).tabs).toEqual([
      'Required Info',
      'Physical',
      'Allergies',
      'Medications',
      'Surgical',
      'Airway Assessment',
      'Consult',
      'Other Notes',
      'Review & Complete',
    ]);
  });

  it('[HH10] goes to the first incomplete tab, or to review when none is', () => {
    const data: HealthHistoryData = {
      height: { value: 132, raw: '132' },
      weight: { value: 28, raw: '28' },
      asaClassification: '1',
    };
    const { tabs, statuses } = tabStatuses(data, NOW);
    expect(goToNextIncomplete(tabs, statuses)).toBe('Allergies');
    const done = { ...statuses };
    for (const t of tabs) if (done[t] === 'incomplete') done[t] = 'skipped';
    expect(goToNextIncomplete(tabs, done)).toBe('Review & Complete');
  });

  it('[HH9] skips and unskips an incomplete section; a skipped one keeps the history incomplete', () => {
    expect(skipAction('incomplete')).toBe('skip');
    expect(skipAction('skipped')).toBe('unskip');
    expect(skipAction('complete')).toBeNull();
    const skipped = toggledSkip({}, 'Consult', true);
    expect(skipped).toEqual(['Consult']);
    expect(toggledSkip({ skippedSections: skipped }, 'Consult', false)).toEqual([]);
    const { tabs, statuses } = tabStatuses({ skippedSections: ['Consult'] }, NOW);
    expect(statuses.Consult).toBe('skipped');
    expect(isEditorComplete(tabs, statuses)).toBe(false);
  });

  it('asks before a layout switch that would wipe data the other layout does not keep', () => {
    const data = {
      systemsReview: { cardiac: { hasEntries: false } },
      manualVitals: [{ id: 'v1', time: NOW, vitals: { hr: 90 } }],
    } as HealthHistoryData;
    expect(dataLostByElsewhere(data)).toEqual(['Systems review', 'Pre-op vitals']);
    expect(dataLostByElsewhere({})).toEqual([]);
    expect(dataLostByVigil({ healthHistorySummary: 'See EMR note 12/1' })).toEqual(['EMR summary']);
    expect(switchLayoutPatch(true)).toEqual({ systemsReviewSkipped: true, systemsReview: null, manualVitals: null });
    expect(switchLayoutPatch(false)).toEqual({ systemsReviewSkipped: false, healthHistorySummary: null });
  });
});
