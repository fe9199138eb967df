import { describe, expect, it } from 'vitest';
import { at, completeCase, ctxOf, reading } from './signoff-fixture.test-util.js';
import { signoffFlags, type SignoffContext, type SignoffFlag } from './signoff.js';

type Case = Record<string, unknown>;
const flagsOf = (c: Case, id: string, over: Partial<SignoffContext> = {}): SignoffFlag[] =>
  signoffFlags(ctxOf(c, over)).filter((f) => f.id === id);
const withDrug = (name: string, drugId: string, minutes: number[]): Case => {
  const c = completeCase();
  (c.drugsAdministered as unknown[]).push({
    id: 'r',
    name,
    drugId,
    doses: minutes.map((m) => ({ drugId, route: 'IV', amount: 0.2, unit: 'mg', time: at(m) })),
  });
  return c;
};

describe('confirmation', () => {
  it.each([
    [
      'naloxone',
      withDrug('Naloxone', 'naloxone', [20]),
      [
        [
          'SO19:naloxone',
          'Naloxone was given (1 dose, first at 10:20): confirm why a reversal agent was needed and note it in the record.',
        ],
      ],
    ],
    // Typed by its brand name, two doses.
    [
      'Narcan typed in',
      withDrug('Narcan', 'narcan', [25, 20]),
      [
        [
          'SO19:naloxone',
          'Naloxone was given (2 doses, first at 10:20): confirm why a reversal agent was needed and note it in the record.',
        ],
      ],
    ],
    [
      'flumazenil',
      withDrug('Flumazenil', 'flumazenil', [22]),
      [['SO19:flumazenil', expect.stringContaining('Flumazenil was given (1 dose, first at 10:22)')]],
    ],
    ['no reversal agent', completeCase(), []],
  ])('[SO19] %s', (_, c, expected) => {
    const f = flagsOf(c, 'SO19');
    expect(f.map((x) => [x.key, x.message])).toEqual(expected);
    for (const x of f) expect(x).toMatchObject({ category: 'confirmation', fields: ['drugsAdministered'] });
  });

  it.each([
    // SL1 order local < minimal < moderate < deep < ga.
    ['moderate', 'moderate', null],
    ['moderate', 'deep', null],
    [
      'deep',
      'moderate',
      'The case is charted as deep sedation; moderate sedation was planned: confirm the depth reached.',
    ],
    [
      'ga',
      'minimal',
      'The case is charted as general anesthesia; minimal sedation was planned: confirm the depth reached.',
    ],
    ['moderate', null, null],
    ['moderate', 'unknown', null],
  ])('[SO20] charted %s, planned %s', (level, planned, message) => {
    const f = flagsOf({ ...completeCase(), sedationLevel: level }, 'SO20', { plannedSedationLevel: planned });
    expect(f.map((x) => x.message)).toEqual(message == null ? [] : [message]);
    for (const x of f) expect(x).toMatchObject({ key: 'SO20:planned', fields: ['sedationLevel'] });
  });

  it.each([
    // Moderate allows Ramsay up to 4; 5 (sluggish response) is deeper.
    ['moderate', [3, 4], null],
    [
      'moderate',
      [3, 5],
      'A Ramsay score of 5 at 10:21 is deeper than moderate sedation allows (up to 4): confirm the depth reached.',
    ],
    [
      'minimal',
      [3],
      'A Ramsay score of 3 at 10:20 is deeper than minimal sedation allows (up to 2): confirm the depth reached.',
    ],
    ['deep', [5], null],
    ['ga', [6], null],
  ])('[SO20] %s sedation with Ramsay scores %j', (level, scores, message) => {
    const c = {
      ...completeCase(),
      sedationLevel: level,
      manualVitals: [
        ...(completeCase().manualVitals as unknown[]),
        ...scores.map((rss, i) => reading(20 + i, { rss })),
      ],
    };
    const f = flagsOf(c, 'SO20');
    expect(f.map((x) => x.message)).toEqual(message == null ? [] : [message]);
    for (const x of f) expect(x).toMatchObject({ key: 'SO20:ramsay', category: 'confirmation' });
  });
});
