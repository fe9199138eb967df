import type { LedgerEntryKind } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { caseLedgerLines } from './caseLines.js';

const entry = (kind: LedgerEntryKind, quantity: number, drug = 'Midazolam', unit = 'mg') => ({
  kind,
  quantity,
  drug,
  unit,
});

describe("a case's controlled-drug lines on the case screen", () => {
  it('[IV9] counts what was drawn, wasted and returned against the doses charted on this device', () => {
    // Drawn 10 mg; charted 2 + 2 mg IV; wasted 6 mg: 10 = 4 + 6 + 0.
    const drugs = [
      {
        name: 'midazolam ',
        doses: [
          { amount: 2, unit: 'mg' },
          { amount: 2, unit: 'mg' },
        ],
      },
    ];
    expect(caseLedgerLines([entry('dispense', 10), entry('waste', 6)], drugs, [])).toEqual([
      { drug: 'Midazolam', unit: 'mg', drawn: 10, given: 4, wasted: 6, returned: 0 },
    ]);
  });

  it('[IV9] follows a dose charted a moment ago, converts mcg, and adds a pre-med', () => {
    // Fentanyl drawn 100 mcg = 0.1 mg lot in mg; charted 50 mcg = 0.05 mg; pre-med midazolam 5 mg by mouth.
    const lines = caseLedgerLines(
      [entry('dispense', 0.1, 'Fentanyl', 'mg'), entry('dispense', 10)],
      [{ name: 'Fentanyl', doses: [{ amount: 50, unit: 'mcg' }] }],
      [{ drugName: 'Midazolam', dosage: 5, unit: 'mg' }],
    );
    expect(lines).toEqual([
      { drug: 'Fentanyl', unit: 'mg', drawn: 0.1, given: 0.05, wasted: 0, returned: 0 },
      { drug: 'Midazolam', unit: 'mg', drawn: 10, given: 5, wasted: 0, returned: 0 },
    ]);
  });

  it('[IV9] has no line without a draw, and leaves out an entry in a unit that is not a mass', () => {
    expect(caseLedgerLines([], [{ name: 'Midazolam', doses: [{ amount: 2, unit: 'mg' }] }], undefined)).toEqual([]);
    expect(caseLedgerLines([entry('dispense', 2, 'Midazolam', 'mL')], undefined, undefined)).toEqual([]);
  });
});
