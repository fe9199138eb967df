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
    ['+1', "'+1"],
    ['\tcmd', "'\tcmd"],
    // Issue 35 item 9: a leading carriage return or line feed, and the full-width forms.
    ['\r=cmd()', `"'\r=cmd()"`],
    ['\n=cmd()', `"'\n=cmd()"`],
    ['\uFF1DSUM(A1)', "'\uFF1DSUM(A1)"],
    ['\uFF0B1', "'\uFF0B1"],
    ['\uFF0D1', "'\uFF0D1"],
    ['\uFF20A1', "'\uFF20A1"],
    ['a=b', 'a=b'],
    [-2, '-2'],
    [0.5, '0.5'],
    [null, ''],
  ] as [string | number | null, string][])('[IV2] writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('[IV2] [IV8] writes the header and one line per entry, the case by patient, start and procedure beside its id', () => {
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
      case: { patientName: 'Ada Lovelace', start: '2026-11-26T09:00:00.000Z', procedure: 'Implant, lower left' },
      userName: 'Dr. Lee',
      witnessName: 'Sam Park, RN',
      reason: null,
      expected: null,
      found: null,
      hash: 'ab12',
    };
    expect(ledgerCsv([row])).toBe(
      'Time,Entry,Kind,Inventory,Drug,Lot,Quantity,Unit,Patient,Case start,Procedure,Case ID,User,Witness,Reason,Expected,Found,Hash\r\n' +
        '2026-11-26T10:15:00.000Z,4,waste,Main safe,Midazolam,MDZ2291,6,mg,Ada Lovelace,2026-11-26T09:00:00.000Z,"Implant, lower left",apt-1,Dr. Lee,"Sam Park, RN",,,,ab12\r\n',
    );
  });

  it('[IV8] leaves the case columns empty for an entry without a case, and keeps the id of a case not known', () => {
    const base: LedgerCsvRow = {
      at: '2026-11-26T08:00:00.000Z',
      seq: 1,
      kind: 'receive',
      inventoryName: 'Main safe',
      drug: 'Midazolam',
      lotNumber: 'MDZ2291',
      quantity: 50,
      unit: 'mg',
      caseId: null,
      case: null,
      userName: 'Dr. Lee',
      witnessName: null,
      reason: null,
      expected: null,
      found: null,
      hash: 'cd34',
    };
    const unknown = { ...base, seq: 2, caseId: 'apt-9', case: { patientName: null, start: null, procedure: null } };
    expect(ledgerCsv([base, unknown]).split('\r\n').slice(1, 3)).toEqual([
      '2026-11-26T08:00:00.000Z,1,receive,Main safe,Midazolam,MDZ2291,50,mg,,,,,Dr. Lee,,,,,cd34',
      '2026-11-26T08:00:00.000Z,2,receive,Main safe,Midazolam,MDZ2291,50,mg,,,,apt-9,Dr. Lee,,,,,cd34',
    ]);
  });
});
