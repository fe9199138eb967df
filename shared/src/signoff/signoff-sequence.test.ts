import { describe, expect, it } from 'vitest';
import { at, completeCase, ctxOf } from './signoff-fixture.test-util.js';
import { signoffFlags, type SignoffFlag } from './signoff.js';

type Case = Record<string, unknown>;
const flagsOf = (c: Case, id: string): SignoffFlag[] => signoffFlags(ctxOf(c)).filter((f) => f.id === id);
const withEvents = (events: Record<string, number>): Case => ({ ...completeCase(), events });

describe('sequence', () => {
  it.each([
    ['in order', { caseStart: at(0), recoveryStart: at(30), vitalsEnd: at(30), end: at(45) }, []],
    // anesthesiaEnd 10:20 before anesthesiaStart 10:25: reported once, at Anes. End (its lower bound).
    [
      'anesthesia ends before it starts',
      {
        caseStart: at(0),
        anesthesiaStart: at(25),
        anesthesiaEnd: at(20),
        recoveryStart: at(30),
        vitalsEnd: at(30),
        end: at(45),
      },
      [['SO10:anesthesiaEnd', 'Anes. End at 10:20 is before Anes. Start at 10:25.']],
    ],
    // Recovery Completed 10:25 before Stopped Monitoring 10:30 (ET2: end ≥ vitalsEnd).
    [
      'end before stopped monitoring',
      { caseStart: at(0), recoveryStart: at(20), vitalsEnd: at(30), end: at(25) },
      [['SO10:end', 'Recovery Completed at 10:25 is before Stopped Monitoring Vitals at 10:30.']],
    ],
    // ET1: Recovery Completed needs Stopped Monitoring.
    [
      'end without stopped monitoring',
      { caseStart: at(0), recoveryStart: at(30), end: at(45) },
      [['SO10:end', 'Recovery Completed is recorded at 10:45 but Stopped Monitoring Vitals is not.']],
    ],
    // ET4: Procedure End is required once Procedure Start is set.
    [
      'procedure start without its end',
      { caseStart: at(0), surgeryStart: at(5), recoveryStart: at(30), vitalsEnd: at(30), end: at(45) },
      [['SO10:surgeryEnd', 'Procedure End is not recorded, and is required once Procedure Start is.']],
    ],
  ])('[SO10] event times %s', (_, events, expected) => {
    const f = flagsOf(withEvents(events), 'SO10');
    expect(f.map((x) => [x.key, x.message])).toEqual(expected);
    for (const x of f) expect(x).toMatchObject({ category: 'sequence', fields: ['events'] });
  });

  it.each([
    // end 10:45; a dose at 10:45 is not after it, one at 10:50 is.
    ['at the end', 45, []],
    [
      'after the end',
      50,
      [['SO11:midazolam:2026-11-26T10:50Z', 'Midazolam 1 mg at 10:50 is after the end of the case (10:45).']],
    ],
  ])('[SO11] a dose %s', (_, minute, expected) => {
    const c = completeCase();
    const drug = (c.drugsAdministered as { doses: unknown[] }[])[0]!;
    drug.doses.push({ drugId: 'midazolam', route: 'IV', amount: 1, unit: 'mg', time: at(minute) });
    const f = flagsOf(c, 'SO11');
    expect(f.map((x) => [x.key, x.message])).toEqual(expected);
    for (const x of f) expect(x.fields).toEqual(['drugsAdministered']);
  });

  it('[SO11] a local anesthetic after the end points at the local doses; no end, no flag', () => {
    const c = {
      ...completeCase(),
      localDoses: [{ id: 'l', drugVariantId: 'lidocaine-epi100', time: at(55), amount: 1, unit: 'cartridges', mg: 36 }],
    };
    expect(flagsOf(c, 'SO11').map((x) => [x.key, x.fields, x.message])).toEqual([
      [
        'SO11:lidocaine-epi100:2026-11-26T10:55Z',
        ['localDoses'],
        'Lidocaine 1 cartridge at 10:55 is after the end of the case (10:45).',
      ],
    ]);
    expect(flagsOf({ ...c, events: { caseStart: at(0) } }, 'SO11')).toEqual([]);
  });
});
