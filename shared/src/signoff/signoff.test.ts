import { describe, expect, it } from 'vitest';
import { completeCase, ctxOf } from './signoff-fixture.test-util.js';
import {
  flag,
  groupSignoffFlags,
  keyTime,
  signoffFlags,
  SIGNOFF_CATEGORIES,
  SIGNOFF_RULES,
  type SignoffFlag,
} from './signoff.js';

describe('sign-off flags', () => {
  it('keys an occurrence by its UTC minute, the same on every device', () => {
    // 2026-11-26 10:15:42 UTC → '2026-11-26T10:15Z' whatever the zone the messages use.
    expect(keyTime(Date.UTC(2026, 10, 26, 10, 15, 42))).toBe('2026-11-26T10:15Z');
  });

  it('makes a flag with its rule category and key', () => {
    expect(flag('SO6', '2026-11-26T10:15Z', ['manualVitals'], 'No vitals.')).toEqual({
      id: 'SO6',
      key: 'SO6:2026-11-26T10:15Z',
      category: 'missing',
      fields: ['manualVitals'],
      message: 'No vitals.',
    });
    expect(flag('SO1', null, ['asaClassification'], 'x').key).toBe('SO1');
  });

  it('lists every rule id SO1… once, each in a known category', () => {
    const ids = Object.keys(SIGNOFF_RULES);
    expect(ids).toEqual(ids.map((_, i) => `SO${i + 1}`));
    for (const r of Object.values(SIGNOFF_RULES)) expect(SIGNOFF_CATEGORIES).toContain(r.category);
  });

  it('groups flags by category in the screen order, leaving out empty ones', () => {
    const f = (id: string): SignoffFlag => flag(id, null, [], id);
    const groups = groupSignoffFlags([f('SO19'), f('SO1'), f('SO8')]);
    expect(groups.map((g) => [g.category, g.label, g.flags.map((x) => x.id)])).toEqual([
      ['missing', 'Not recorded', ['SO1', 'SO8']],
      ['confirmation', 'Confirm', ['SO19']],
    ]);
  });

  it('reads case data of an older schema version (CD5): flat weight, no version', () => {
    const c = completeCase();
    const old = { ...c, schemaVersion: undefined, weight: 70, weight_raw: '70 kg' };
    expect(signoffFlags(ctxOf(old))).toEqual([]);
  });

  it('shows times in the zone asked for, keys in UTC', () => {
    const c = { ...completeCase(), manualVitals: [] };
    const flags = signoffFlags(ctxOf(c, { timeZone: 'America/New_York' }));
    // The first drug at 10:02 UTC is 05:02 in New York on 2026-11-26 (EST, UTC−5).
    expect(flags.find((x) => x.id === 'SO5')!.message).toContain('at 05:02');
  });
});
