import { describe, expect, it } from 'vitest';
import { hasSimulatedReadings, vitalSamples, vitalsReferenceSamples } from './chart.js';
import { caseDischarge, vitalsEnds } from './discharge.js';
import { runningHeaderText, SIMULATED_MARK } from './document.js';

const T0 = Date.UTC(2026, 10, 20, 14, 0);
const MIN = 60_000;
const reading = (minute: number, vitals: Record<string, number>, simulated: boolean): Record<string, unknown> => ({
  id: `r${minute}`,
  lastUpdated: T0 + minute * MIN,
  simulated,
  monitorLabel: simulated ? 'Simulated monitor' : 'Monitor',
  monitorId: 'mon-1',
  selectedVitals: Object.keys(vitals),
  vitals: Object.fromEntries(Object.entries(vitals).map(([k, value]) => [k, { value, time: T0 + minute * MIN }])),
});
const patient = { id: 'p', givenName: 'Ada', familyName: 'Lovelace', nickname: null, birthDate: '1990-01-02' };

describe('simulated monitor readings in the record (SIM1, SIM2)', () => {
  it('[SIM1] keeps each monitor reading marked as simulated or not, down to the Vitals Data Reference', () => {
    const caseData = {
      vitalsRecords: [reading(0, { hr: 70 }, true), reading(5, { hr: 72 }, false)],
      manualVitals: [{ time: T0 + 2 * MIN, vitals: { sbp: 120 } }],
    };
    expect(vitalSamples(caseData).map((s) => [s.manual, s.simulated])).toEqual([
      [false, true],
      [true, false],
      [false, false],
    ]);
    expect(vitalsReferenceSamples(caseData).map((s) => s.simulated)).toEqual([true, false, false]);
  });

  it('[SIM1] marks every printed page of a record holding a simulated reading, and only such a record', () => {
    const simulated = { vitalsRecords: [reading(0, { hr: 70 }, true)] };
    const real = { vitalsRecords: [reading(0, { hr: 70 }, false)] };
    expect(hasSimulatedReadings(simulated)).toBe(true);
    expect(hasSimulatedReadings(real)).toBe(false);
    expect(hasSimulatedReadings({})).toBe(false);
    expect(runningHeaderText({ patient, caseId: 'apt-1', caseData: simulated })).toBe(
      `Patient: Lovelace, Ada · DOB: 1990-01-02 · Case ID: apt-1 · ${SIMULATED_MARK}`,
    );
    expect(runningHeaderText({ patient, caseId: 'apt-1', caseData: real })).not.toContain(SIMULATED_MARK);
  });

  it('[SIM2] leaves simulated readings out of the discharge vitals comparison', () => {
    // Real SpO2 95 → 80 (a 15.8 % drop); a simulated 98 at the end must not become the last value.
    const caseData = {
      vitalsRecords: [
        reading(0, { spo2: 95, hr: 70 }, false),
        reading(30, { spo2: 80, hr: 70 }, false),
        reading(35, { spo2: 98, hr: 61 }, true),
      ],
    };
    expect(vitalsEnds(caseData.vitalsRecords).spo2).toMatchObject({ first: 95, last: 80, count: 2 });
    const spo2 = caseDischarge(caseData).comparisons.find((c) => c.id === 'spo2');
    expect(spo2).toMatchObject({ startValue: 95, endValue: 80 });
  });

  it('[SIM2] has no vitals comparison at all from a simulated monitor alone', () => {
    const caseData = {
      vitalsRecords: [reading(0, { spo2: 97, hr: 70 }, true), reading(30, { spo2: 99, hr: 75 }, true)],
    };
    expect(caseDischarge(caseData).comparisons).toEqual([]);
    expect(caseDischarge(caseData).summary.complete).toBe(false);
  });
});
