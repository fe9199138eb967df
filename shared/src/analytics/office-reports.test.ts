import { describe, expect, it } from 'vitest';
import type { CaseFacts } from './case-facts.js';
import {
  billingUnitRows,
  caseLogRow,
  controlledDrugRows,
  csvFile,
  csvLine,
  defuseCell,
  overrideRows,
  officeReportFileName,
} from './office-reports.js';

const T = Date.UTC(2026, 10, 3, 9, 30);

function facts(over: Partial<CaseFacts> = {}): CaseFacts {
  return {
    ...{ orgId: 'office', caseId: 'apt-1', status: 'finalized', locationId: 'loc-1', locationName: 'Clinic' },
    ...{ providerId: 'prc-a', providerName: 'Dr Ada', sedationLevel: 'moderate', startAt: T, month: '2026-11' },
    ...{ anesthesiaMinutes: 40, anesthesiaUnits: 2.7, drugs: [], laPctOfMax: null, dischargeType: 'aldrete' },
    ...{ dischargeScore: 14, dischargeComplete: true, flagsRaised: [], flagsOverridden: [] },
    ...{ endToSignatureMinutes: 30, healthHistoryReviewed: true, consentRecorded: true, monitorCoverage: 1 },
    quality: {
      preOpComplete: true,
      vitalsAtEveryCheckpoint: true,
      dischargeBeforeSignoff: true,
      signedWithin24h: true,
      noOverride: true,
    },
    addenda: 0,
    ...over,
  };
}

describe('the office reports (issue 41)', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+1+2', "'+1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['-3', '-3'],
    ['2.5', '2.5'],
  ])('[OR1][OR2] writes the cell %j as %j', (cell, written) => {
    expect(csvLine([cell])).toBe(written);
  });

  it('[OR2] defuses a cell starting with a tab or a carriage return', () => {
    expect(defuseCell('\tcmd')).toBe("'\tcmd");
    expect(defuseCell('\rcmd')).toBe("'\rcmd");
  });

  it('[OR1] ends every line, the header first, with CRLF', () => {
    expect(csvFile(['A', 'B'], [['1', 'x,y']])).toBe('A,B\r\n1,"x,y"\r\n');
  });

  it('[OR3] writes a case of the log with its start in UTC, status and overridden flags', () => {
    expect(caseLogRow(facts({ flagsOverridden: ['SO1', 'SO8'], addenda: 1 }))).toEqual([
      '2026-11-03 09:30',
      'apt-1',
      'Signed',
      'Dr Ada',
      'Clinic',
      'moderate',
      '40',
      '2.7',
      '14',
      'SO1 SO8',
      '1',
    ]);
  });

  it('[OR4] adds up signed cases per provider and leaves a case being charted out', () => {
    const rows = billingUnitRows([
      facts({ caseId: 'a' }),
      facts({ caseId: 'b', anesthesiaMinutes: 60, anesthesiaUnits: 4 }),
      facts({ caseId: 'c', providerId: 'prc-b', providerName: 'Dr Ben', anesthesiaMinutes: 20, anesthesiaUnits: 1.3 }),
      facts({ caseId: 'd', status: 'started', anesthesiaMinutes: null, anesthesiaUnits: null }),
    ]);
    // Dr Ada: 40 + 60 = 100 minutes, 2.7 + 4 = 6.7 units; Dr Ben: 20 minutes, 1.3 units; total 120, 8.
    expect(rows).toEqual([
      ['Dr Ada', '2', '100', '6.7'],
      ['Dr Ben', '1', '20', '1.3'],
      ['Total', '3', '120', '8'],
    ]);
  });

  it('[OR5] reconciles each ledger line: drawn 5 mg, given 2, wasted 1 leaves 2 unaccounted', () => {
    const rows = controlledDrugRows(facts(), [
      { drug: 'Midazolam', unit: 'mg', drawn: 5, given: 2, wasted: 1, returned: 0 },
      { drug: 'Fentanyl', unit: 'mcg', drawn: 100, given: 50, wasted: 50, returned: 0 },
    ]);
    expect(rows.map((r) => r.slice(3))).toEqual([
      ['Midazolam', 'mg', '5', '2', '1', '0', '2', 'No'],
      ['Fentanyl', 'mcg', '100', '50', '50', '0', '0', 'Yes'],
    ]);
  });

  it('[OR6] lists each override with its reason, and none for rows written before reasons were kept', () => {
    const f = facts({
      overrides: [{ ruleId: 'SO8', message: 'No SpO2', reason: 'On paper', name: 'Dr Ada', time: T + 3_600_000 }],
    });
    expect(overrideRows(f)).toEqual([
      ['2026-11-03 09:30', 'apt-1', 'Dr Ada', 'SO8', 'No SpO2', 'On paper', 'Dr Ada', '2026-11-03 10:30'],
    ]);
    expect(overrideRows(facts())).toEqual([]);
  });

  it('names the file after the report and its range', () => {
    expect(officeReportFileName('caseLog', '2026-10-01', null, 'csv')).toBe('case-log_2026-10-01_all.csv');
  });
});
