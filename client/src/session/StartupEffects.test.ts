import { describe, expect, it } from 'vitest';
import { tokenInHash } from './StartupEffects.js';

describe('token in the URL hash (spec 000 §4)', () => {
  it.each([
    ['#token=', ''],
    ['#token=null', 'null'],
    ['#token=abc%2Fdef', 'abc/def'],
    ['', undefined],
    ['#updatePassword', undefined],
    ['#tokens=x', undefined],
  ])('reads %j as %j', (hash, value) => {
    expect(tokenInHash(hash)).toBe(value);
  });
});
