import { LEDGER_CHAIN_GENESIS, ledgerEntryHash } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAnalyticsCases, type SeededCase } from '../../sync-server/src/analytics/demo.js';
import type { LotRecord, NewLedgerEntry } from '../../sync-server/src/store/inventories/types.js';
import { openStores, type TestStores } from '../utils/stores.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { join, person, type Person } from './orgs-helpers.js';

/*
 * Issue 41: the office's reports (spec 000 §2 `/org/{orgId}/reports`) against the real server.
 * Eight cases are seeded into its database through the stores with the change feed recorded (as
 * the analytics test does), and a controlled-drug ledger for three of them; every figure is
 * compared with a count made by hand below.
 */

const DAY = 24 * 3_600_000;
const MIN = 60_000;
const OCT = Date.UTC(2026, 9, 1, 9);

/**
 * n = 1…8, case n on 2026-10-0n at 09:00 UTC. Provider: odd n prc-ada ('Lovelace, Ada'), even n
 * prc-ben ('=Ben Formula', a name a spreadsheet would run). Every case 45 minutes: anesthesia 40
 * minutes, 2.7 units (RL6: 40 / 15 = 2.67 → 2.7). Midazolam 2 mg each. Overrides (SO8, reason
 * 'Recorded on paper') on n 3 and 4. Not signed yet: n 8.
 */
function seededSet(): SeededCase[] {
  return Array.from({ length: 8 }, (_, i) => {
    const n = i + 1;
    return {
      id: `apt-or${n}`,
      start: OCT + (n - 1) * DAY,
      providerId: n % 2 ? 'prc-ada' : 'prc-ben',
      patientId: 'pat-or',
      locationId: null,
      level: 'moderate',
      minutes: 45,
      overridden: n === 3 || n === 4,
      signedAfter: n === 8 ? null : 30,
    };
  });
}

const LOT: LotRecord = {
  ...{ id: 'lot-mid', orgId: 'clinic', inventoryId: 'inv-safe', drug: 'Midazolam', strength: '5 mg/mL, 2 mL vial' },
  ...{ schedule: 'IV', lotNumber: 'A1', expiry: '2027-06-30', unit: 'mg', packageAmount: 10, gtin: null, ndc: null },
  ...{ serialNumber: null, createdAt: OCT - DAY },
};

/**
 * The ledger: 50 mg received; case 1 drew 5 mg, gave 2 (charted), wasted 3: reconciles. Case 2
 * drew 5 mg, gave 2, returned 1: 2 mg unaccounted. Case 5 drew 2 mg and gave 2: reconciles.
 */
function ledger(): Omit<NewLedgerEntry, 'id' | 'orgId' | 'inventoryId' | 'lotId' | 'userId'>[] {
  const e = (kind: NewLedgerEntry['kind'], quantity: number, caseN: number | null) => ({
    ...{ kind, quantity, caseId: caseN === null ? null : `apt-or${caseN}`, witnessId: null, reason: null },
    ...{ expected: null, found: null, at: caseN === null ? OCT - DAY : OCT + (caseN - 1) * DAY + 10 * MIN },
  });
  return [
    e('receive', 50, null),
    e('dispense', 5, 1),
    e('waste', 3, 1),
    e('dispense', 5, 2),
    e('return', 1, 2),
    e('dispense', 2, 5),
  ];
}

async function seed(stores: TestStores): Promise<void> {
  const { changes, resources } = stores;
  const at = new Date(OCT - DAY).toISOString();
  await resources.transaction(async () => {
    for (const [id, text] of [
      ['prc-ada', 'Lovelace, Ada'],
      ['prc-ben', '=Ben Formula'],
    ] as const)
      await resources.write({ orgId: 'clinic', resource: { resourceType: 'Practitioner', id, name: [{ text }] } }, at);
  });
  await seedAnalyticsCases({ resources, reports: stores.reports, changes, sync: stores.sync }, 'clinic', seededSet());
  const { inventories } = stores;
  await inventories.createInventory({
    ...{ id: 'inv-safe', orgId: 'clinic', name: 'Safe', kind: 'safe', createdBy: 'usr-seed', createdAt: OCT - DAY },
  });
  let n = 0;
  for (const entry of ledger()) {
    n += 1;
    await inventories.append(
      {
        ...(n === 1 ? { newLot: LOT } : {}),
        entry: {
          ...entry,
          id: `le-${n}`,
          orgId: 'clinic',
          inventoryId: 'inv-safe',
          lotId: 'lot-mid',
          userId: 'usr-seed',
        },
      },
      () => undefined,
      (prev, e) => ledgerEntryHash(prev, e.id),
      LEDGER_CHAIN_GENESIS,
    );
  }
}

