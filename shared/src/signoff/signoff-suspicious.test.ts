import { describe, expect, it } from 'vitest';
import { at, completeCase, ctxOf, reading } from './signoff-fixture.test-util.js';
import { signoffFlags, type SignoffContext, type SignoffFlag } from './signoff.js';

type Case = Record<string, unknown>;
const flagsOf = (c: Case, id: string, over: Partial<SignoffContext> = {}): SignoffFlag[] =>
  signoffFlags(ctxOf(c, over)).filter((f) => f.id === id);

describe('suspicious', () => {
  it.each([
    // |84 − 70| / 70 = 20 %: not more than 20 %.
    [70, 84, null],
    [70, 56, null],
    // |85 − 70| / 70 = 21.4 % → 21 %.
    [70, 85, 'The weight of 85 kg is 21 % more than on the last case (70 kg): check the weight and its unit.'],
    // 154 (pounds typed as kg) against 70: 120 % more.
    [70, 154, 'The weight of 154 kg is 120 % more than on the last case (70 kg): check the weight and its unit.'],
    // |31.8 − 70| / 70 = 54.6 % → 55 % less.
    [70, 31.8, 'The weight of 31.8 kg is 55 % less than on the last case (70 kg): check the weight and its unit.'],
    // No last case, or no weight now: nothing to compare.
    [null, 85, null],
  ])('[SO16] last case %s kg, now %s kg', (before, now, message) => {
    const f = flagsOf({ ...completeCase(), weight: { value: now } }, 'SO16', { previousWeightKg: before });
    expect(f.map((x) => x.message)).toEqual(message == null ? [] : [message]);
    for (const x of f) expect(x).toMatchObject({ key: 'SO16', category: 'suspicious', fields: ['weight'] });
  });

  it('[SO16] a case without a weight is not compared', () => {
    expect(flagsOf({ ...completeCase(), weight: null }, 'SO16', { previousWeightKg: 70 })).toEqual([]);
  });

  /** SpO2 readings every 5 minutes from 10:00: the given values, other vitals normal. */
  const spo2Case = (values: number[], over: Case = {}): Case => ({
    ...completeCase(),
    startedOnRoomAir: true,
    events: { caseStart: at(0), recoveryStart: at(70), vitalsEnd: at(70), end: at(80) },
    manualVitals: values.map((v, i) => reading(i * 5, { sbp: 120, hr: 70, spo2: v })),
    ...over,
  });
  const hundreds = (n: number): number[] => Array.from({ length: n }, () => 100);

  it.each([
    // 13 readings at 100 from 10:00 to 11:00: 60 minutes, flagged.
    [
      'an hour at 100 %',
      hundreds(13),
      [['SO17:2026-11-26T10:00Z', expect.stringContaining('for 60 minutes (10:00 to 11:00)')]],
    ],
    // 12 readings: 10:00 to 10:55, 55 minutes: not an hour.
    ['55 minutes at 100 %', hundreds(12), []],
    // A 99 at 10:30 breaks the run into 30 and 35 minutes.
    ['a reading below in the hour', [...hundreds(6), 99, ...hundreds(8)], []],
    // 99 first, then 10:05 to 11:05 at 100: one run of 60 minutes from 10:05.
    [
      'after a lower reading',
      [99, ...hundreds(13)],
      [['SO17:2026-11-26T10:05Z', expect.stringContaining('(10:05 to 11:05)')]],
    ],
  ])('[SO17] on room air: %s', (_, values, expected) => {
    const f = flagsOf(spo2Case(values), 'SO17');
    expect(f.map((x) => [x.key, x.message])).toEqual(expected);
    for (const x of f) expect(x).toMatchObject({ category: 'suspicious', fields: ['manualVitals'] });
  });

  it.each([
    ['not recorded as started on room air', { startedOnRoomAir: null }],
    ['started on oxygen', { startedOnRoomAir: false }],
    ['with an airway charted', { airways: [{ id: 'a', type: 'nc' }] }],
    [
      'with nitrous oxide and oxygen',
      {
        drugsAdministered: [
          {
            id: 'n',
            name: 'Nitrous Oxide',
            drugId: 'n2o',
            doses: [{ route: 'inhalation', amount: 30, unit: '%', time: at(1) }],
          },
        ],
      },
    ],
  ])('[SO17] an hour at 100 %% is not flagged when %s', (_, over) => {
    expect(flagsOf(spo2Case(hundreds(13), over), 'SO17')).toEqual([]);
  });

  it('[SO17] says exactly what it saw', () => {
    expect(flagsOf(spo2Case(hundreds(13)), 'SO17')[0]!.message).toBe(
      'SpO2 read 100 % on room air for 60 minutes (10:00 to 11:00) with no reading below: check the probe and whether oxygen was given.',
    );
  });

  const midazolam = (minute: number, amount = 2, route = 'IV') => ({
    drugId: 'midazolam',
    route,
    amount,
    unit: 'mg',
    time: at(minute),
  });
  const withDoses = (doses: unknown[]): Case => ({
    ...completeCase(),
    drugsAdministered: [{ id: 'd', name: 'Midazolam', drugId: 'midazolam', doses }],
  });

  it.each([
    ['the same dose twice in the same minute', [midazolam(2), midazolam(2)], ['SO18:midazolam:IV:2026-11-26T10:02Z']],
    // 59 s apart: within a minute.
    [
      '59 seconds apart',
      [midazolam(2), { ...midazolam(2), time: at(2) + 59_000 }],
      ['SO18:midazolam:IV:2026-11-26T10:02Z'],
    ],
    // 60 s apart: a minute, not within it.
    ['a minute apart', [midazolam(2), midazolam(3)], []],
    ['different amounts', [midazolam(2, 2), midazolam(2, 1)], []],
    ['different routes', [midazolam(2, 2, 'IV'), midazolam(2, 2, 'IM')], []],
    // Three at once: the second and the third are each a duplicate of the one before.
    [
      'three at once',
      [midazolam(2), midazolam(2), midazolam(2)],
      ['SO18:midazolam:IV:2026-11-26T10:02Z', 'SO18:midazolam:IV:2026-11-26T10:02Z'],
    ],
  ])('[SO18] %s', (_, doses, keys) => {
    const f = flagsOf(withDoses(doses), 'SO18');
    expect(f.map((x) => x.key)).toEqual(keys);
    for (const x of f) {
      expect(x).toMatchObject({ category: 'suspicious', fields: ['drugsAdministered'] });
      expect(x.message).toBe(
        'Midazolam 2 mg IV is charted twice at 10:02: remove the duplicate, or confirm it was given twice.',
      );
    }
  });

  it('[SO18] a local anesthetic charted twice in a minute points at the local doses', () => {
    const dose = { drugVariantId: 'articaine-epi100', time: at(4), amount: 1, unit: 'cartridges', mg: 72 };
    const c = { ...completeCase(), localDoses: [dose, { ...dose, time: at(4) + 30_000 }] };
    expect(flagsOf(c, 'SO18').map((x) => [x.key, x.fields, x.message])).toEqual([
      [
        'SO18:local:articaine-epi100:2026-11-26T10:04Z',
        ['localDoses'],
        'Articaine 1 cartridge is charted twice at 10:04: remove the duplicate, or confirm it was given twice.',
      ],
    ]);
  });
});
