import { describe, expect, it } from 'vitest';
import { csvCell, ledgerCsv, type LedgerCsvRow } from './csv.js';

describe('the ledger log as CSV', () => {
  it.each([
    ['Midazolam', 'Midazolam'],
    ['5 mg/mL, 2 mL vial', '"5 mg/mL, 2 mL vial"'],
    ['He said "broken"', '"He said ""broken"""'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['-2 vials', "'-2 vials"],
    ['@sum', "'@sum"],
    [-2, '-2'],
    [0.5, '0.5'],
    [null, ''],
  ] as [string | number | null, string][])('[IV2] writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('[IV2] writes the header and one line per entry', () => {
    const row: LedgerCsvRow = {
      at: '2026-11-26T10:15:00.000Z',
      seq: 4,
      kind: 'waste',
      inventoryName: 'Main safe',
      drug: 'Midazolam',
      lotNumber: 'MDZ2291',
      quantity: 6,
      unit: 'mg',
      caseId: 'apt-1',
      userName: 'Dr. Lee',
      witnessName: 'Sam Park, RN',
      reason: null,
      expected: null,
      found: null,
      hash: 'ab12',
    };
    expect(ledgerCsv([row])).toBe(
      'Time,Entry,Kind,Inventory,Drug,Lot,Quantity,Unit,Case,User,Witness,Reason,Expected,Found,Hash\r\n' +
        '2026-11-26T10:15:00.000Z,4,waste,Main safe,Midazolam,MDZ2291,6,mg,apt-1,Dr. Lee,"Sam Park, RN",,,,ab12\r\n',
    );
  });
});