const ROWS = `query ($orgId: String, $kind: OfficeReportKind!, $filter: AnalyticsFilter, $first: Int, $after: String) {
  officeReport(orgId: $orgId, kind: $kind, filter: $filter, first: $first, after: $after) { cells cursor }
}`;
const FILE = `query ($orgId: String, $kind: OfficeReportKind!, $filter: AnalyticsFilter, $format: OfficeReportFormat!) {
  officeReportFile(orgId: $orgId, kind: $kind, filter: $filter, format: $format) { filename contentType rows base64 }
}`;

interface Row {
  cells: string[];
  cursor: string;
}
interface File {
  filename: string;
  contentType: string;
  rows: number;
  base64: string;
}

describe('the office reports (issue 41)', () => {
  let server: TestServer;
  let admin: Person;
  let member: Person;
  let otherAdmin: Person;
  let stores: TestStores;

  beforeAll(async () => {
    server = await startServer();
    [admin, member, otherAdmin] = (await Promise.all(
      ['admin', 'member', 'other'].map((n) => person(server, `${n}@office-reports.test`)),
    )) as [Person, Person, Person];
    const create = 'mutation ($id: String) { createOrg(orgId: $id, orgType: "regular", orgName: "Office") { orgId } }';
    expect((await admin.browser.gql(create, { id: 'clinic' })).code).toBeUndefined();
    expect((await otherAdmin.browser.gql(create, { id: 'elsewhere' })).code).toBeUndefined();
    await join(server, admin, 'clinic', member, ['member', 'provider']);
    stores = openStores(server.dataDir);
    await seed(stores);
  }, 300_000);

  afterAll(async () => {
    await stores?.close();
    await server?.dispose();
  });

  const rows = async (kind: string, filter: Record<string, unknown> = {}, first = 100, after?: string) => {
    const r = await admin.browser.gql<{ officeReport: Row[] }>(ROWS, { orgId: 'clinic', kind, filter, first, after });
    expect(r.code).toBeUndefined();
    return r.data!.officeReport;
  };
  const file = async (kind: string, format: string, filter: Record<string, unknown> = {}) => {
    const r = await admin.browser.gql<{ officeReportFile: File }>(FILE, { orgId: 'clinic', kind, filter, format });
    expect(r.code).toBeUndefined();
    return r.data!.officeReportFile;
  };

  it('logs the eight cases, newest first, a page at a time', async () => {
    const first = await rows('caseLog', {}, 5);
    expect(first.map((r) => r.cells[1])).toEqual(['apt-or8', 'apt-or7', 'apt-or6', 'apt-or5', 'apt-or4']);
    const rest = await rows('caseLog', {}, 5, first.at(-1)!.cursor);
    expect(rest.map((r) => r.cells[1])).toEqual(['apt-or3', 'apt-or2', 'apt-or1']);
    // Case 8 is not signed: started, no anesthesia time yet. Case 4: Ben, signed, 40 minutes, 2.7 units, SO8 overridden.
    expect(first[0]!.cells.slice(0, 3)).toEqual(['2026-10-08 09:00', 'apt-or8', 'Started']);
    expect(first[4]!.cells).toEqual([
      '2026-10-04 09:00',
      'apt-or4',
      'Signed',
      '=Ben Formula',
      '',
      'moderate',
      '40',
      '2.7',
      '14',
      'SO8',
      '0',
    ]);
  });

  it('adds up anesthesia units per provider over the signed cases, as counted by hand', async () => {
    // Signed: n 1–7. Ada: n 1, 3, 5, 7 = 4 cases, 160 minutes, 4 × 2.7 = 10.8 units. Ben: n 2, 4, 6 = 3 cases,
    // 120 minutes, 8.1 units. Total 7 cases, 280 minutes, 18.9 units.
    expect((await rows('billingUnits')).map((r) => r.cells)).toEqual([
      ['=Ben Formula', '3', '120', '8.1'],
      ['Lovelace, Ada', '4', '160', '10.8'],
      ['Total', '7', '280', '18.9'],
    ]);
  });

  it('narrows every report to the date range, both days included', async () => {
    // 2026-10-02 to 2026-10-04: n 2, 3, 4. Ada n 3; Ben n 2, 4.
    const filter = { from: '2026-10-02', to: '2026-10-04' };
    expect((await rows('caseLog', filter)).map((r) => r.cells[1])).toEqual(['apt-or4', 'apt-or3', 'apt-or2']);
    expect((await rows('billingUnits', filter)).map((r) => r.cells)).toEqual([
      ['=Ben Formula', '2', '80', '5.4'],
      ['Lovelace, Ada', '1', '40', '2.7'],
      ['Total', '3', '120', '8.1'],
    ]);
    expect((await rows('controlledDrugs', filter)).map((r) => r.cells[1])).toEqual(['apt-or2']);
  });

  it('lists each override with its reason', async () => {
    expect((await rows('overrides')).map((r) => r.cells.slice(1, 7))).toEqual([
      ['apt-or4', '=Ben Formula', 'SO8', 'The final room-air SpO2 is not recorded.', 'Recorded on paper', 'Provider'],
      ['apt-or3', 'Lovelace, Ada', 'SO8', 'The final room-air SpO2 is not recorded.', 'Recorded on paper', 'Provider'],
    ]);
  });

  it('reconciles the controlled drugs of each case against the ledger', async () => {
    // Case 5: drawn 2, given 2 → 0, Yes. Case 2: drawn 5, given 2, returned 1 → 2 unaccounted, No.
    // Case 1: drawn 5, given 2, wasted 3 → 0, Yes.
    expect((await rows('controlledDrugs')).map((r) => [r.cells[1], ...r.cells.slice(3)])).toEqual([
      ['apt-or5', 'Midazolam', 'mg', '2', '2', '0', '0', '0', 'Yes'],
      ['apt-or2', 'Midazolam', 'mg', '5', '2', '0', '1', '2', 'No'],
      ['apt-or1', 'Midazolam', 'mg', '5', '2', '3', '0', '0', 'Yes'],
    ]);
  });

  it('exports a well-formed CSV: quoted commas, a defused formula, CRLF lines', async () => {
    const f = await file('billingUnits', 'csv', { from: '2026-10-01', to: '2026-10-31' });
    expect(f.filename).toBe('anesthesia-units_2026-10-01_2026-10-31.csv');
    expect(f.contentType).toBe('text/csv; charset=utf-8');
    expect(f.rows).toBe(3);
    const text = Buffer.from(f.base64, 'base64').toString('utf8');
    expect(text).toBe(
      '\uFEFFProvider,Signed cases,Anesthesia minutes,Anesthesia units\r\n' +
        "'=Ben Formula,3,120,8.1\r\n" +
        '"Lovelace, Ada",4,160,10.8\r\n' +
        'Total,7,280,18.9\r\n',
    );
  });

  it('prints the same report as a PDF with the signed record’s printer', async () => {
    const f = await file('caseLog', 'pdf');
    expect(f.contentType).toBe('application/pdf');
    expect(f.rows).toBe(8);
    expect(Buffer.from(f.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 60_000);

  it('refuses a member who is not an admin, another office’s admin, and an unknown report', async () => {
    const ask = (p: Person) => p.browser.gql(ROWS, { orgId: 'clinic', kind: 'caseLog' });
    expect((await ask(member)).code).toBe('NOT_AUTHORIZED');
    expect((await ask(otherAdmin)).code).toBe('NOT_AUTHORIZED');
    const askFile = (p: Person) => p.browser.gql(FILE, { orgId: 'clinic', kind: 'caseLog', format: 'csv' });
    expect((await askFile(member)).code).toBe('NOT_AUTHORIZED');
    expect((await askFile(otherAdmin)).code).toBe('NOT_AUTHORIZED');
    expect((await admin.browser.gql(ROWS, { orgId: 'clinic', kind: 'everything' })).code).toBeDefined();
  });
});
