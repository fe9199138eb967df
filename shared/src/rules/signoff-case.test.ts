import { describe, expect, it } from 'vitest';
import { at, completeCase, reading } from '../signoff/signoff-fixture.test-util.js';
import { caseDoses, caseReadings, isDepthLevel, levelPhrase, readSignoffCase } from './signoff-case.js';

describe('the case as the sign-off rules read it', () => {
  it('merges manual entries and monitor readings oldest first, temp as temperature, zero as no reading', () => {
    const readings = caseReadings({
      manualVitals: [reading(10, { hr: 70, temp: 98.6, spo2: 0 }), { time: at(1), vitals: {} }],
      vitalsRecords: [{ lastUpdated: at(5), vitals: { hr: { value: 80, time: at(5) }, rr: { value: null } } }],
    });
    expect(readings).toEqual([
      { time: at(5), source: 'monitor', values: { hr: 80 } },
      { time: at(10), source: 'manual', values: { hr: 70, temperature: 98.6 } },
    ]);
  });

  it('[SIM3] leaves out the simulated monitor’s readings: they are not the patient’s', () => {
    const readings = caseReadings({
      manualVitals: [reading(10, { hr: 70 })],
      vitalsRecords: [
        { lastUpdated: at(5), simulated: true, vitals: { spo2: { value: 99, time: at(5) } } },
        { lastUpdated: at(6), simulated: false, vitals: { spo2: { value: 95, time: at(6) } } },
      ],
    });
    expect(readings).toEqual([
      { time: at(6), source: 'monitor', values: { spo2: 95 } },
      { time: at(10), source: 'manual', values: { hr: 70 } },
    ]);
  });

  it('reads doses with their drug, tolerating an entry of the wrong shape', () => {
    const doses = caseDoses({
      drugsAdministered: [
        { name: 'Fentanyl', doses: [{ route: 'IV', amount: 50, unit: 'mcg', time: new Date(at(3)).toISOString() }] },
        'garbage',
        { doses: [{ amount: 1 }] },
      ],
    });
    expect(doses).toEqual([
      { drugIndex: 0, drugId: 'fentanyl', name: 'Fentanyl', route: 'IV', amount: 50, unit: 'mcg', time: at(3) },
      { drugIndex: 1, drugId: 'unnamed-drug', name: 'Unnamed drug', route: null, amount: 1, unit: null, time: null },
    ]);
  });

  it.each([
    ['moderate', true],
    ['Deep', true],
    ['ga', true],
    ['minimal', false],
    ['local', false],
    [null, false],
  ])('depth level %s → %s (spec 001 §5)', (level, depth) => {
    expect(isDepthLevel(level == null ? null : level.toLowerCase())).toBe(depth);
  });

  it('derives case start from the first activity when vitals tracking is off (ET3)', () => {
    const c = { ...completeCase(), vitalsTrackingEnabled: false, events: { end: at(45) } };
    const kase = readSignoffCase(c);
    expect(kase.vitalsTracked).toBe(false);
    expect(kase.times.caseStart).toBe(at(0));
    expect(kase.sedationLevel).toBe('moderate');
  });

  it.each([
    ['moderate', 'moderate sedation'],
    ['ga', 'general anesthesia'],
    ['local', 'local anesthesia'],
  ])('says %s as %s', (level, phrase) => {
    expect(levelPhrase(level)).toBe(phrase);
  });

  it('reads positions and pre-meds as charted activity for the derived case start', () => {
    const kase = readSignoffCase({
      vitalsTrackingEnabled: false,
      positions: [{ name: 'Supine', time: at(-5) }],
      preMeds: [{ drugName: 'Triazolam', time: at(-30) }],
    });
    expect(kase.eventInput.positions).toEqual([{ id: 'position1', name: 'Supine', time: at(-5) }]);
    expect(kase.times.caseStart).toBe(at(-30));
  });
});
