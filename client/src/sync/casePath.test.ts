import { describe, expect, it } from 'vitest';
import { caseOfPath } from './casePath.js';

describe('caseOfPath', () => {
  it("gives a case screen's organisation and case", () => {
    expect(caseOfPath('/org/demo-dental/cases/apt-123')).toEqual({ orgId: 'demo-dental', docId: 'apt-123' });
    expect(caseOfPath('/org/demo-dental/cases/apt-123/')).toEqual({ orgId: 'demo-dental', docId: 'apt-123' });
    expect(caseOfPath('/org/o%20x/cases/a%2Fb')).toEqual({ orgId: 'o x', docId: 'a/b' });
  });

  it('is null for every other screen, the case list and the new-case screens included', () => {
    for (const path of [
      '/',
      '/org/demo-dental/cases',
      '/org/demo-dental/new-case',
      '/org/demo-dental/patients/p1/new-case',
      '/org/demo-dental/cases/apt-123/report',
      '/team/t1/cases/c1',
      '/org/demo-dental/cases/%E0%A4%A',
    ]) {
      expect(caseOfPath(path)).toBeNull();
    }
  });
});
