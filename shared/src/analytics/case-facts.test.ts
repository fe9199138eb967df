import { describe, expect, it } from 'vitest';
import { at, completeCase, MIN, T0 } from '../signoff/signoff-fixture.test-util.js';
import { anesthesiaTime, drugTotalRows } from '../report/totals.js';
import { caseFacts, utcMonthOf, sedationLevelOf, type CaseFactsInput } from './case-facts.js';

const APPOINTMENT: CaseFactsInput['appointment'] = {
  start: T0 - 30 * MIN,
  providerId: 'prc-1',
  providerName: 'Dr Ada Lovelace',
  locationId: 'loc-1',
  locationName: 'Operatory 1',
  sedationLevel: 'minimal',
};

function input(caseData: unknown, over: Partial<CaseFactsInput> = {}): CaseFactsInput {
  return { orgId: 'office', caseId: 'apt-1', caseData, appointment: APPOINTMENT, signedAt: null, addenda: 0, ...over };
}

describe('case facts of the analytics read model', () => {
  it('[AN1] takes the case start, sedation level and month from the case, the provider and place from the appointment', () => {
    const f = caseFacts(input(completeCase()));
    expect(f).toMatchObject({
      orgId: 'office',
      caseId: 'apt-1',
      status: 'started',
      providerId: 'prc-1',
      locationName: 'Operatory 1',
      sedationLevel: 'moderate',
      startAt: T0,
      month: '2026-11',
    });
  });

  it('[AN1] falls back to the appointment’s start and booked level for a case with nothing charted', () => {
    const f = caseFacts(input(null));
    expect(f.startAt).toBe(T0 - 30 * MIN);
    expect(f.sedationLevel).toBe('minimal');
    expect(f.anesthesiaMinutes).toBeNull();
    expect(f.drugs).toEqual([]);
    expect(f.laPctOfMax).toBeNull();
    expect(f.dischargeScore).toBeNull();
    expect(f.monitorCoverage).toBeNull();
  });

  it.each([
    ['Moderate', 'moderate'],
    [' GA ', 'ga'],
    ['heavy', null],
    [null, null],
  ])('[AN1] reads the sedation level %j as %j', (raw, level) => {
    expect(sedationLevelOf(raw)).toBe(level);
  });

  it('[AN1] names the month in UTC', () => {
    expect(utcMonthOf(Date.UTC(2026, 0, 31, 23, 30))).toBe('2026-01');
    expect(utcMonthOf(null)).toBeNull();
  });

  it('[AN1] reuses RL6 for anesthesia minutes and units and RL5 for drug totals, not copies of them', () => {
    const data = {
      ...completeCase(),
      events: { caseStart: at(0), anesthesiaStart: at(0), anesthesiaEnd: at(47), vitalsEnd: at(30), end: at(50) },
    };
    const f = caseFacts(input(data));
    // 47 minutes; units as RL6 counts them.
    expect(f.anesthesiaMinutes).toBe(47);
    expect({ minutes: f.anesthesiaMinutes, units: f.anesthesiaUnits }).toEqual(anesthesiaTime(data));
    expect(f.drugs).toEqual([{ name: 'Midazolam', unit: 'mg', total: 2 }]);
    expect(f.drugs.map((d) => d.total)).toEqual(drugTotalRows(data).map((d) => d.total));
  });

  it('[AN1] states the combined local anesthetic percent of the manufacturer maximum (RL4)', () => {
    // Lidocaine 2% with epi: 36 mg in a 70 kg adult; maximum 7 mg/kg = 490 mg (capped 500): 36/490 = 7.35 % → 7.4 %.
    const data = {
      ...completeCase(),
      localDoses: [{ id: 'l1', drugVariantId: 'lidocaine-epi100', amount: 1, unit: 'cartridges', mg: 36, time: at(1) }],
    };
    const f = caseFacts(input(data));
    expect(f.laPctOfMax).toBe(7.4);
  });

  it('[AN1] states the discharge type, total and completeness (RL2, DS7)', () => {
    const f = caseFacts(input(completeCase()));
    // Six items at 2 plus a vitals score of 2 (first and last readings equal): 14.
    expect(f.dischargeType).toBe('aldrete');
    expect(f.dischargeScore).toBe(14);
    expect(f.dischargeComplete).toBe(true);
  });

  it('[AN2] [AN3] times the signature from the case end: 46 minutes past an end at 10:45 is 46', () => {
    const f = caseFacts(input(completeCase(), { signedAt: at(45) + 46 * MIN }));
    expect(f.status).toBe('finalized');
    expect(f.endToSignatureMinutes).toBe(46);
    expect(caseFacts(input(completeCase())).endToSignatureMinutes).toBeNull();
  });

  it('[AN4] lists the flags raised and the flags overridden, each rule once', () => {
    const data = {
      ...completeCase(),
      asaClassification: null,
      healthHistoryId: null,
      signoffOverrides: [
        { flagKey: 'SO1', flagId: 'SO1', message: 'm', reason: 'r', userId: 'u', name: 'n', time: at(46) },
        { flagKey: 'SO4', flagId: 'SO4', message: 'm', reason: 'r', userId: 'u', name: 'n', time: at(46) },
      ],
    };
    const f = caseFacts(input(data));
    expect(f.flagsRaised).toEqual(['SO1', 'SO4']);
    expect(f.flagsOverridden).toEqual(['SO1', 'SO4']);
    expect(f.healthHistoryReviewed).toBe(false);
    expect(f.consentRecorded).toBe(true);
  });

  it('[AN8] keeps each override with its reason, and the charted doses added up per drug and unit', () => {
    const data = {
      ...completeCase(),
      drugsAdministered: [
        {
          name: 'Midazolam',
          doses: [
            { amount: 2, unit: 'mg', time: at(5) },
            { amount: 1.5, unit: 'mg', time: at(10) },
          ],
        },
      ],
      signoffOverrides: [
        {
          flagKey: 'SO8',
          flagId: 'SO8',
          message: 'No SpO2',
          reason: 'On paper',
          userId: 'u',
          name: 'Dr A',
          time: at(46),
        },
      ],
    };
    const f = caseFacts(input(data));
    expect(f.overrides).toEqual([
      { ruleId: 'SO8', message: 'No SpO2', reason: 'On paper', name: 'Dr A', time: at(46) },
    ]);
    // 2 mg + 1.5 mg of midazolam = 3.5 mg.
    expect(f.chartedDoses).toEqual([{ drug: 'Midazolam', unit: 'mg', amount: 3.5 }]);
  });

  it('[AN5] measures monitor coverage: 7 checkpoints 10:00–10:30, 5 with a reading, is 0.714', () => {
    const full = completeCase();
    expect(caseFacts(input(full)).monitorCoverage).toBe(1);
    const vitals = (full.manualVitals as { time: number }[]).filter((r) => r.time !== at(10) && r.time !== at(15));
    const f = caseFacts(input({ ...full, manualVitals: vitals }));
    expect(f.monitorCoverage).toBe(0.714);
    expect(f.flagsRaised).toContain('SO6');
    expect(f.quality.vitalsAtEveryCheckpoint).toBe(false);
  });

  it('[AN5] has no coverage with vitals tracking switched off', () => {
    expect(caseFacts(input({ ...completeCase(), vitalsTrackingEnabled: false })).monitorCoverage).toBeNull();
  });

  it('[AN6] meets all five quality figures for a complete case signed within a day without an override', () => {
    const f = caseFacts(input(completeCase(), { signedAt: at(60) }));
    expect(f.quality).toEqual({
      preOpComplete: true,
      vitalsAtEveryCheckpoint: true,
      dischargeBeforeSignoff: true,
      signedWithin24h: true,
      noOverride: true,
    });
  });

  it('[AN6] fails each figure for its own reason', () => {
    const unticked = { ...completeCase(), preOpChecklist: [{ id: 'c1', label: 'Consent signed', complete: false }] };
    expect(caseFacts(input(unticked, { signedAt: at(60) })).quality.preOpComplete).toBe(false);
    const noNpo = { ...completeCase(), lastFood: null };
    expect(caseFacts(input(noNpo, { signedAt: at(60) })).quality.preOpComplete).toBe(false);
    const noDischarge = { ...completeCase(), dischargeScoreEntries: {} };
    expect(caseFacts(input(noDischarge, { signedAt: at(60) })).quality.dischargeBeforeSignoff).toBe(false);
    // 24 hours after the end is still within; a minute more is not.
    expect(caseFacts(input(completeCase(), { signedAt: at(45) + 1440 * MIN })).quality.signedWithin24h).toBe(true);
    expect(caseFacts(input(completeCase(), { signedAt: at(45) + 1441 * MIN })).quality.signedWithin24h).toBe(false);
    const overridden = {
      ...completeCase(),
      signoffOverrides: [{ flagKey: 'SO8', flagId: 'SO8', message: 'm', reason: 'r', userId: 'u', name: 'n', time: 1 }],
    };
    expect(caseFacts(input(overridden, { signedAt: at(60) })).quality.noOverride).toBe(false);
  });

  it('[AN6] counts no sign-off figure for a case not finalized', () => {
    const q = caseFacts(input(completeCase())).quality;
    expect([q.dischargeBeforeSignoff, q.signedWithin24h, q.noOverride]).toEqual([false, false, false]);
  });
});
