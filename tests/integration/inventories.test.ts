import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fhir, patientBody } from './fhir-helpers.js';
import { chartedCase, type ChartedCase } from './report-helpers.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { withStores } from '../utils/stores.js';
import {
  deleteLedgerEntries,
  rewriteLedgerEntries,
  tamperWithLedgerQuantity,
} from '../../sync-server/src/store/inventories/tamper.test-util.js';
import { Browser } from './accounts-client.js';
import { adminCli, createOrg, join, PASSWORD, person, sudo, type Person } from './orgs-helpers.js';

/**
 * Issue 29's controlled-substance ledger against the real server: the drugInventory flag,
 * organisation and role checks, receiving and dispensing with expiry, a witnessed waste whose
 * witness signs with their own credentials, a case that reconciles, no way to change an entry
 * through the API, and the chain check naming a row changed straight in the database.
 */

let server: TestServer;
let dataDir = '';
let admin: Person; // office admin and provider
let nurse: Person; // office member, no provider role
let witness: Person; // office member and provider
let other: Person; // admin of another office
let none: Browser;
let kase: ChartedCase;
let inventoryId = '';
let lotId = '';

const LOT = {
  drug: 'Midazolam',
  strength: '5 mg/mL, 2 mL vial',
  schedule: 'IV',
  lotNumber: 'MDZ2291',
  expiry: '2030-06-30',
  unit: 'mg',
  packageAmount: 10,
  gtin: '00312345678906',
};
const ENTRY = 'id seq kind drug unit quantity caseId userName witnessId witnessName reason expected found hash';

