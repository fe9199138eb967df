import { SIGNOFF_RULES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { FIELD_SECTIONS, flagSection } from './signoffTargets.js';

describe('where a sign-off flag jumps', () => {
  it.each([
    [['asaClassification'], 'case-start'],
    [['lastFood', 'lastDrink'], 'case-start'],
    [['healthHistoryId'], 'case-health-history'],
    [['manualVitals'], 'case-vitals'],
    [['vitalsRecords'], 'case-vitals'],
    [['events'], 'case-times'],
    [['localDoses'], 'la-tracker'],
    [['dischargeScoreEntries'], 'case-discharge'],
    [['finalRoomAirSpO2'], 'case-outcome'],
    [['signatures'], 'case-signatures'],
    // A path goes by its first key; an unknown key falls through to the next field.
    [['drugsAdministered.0.doses'], 'case-drugs'],
    [['ledger', 'drugsAdministered'], 'case-drugs'],
  ])('%j → %s', (fields, id) => {
    expect(flagSection({ fields })?.id).toBe(id);
  });

  it('has no section for a field the case screen does not chart', () => {
    expect(flagSection({ fields: ['somethingElse'] })).toBeNull();
  });

  it('knows a section for every field the sign-off rules point at', () => {
    // The fields named in the rules' flags (signoff-*.ts); each rule id is listed in SIGNOFF_RULES.
    const fields = [
      'asaClassification',
      'lastFood',
      'lastDrink',
      'preOpChecklist',
      'healthHistoryId',
      'manualVitals',
      'vitalsRecords',
      'dischargeScoreEntries',
      'finalRoomAirSpO2',
      'signatures',
      'events',
      'drugsAdministered',
      'localDoses',
      'weight',
      'sedationLevel',
    ];
    for (const f of fields) expect(FIELD_SECTIONS[f], f).toBeDefined();
    expect(Object.keys(SIGNOFF_RULES)).toHaveLength(20);
  });
});
