import { describe, expect, it } from 'vitest';
import { CONTROLLED_DRUGS, controlledDrug } from './drugs.js';

describe('controlled drugs offered when receiving', () => {
  it.each([
    // DEA schedules, 21 CFR 1308.12 (II), .13 (III), .14 (IV).
    ['Midazolam', 'IV', 'mg', 10],
    ['fentanyl ', 'II', 'mcg', 100],
    ['Ketamine', 'III', 'mg', 500],
    ['Triazolam', 'IV', 'mg', 0.25],
  ])('[IV5] %s is schedule %s, counted in %s, %d a package', (name, schedule, unit, pkg) => {
    expect(controlledDrug(name)).toMatchObject({ schedule, unit, packageAmount: pkg });
  });

  it('[IV5] knows no other drug, and lists each name once', () => {
    expect(controlledDrug('Lidocaine')).toBeNull();
    const names = CONTROLLED_DRUGS.map((d) => d.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });
});