beforeAll(async () => {
  server = await startServer();
  dataDir = server.dataDir;
  [admin, nurse, witness, other] = (await Promise.all(
    ['admin', 'nurse', 'witness', 'other'].map((n) => person(server, `${n}@ledger.test`)),
  )) as [Person, Person, Person, Person];
  const ok = (r: { code?: string | undefined }): void => {
    if (r.code) throw new Error(r.code);
  };
  ok(await createOrg(admin, 'office', 'regular', 'Bright Smile Dental'));
  ok(await createOrg(other, 'elsewhere', 'regular', 'Elsewhere Dental'));
  await join(server, admin, 'office', nurse, ['member']);
  await join(server, admin, 'office', witness, ['member', 'provider']);
  none = new Browser(server.url);
  kase = await chartedCase(server, {
    email: admin.email,
    orgId: 'office',
    token: admin.browser.token!,
    browser: admin.browser,
  });
}, 240_000);
afterAll(async () => {
  kase?.client.destroy();
  await server?.dispose();
  // A restarted server does not own the data directory it was given.
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The same server's data directory served again, its clock moved by offsetMs; everyone's cookies carried over. */
async function restart(offsetMs: number): Promise<void> {
  kase.client.destroy();
  await server.stop();
  server = await startServer({ dataDir, env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(offsetMs) } });
  for (const p of [admin, nurse, witness, other]) {
    const next = new Browser(server.url);
    for (const [k, v] of p.browser.cookies) next.cookies.set(k, v);
    p.browser = next;
  }
}

async function enableLedger(): Promise<void> {
  const uber = await person(server, 'flags@ledger.test');
  expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
  await sudo(server, uber);
  const r = await uber.browser.gql(
    'mutation { addOrgFeature(orgId: "office", featureName: "drugInventory") { name } }',
  );
  expect(r.code).toBeUndefined();
}

const receive = (who: Browser, lot: Record<string, unknown>, quantity: number) =>
  who.gql<{ receiveLot: { id: string; quantity: number } }>(
    `mutation ($input: ReceiveInput!) { receiveLot(orgId: "office", input: $input) { ${ENTRY} } }`,
    { input: { inventoryId, lot, quantity } },
  );
const record = (who: Browser, input: Record<string, unknown>) =>
  who.gql<{ recordLedgerEntry: Record<string, unknown> }>(
    `mutation ($input: LedgerEntryInput!) { recordLedgerEntry(orgId: "office", input: $input) { ${ENTRY} } }`,
    { input: { lotId, ...input } },
  );
const caseLedger = async (): Promise<Record<string, unknown>[]> => {
  const r = await admin.browser.gql<{ caseLedger: Record<string, unknown>[] }>(
    'query ($c: String!) { caseLedger(orgId: "office", caseId: $c) { drug unit drawn given wasted returned reconciles difference } }',
    { c: kase.caseId },
  );
  expect(r.code).toBeUndefined();
  return r.data!.caseLedger;
};
const balance = async (): Promise<number> => {
  const r = await nurse.browser.gql<{ inventory: { lots: { id: string; balance: number }[] } }>(
    'query ($id: String!) { inventory(orgId: "office", inventoryId: $id) { lots { id balance } } }',
    { id: inventoryId },
  );
  return r.data!.inventory.lots.find((l) => l.id === lotId)!.balance;
};

describe('the controlled-substance ledger', () => {
  it('is refused while the drugInventory flag is off, and to anyone outside the organisation', async () => {
    expect((await admin.browser.gql('query { inventories(orgId: "office") { id } }')).code).toBe('FEATURE_DISABLED');
    await enableLedger();
    expect((await admin.browser.gql('query { inventories(orgId: "office") { id } }')).code).toBeUndefined();
    expect((await none.gql('query { inventories(orgId: "office") { id } }')).code).toBe('NO_AUTHENTICATION');
    // Another organisation's admin cannot read or write this office's inventories.
    expect((await other.browser.gql('query { inventories(orgId: "office") { id } }')).code).toBe('NOT_AUTHORIZED');
    expect((await other.browser.gql('query { inventories(orgId: "elsewhere") { id } }')).code).toBe('FEATURE_DISABLED');
  });

  it('lets an admin create an inventory and receive a scanned lot; refuses an expired lot and a non-admin', async () => {
    const created = await nurse.browser.gql(
      'mutation { createInventory(orgId: "office", input: { name: "Nurse safe", kind: "safe" }) { id } }',
    );
    expect(created.code).toBe('NOT_AUTHORIZED');
    const made = await admin.browser.gql<{ createInventory: { id: string; name: string } }>(
      'mutation { createInventory(orgId: "office", input: { name: "Main safe", kind: "safe" }) { id name } }',
    );
    expect(made.code).toBeUndefined();
    inventoryId = made.data!.createInventory.id;
    expect((await receive(nurse.browser, LOT, 50)).code).toBe('NOT_AUTHORIZED');
    expect((await receive(admin.browser, { ...LOT, lotNumber: 'OLD1', expiry: '2020-01-31' }, 50)).code).toBe(
      'LOT_EXPIRED',
    );
    const got = await receive(admin.browser, LOT, 50);
    expect(got.code).toBeUndefined();
    expect(got.data!.receiveLot).toMatchObject({
      kind: 'receive',
      drug: 'Midazolam',
      unit: 'mg',
      quantity: 50,
      seq: 1,
    });
    const inv = await nurse.browser.gql<{ inventory: { lots: Record<string, unknown>[] } }>(
      'query ($id: String!) { inventory(orgId: "office", inventoryId: $id) { name lots { id lotNumber ndc balance expired } } }',
      { id: inventoryId },
    );
    // The NDC is derived from the GTIN (GS4): 0 03 1234567890 6.
    expect(inv.data!.inventory.lots.map(({ id: _id, ...rest }) => rest)).toEqual([
      { lotNumber: 'MDZ2291', ndc: '1234567890', balance: 50, expired: false },
    ]);
    lotId = inv.data!.inventory.lots[0]!.id as string;
    // The same lot scanned again is received into the same lot.
    expect((await receive(admin.browser, LOT, 10)).code).toBeUndefined();
    expect(await balance()).toBe(60);
  });

  it('dispenses to a case for providers only, never past the stock, and reconciles with a witnessed waste', async () => {
    expect((await record(nurse.browser, { kind: 'dispense', quantity: 10, caseId: kase.caseId })).code).toBe(
      'NOT_AUTHORIZED',
    );
    expect((await record(admin.browser, { kind: 'dispense', quantity: 10, caseId: 'apt-nothing' })).code).toBe(
      'CASE_NOT_FOUND',
    );
    expect((await record(admin.browser, { kind: 'dispense', quantity: 61, caseId: kase.caseId })).code).toBe(
      'OVER_BALANCE',
    );
    expect((await record(admin.browser, { kind: 'dispense', quantity: 10, caseId: kase.caseId })).code).toBeUndefined();
    expect(await balance()).toBe(50);
    // The case charted 2 mg of midazolam: 10 drawn, 2 given, 8 unaccounted for.
    expect(await caseLedger()).toEqual([
      { drug: 'Midazolam', unit: 'mg', drawn: 10, given: 2, wasted: 0, returned: 0, reconciles: false, difference: 8 },
    ]);
    const waste = { kind: 'waste', quantity: 6, caseId: kase.caseId };
    expect((await record(admin.browser, waste)).code).toBe('WITNESS_REQUIRED');
    expect((await record(admin.browser, { ...waste, witness: { email: witness.email, password: 'wrong' } })).code).toBe(
      'WITNESS_INVALID',
    );
    expect((await record(admin.browser, { ...waste, witness: { email: admin.email, password: PASSWORD } })).code).toBe(
      'WITNESS_SAME_USER',
    );
    // Issue 35 item 6: a non-member's right password reads as any wrong one.
    expect((await record(admin.browser, { ...waste, witness: { email: other.email, password: PASSWORD } })).code).toBe(
      'WITNESS_INVALID',
    );
    const wasted = await record(admin.browser, { ...waste, witness: { email: witness.email, password: PASSWORD } });
    expect(wasted.code).toBeUndefined();
    expect(wasted.data!.recordLedgerEntry).toMatchObject({ kind: 'waste', quantity: 6, reason: null });
    // The witness is the one whose credentials were checked, named in the log.
    expect(wasted.data!.recordLedgerEntry.witnessId).toBe(witness.userId);
    // 10 drawn − 6 wasted leaves 4 the ledger knows of (the charted doses are not in it): 5 is too many.
    expect((await record(admin.browser, { kind: 'return', quantity: 5, caseId: kase.caseId })).code).toBe('OVER_CASE');
    expect((await record(admin.browser, { kind: 'return', quantity: 2, caseId: kase.caseId })).code).toBeUndefined();
    expect(await caseLedger()).toEqual([
      { drug: 'Midazolam', unit: 'mg', drawn: 10, given: 2, wasted: 6, returned: 2, reconciles: true, difference: 0 },
    ]);
    // The waste came out of what was drawn; the return went back into the stock.
    expect(await balance()).toBe(52);
  });

  it('adjusts only with a reason and records a count against the balance the ledger expected', async () => {
    expect((await record(nurse.browser, { kind: 'count', found: 52 })).code).toBe('NOT_AUTHORIZED');
    expect((await record(admin.browser, { kind: 'adjust', quantity: -1 })).code).toBe('REASON_REQUIRED');
    const adjusted = await record(admin.browser, { kind: 'adjust', quantity: -1, reason: 'Vial dropped and broken' });
    expect(adjusted.code).toBeUndefined();
    const counted = await record(admin.browser, { kind: 'count', found: 50 });
    expect(counted.data!.recordLedgerEntry).toMatchObject({ kind: 'count', expected: 51, found: 50 });
    expect(await balance()).toBe(51);
  });

  it('filters the log by drug, user, case and date', async () => {
    const log = async (filter: Record<string, unknown>): Promise<string[]> => {
      const r = await nurse.browser.gql<{ ledgerEntries: { kind: string }[] }>(
        'query ($f: LedgerFilter) { ledgerEntries(orgId: "office", filter: $f) { kind } }',
        { f: filter },
      );
      expect(r.code).toBeUndefined();
      return r.data!.ledgerEntries.map((e) => e.kind);
    };
    expect(await log({})).toEqual(['receive', 'receive', 'dispense', 'waste', 'return', 'adjust', 'count']);
    expect(await log({ caseId: kase.caseId })).toEqual(['dispense', 'waste', 'return']);
    expect(await log({ drug: 'fentanyl' })).toEqual([]);
    expect(await log({ drug: 'midazolam', to: '2020-01-01' })).toEqual([]);
    expect(await log({ userId: witness.userId })).toEqual(['waste']);
  });

  it("names each entry's case by its patient, date and procedure, keeping the case id", async () => {
    const r = await nurse.browser.gql<{ ledgerEntries: { kind: string; caseId: string | null; case: unknown }[] }>(
      'query { ledgerEntries(orgId: "office") { kind caseId case { id patientName start procedure } } }',
    );
    expect(r.code).toBeUndefined();
    const ada = { id: kase.caseId, patientName: 'Ada Lovelace', start: new Date(kase.start).toISOString() };
    // The case's Appointment (chartedCase): Ada Lovelace, at the case's start, a third molar extraction.
    expect(r.data!.ledgerEntries.map((e) => [e.kind, e.caseId, e.case])).toEqual([
      ['receive', null, null],
      ['receive', null, null],
      ['dispense', kase.caseId, { ...ada, procedure: 'Third molar extraction' }],
      ['waste', kase.caseId, { ...ada, procedure: 'Third molar extraction' }],
      ['return', kase.caseId, { ...ada, procedure: 'Third molar extraction' }],
      ['adjust', null, null],
      ['count', null, null],
    ]);
  });

  it('has no API that changes or deletes an entry or a lot', async () => {
    const r = await admin.browser.gql<{ __schema: { mutationType: { fields: { name: string }[] } } }>(
      '{ __schema { mutationType { fields { name } } } }',
    );
    const ledgerCalls = r
      .data!.__schema.mutationType.fields.map((f) => f.name)
      .filter((n) => /inventor|ledger|lot/i.test(n));
    expect(ledgerCalls.sort()).toEqual(['createInventory', 'receiveLot', 'recordLedgerEntry']);
    // Nor does the database itself let anyone with the file change or delete one, the triggers in place.
    await withStores(server.dataDir, async ({ db }) => {
      await expect(rewriteLedgerEntries(db)).rejects.toThrow(/append-only/);
      await expect(deleteLedgerEntries(db)).rejects.toThrow(/append-only/);
    });
  });

  it('reports a row changed directly in the database in the chain check', async () => {
    const check = async (): Promise<{ ok: boolean; entries: number; problems: string[] }> => {
      const r = await admin.browser.gql<{ ledgerCheck: { ok: boolean; entries: number; problems: string[] } }>(
        'query { ledgerCheck(orgId: "office") { ok entries problems } }',
      );
      expect(r.code).toBeUndefined();
      return r.data!.ledgerCheck;
    };
    expect(await check()).toEqual({ ok: true, entries: 7, problems: [] });
    expect((await nurse.browser.gql('query { ledgerCheck(orgId: "office") { ok } }')).code).toBe('NOT_AUTHORIZED');
    // Someone with the database file drops the guard and turns the 6 mg waste into 1 mg.
    await withStores(server.dataDir, async ({ db, inventories }) => {
      const wastes = (await inventories.entries('office')).filter((e) => e.kind === 'waste');
      expect(wastes.map((e) => [e.seq, e.quantity])).toEqual([[4, 6]]);
      expect(await tamperWithLedgerQuantity(db, wastes[0]!.id, 1)).toBe(1);
    });
    expect(await check()).toEqual({ ok: false, entries: 7, problems: ['entry 4: was changed after it was written'] });
  });

  it("never names another organisation's case, even when an entry carries its id", async () => {
    // Elsewhere books a case for its own patient.
    const patient = await fhir<{ id: string }>(
      server,
      other.browser,
      'POST',
      'elsewhere/Patient',
      patientBody('Grace', 'Hopper', '1980-12-09'),
    );
    const appointment = await fhir<{ id: string }>(server, other.browser, 'POST', 'elsewhere/Appointment', {
      resourceType: 'Appointment',
      status: 'booked',
      description: 'Root canal',
      start: '2026-11-21T09:00:00Z',
      end: '2026-11-21T10:00:00Z',
      participant: [{ actor: { reference: `Patient/${patient.body.id}` }, status: 'accepted' }],
    });
    expect([patient.status, appointment.status]).toEqual([201, 201]);
    const foreign = appointment.body.id;
    // No call lets an office entry name it (CASE_NOT_FOUND); an entry appended to the store behind
    // the service's back does, and the log still resolves it in the office only: nothing is known there.
    expect((await record(admin.browser, { kind: 'dispense', quantity: 1, caseId: foreign })).code).toBe(
      'CASE_NOT_FOUND',
    );
    await withStores(server.dataDir, ({ inventories }) =>
      inventories.append(
        {
          entry: {
            ...{ id: 'led-foreign', orgId: 'office', inventoryId, lotId, kind: 'dispense', quantity: 1 },
            ...{ caseId: foreign, userId: admin.userId, witnessId: null, reason: null, expected: null, found: null },
            at: Date.now(),
          },
        },
        () => undefined,
        () => 'y',
        'x',
      ),
    );
    const r = await admin.browser.gql<{ ledgerEntries: { caseId: string; case: unknown }[] }>(
      'query ($c: String!) { ledgerEntries(orgId: "office", filter: { caseId: $c }) { caseId case { id patientName start procedure } } }',
      { c: foreign },
    );
    expect(r.code).toBeUndefined();
    expect(r.data!.ledgerEntries).toEqual([
      { caseId: foreign, case: { id: foreign, patientName: null, start: null, procedure: null } },
    ]);
  });

  it('keeps counting wrong witness passwords across a restart, and lets the witness sign once the 15 minutes are over', async () => {
    // The witness (a provider) wastes 1 mg with the admin as witness; earlier tests made no wrong
    // attempt of theirs. Five wrong passwords are WITNESS_INVALID, the sixth attempt is refused.
    const waste = { kind: 'waste', quantity: 1, caseId: kase.caseId };
    const wrong = { ...waste, witness: { email: admin.email, password: 'not it' } };
    const right = { ...waste, witness: { email: admin.email, password: PASSWORD } };
    for (let i = 0; i < 5; i++) expect((await record(witness.browser, wrong)).code).toBe('WITNESS_INVALID');
    expect((await record(witness.browser, right)).code).toBe('TOO_MANY_REQUESTS');
    // The failures are in the database, not in the process: a restarted server still refuses,
    // even with the right password, while another user is not held back by them.
    await restart(0);
    expect((await record(witness.browser, right)).code).toBe('TOO_MANY_REQUESTS');
    expect(
      (await record(admin.browser, { ...waste, witness: { email: witness.email, password: PASSWORD } })).code,
    ).toBeUndefined();
    // 15 minutes (and a minute's margin) after the failures the witness signs.
    await restart(15 * 60_000 + 60_000);
    const signed = await record(witness.browser, right);
    expect(signed.code).toBeUndefined();
    expect(signed.data!.recordLedgerEntry).toMatchObject({ kind: 'waste', quantity: 1, witnessId: admin.userId });
  }, 180_000);
});
