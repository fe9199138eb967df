import { describe, expect, it } from 'vitest';
import { deeperLevelPlans, deeperLevelsText } from './levels.js';

describe('the sedation levels a plan leaves out (PL4, PL5; issue 37)', () => {
  it.each([
    [
      'basic',
      [
        { tier: 'plus', levels: ['moderate'] },
        { tier: 'advanced', levels: ['deep', 'ga'] },
      ],
    ],
    ['plus', [{ tier: 'advanced', levels: ['deep', 'ga'] }]],
    ['advanced', []],
    ['enterprise', []],
    [null, []],
    ['gold', []],
  ])('%s → %o', (tier, expected) => {
    expect(deeperLevelPlans(tier)).toEqual(expected);
  });

  it('names the plan of each deeper level', () => {
    expect(deeperLevelsText('basic')).toBe(
      'Your plan does not include deeper sedation levels: Moderate in the Plus plan; Deep and GA in the Advanced plan.',
    );
    expect(deeperLevelsText('advanced')).toBeNull();
  });
});
