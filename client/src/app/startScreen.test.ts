import { describe, expect, it } from 'vitest';
import { startsInOrgApp } from './startScreen.js';

describe('the start screen main.tsx loads beside the app', () => {
  it.each([
    ['/org/acme/cases/apt-1', true],
    ['/org/acme', true],
    ['/orgs/new', false],
    ['/profile', false],
    ['/', false],
  ])('%s is an org app screen: %s', (pathname, expected) => {
    expect(startsInOrgApp(pathname)).toBe(expected);
  });
});
