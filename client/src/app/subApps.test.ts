import { describe, expect, it } from 'vitest';
import { foldsNavigation, subAppOf } from './subApps.js';
import { viewportOf } from './viewport.js';

describe('app names and logo link (spec 000 §2)', () => {
  it.each([
    ['/org/acme/patients', 'org', 'Case Manager', '/org/acme'],
    ['/org/acme', 'org', 'Case Manager', '/org/acme'],
    ['/parent/p1/orgs', 'parent', 'Admin Dashboard', '/'],
    ['/vigil-team/orgs', 'team', 'Vigil Team', '/'],
    ['/reseller/r1/apps', 'reseller', 'Case Manager', '/'],
    ['/signin', 'public', 'Case Manager', '/'],
    ['/', 'public', 'Case Manager', '/'],
  ])('%s is the %s app named %s with the logo linking to %s', (path, id, name, logoHref) => {
    expect(subAppOf(path)).toEqual({ id, name, logoHref });
  });
});

describe('viewport (spec 000 §4)', () => {
  it.each([
    [320, 'sm'],
    [599, 'sm'],
    [600, 'md'],
    [959, 'md'],
    [960, 'lg'],
    [1280, 'lg'],
  ])('%i px is %s', (width, expected) => {
    expect(viewportOf(width)).toBe(expected);
  });
});

describe('the navigation folds away on a case screen (issue 25)', () => {
  it.each([
    ['/org/acme/cases/apt-1', true],
    ['/org/acme/cases/apt-1/', true],
    ['/org/acme/cases', false],
    ['/org/acme/new-case', false],
    ['/org/acme/patients/pat-1', false],
    ['/parent/acme/orgs', false],
  ])('%s: %s', (path, folds) => {
    expect(foldsNavigation(path)).toBe(folds);
  });
});
