import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signIn } from './accounts-client.js';
import { fhir } from './fhir-helpers.js';
import { createOrg, join, PASSWORD, person, sudo, adminCli, type Person } from './orgs-helpers.js';
import { chartedCase, finalize, SIGNATURE, type ChartedCase } from './report-helpers.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { appendAuditRecords, withStores } from '../utils/stores.js';
import { auditEvents } from '../../sync-server/src/store/audit/inspect.test-util.js';
import { deleteLedgerTail } from '../../sync-server/src/store/inventories/tamper.test-util.js';

/**
 * Issue 35 items 5, 6 and 9 against the real server: a signed case's controlled drugs take only
 * witnessed corrections; the witness check answers one way for every failure, counts failures
 * against the witness account as well as the caller, and refuses an account locked out of
 * sign-in; the ledger's chain check sees its last entries deleted; reading the log's patient
 * names is audited.
 */

let server: TestServer;
let admin: Person; // office admin and provider
let witness: Person; // office provider
let spare: Person; // office provider, a second caller for the witness limit
let locked: Person; // office member whose sign-in gets locked
let outsider: Person; // admin of another office
let kase: ChartedCase;
let lotId = '';

const ENTRY = 'id seq kind corrects quantity caseId userName witnessId witnessName reason case { patientName }';

beforeAll(async () => {
  server = await startServer();
  [admin, witness, spare, locked, outsider] = (await Promise.all(
    ['admin', 'witness', 'spare', 'locked', 'outsider'].map((n) => person(server, `${n}@signed-ledger.test`)),
  )) as [Person, Person, Person, Person, Person];
  for (const r of [await createOrg(admin, 'office'), await createOrg(outsider, 'elsewhere')])
    if (r.code) throw new Error(r.code);
  await join(server, admin, 'office', witness, ['member', 'provider']);
  await join(server, admin, 'office', spare, ['member', 'provider']);
  await join(server, admin, 'office', locked, ['member']);
  const uber = await person(server, 'flags@signed-ledger.test');
  expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
  await sudo(server, uber);
  expect(
    (await uber.browser.gql('mutation { addOrgFeature(orgId: "office", featureName: "drugInventory") { name } }')).code,
  ).toBeUndefined();
  const inv = await admin.browser.gql<{ createInventory: { id: string } }>(
    'mutation { createInventory(orgId: "office", input: { name: "Main safe", kind: "safe" }) { id } }',
  );
  const received = await admin.browser.gql<{ receiveLot: { lotId: string } }>(
    `mutation ($input: ReceiveInput!) { receiveLot(orgId: "office", input: $input) { lotId } }`,
    {
      input: {
        inventoryId: inv.data!.createInventory.id,
        quantity: 50,
        lot: {
          drug: 'Midazolam',
          schedule: 'IV',
          lotNumber: 'MDZ35',
          expiry: '2030-06-30',
          unit: 'mg',
          packageAmount: 10,
        },
      },
    },
  );
  lotId = received.data!.receiveLot.lotId;
  // The case charted 2 mg of midazolam.
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
});

const record = (who: Person, input: Record<string, unknown>) =>
  who.browser.gql<{ recordLedgerEntry: Record<string, unknown> }>(
    `mutation ($input: LedgerEntryInput!) { recordLedgerEntry(orgId: "office", input: $input) { ${ENTRY} } }`,
    { input: { lotId, ...input } },
  );
const caseLedger = async (): Promise<Record<string, unknown>[]> =>
  (
    await admin.browser.gql<{ caseLedger: Record<string, unknown>[] }>(
      'query ($c: String!) { caseLedger(orgId: "office", caseId: $c) { drug drawn given wasted returned reconciles } }',
      { c: kase.caseId },
    )
  ).data!.caseLedger;
const rightWitness = (p: Person) => ({ email: p.email, password: PASSWORD });

describe("a signed case's controlled drugs (issue 35 item 5)", () => {
  it('refuses an administration naming a case: the charted dose already counts it', async () => {
    expect((await record(admin, { kind: 'dispense', quantity: 2, caseId: kase.caseId })).code).toBeUndefined();
    expect((await record(admin, { kind: 'administer', quantity: 2, caseId: kase.caseId })).code).toBe(
      'ADMINISTER_CASE',
    );
    // Drawn 2, given the 2 charted: once, not twice.
    expect(await caseLedger()).toEqual([
      { drug: 'Midazolam', drawn: 2, given: 2, wasted: 0, returned: 0, reconciles: true },
    ]);
  });

  it('refuses a draw, administration, waste or return after the case is signed, so SO15 cannot be escaped', async () => {
    const reply = await finalize(server, admin.browser, 'office', kase.caseId, {
      signature: SIGNATURE,
      contentHash: kase.hash(),
    });
    expect(reply.status).toBe(200);
    expect(reply.lines.at(-1)?.data?.pdfId).toEqual(expect.any(String));
    for (const input of [
      { kind: 'dispense', quantity: 5 },
      { kind: 'administer', quantity: 1 },
      { kind: 'waste', quantity: 1, witness: rightWitness(witness) },
      { kind: 'return', quantity: 1 },
    ])
      expect((await record(admin, { ...input, caseId: kase.caseId })).code).toBe('CASE_SIGNED');
    // The signed case's line is as it was signed: reconciled, no flag it can no longer clear.
    expect(await caseLedger()).toEqual([
      { drug: 'Midazolam', drawn: 2, given: 2, wasted: 0, returned: 0, reconciles: true },
    ]);
  });

  it('takes a correction only with what it records, a witness and a reason, and lists it with the case', async () => {
    const base = { kind: 'correction', quantity: 1, caseId: kase.caseId };
    const reason = 'A second vial was drawn and half wasted; not recorded before signing.';
    expect((await record(admin, { ...base, corrects: 'dispense', reason })).code).toBe('WITNESS_REQUIRED');
    expect((await record(admin, { ...base, corrects: 'dispense', witness: rightWitness(witness) })).code).toBe(
      'CORRECTION_REASON_REQUIRED',
    );
    expect((await record(admin, { ...base, reason, witness: rightWitness(witness) })).code).toBe('CORRECTS_REQUIRED');
    const drawn = await record(admin, { ...base, corrects: 'dispense', reason, witness: rightWitness(witness) });
    expect(drawn.code).toBeUndefined();
    const wasted = await record(admin, { ...base, corrects: 'waste', reason, witness: rightWitness(witness) });
    expect(wasted.code).toBeUndefined();
    // Drawn 2 + 1, given 2, wasted 1: the corrections reconcile the signed case.
    expect(await caseLedger()).toEqual([
      { drug: 'Midazolam', drawn: 3, given: 2, wasted: 1, returned: 0, reconciles: true },
    ]);
    const listed = await admin.browser.gql<{ ledgerEntries: Record<string, unknown>[] }>(
      `query ($c: String!) { ledgerEntries(orgId: "office", filter: { caseId: $c }) { ${ENTRY} } }`,
      { c: kase.caseId },
    );
    expect(listed.data!.ledgerEntries.filter((e) => e.kind === 'correction')).toEqual([
      expect.objectContaining({ corrects: 'dispense', quantity: 1, witnessId: witness.userId, reason }),
      expect.objectContaining({ corrects: 'waste', quantity: 1, witnessId: witness.userId, reason }),
    ]);
  });

  it('refuses a correction for a case that is not signed', async () => {
    const appointment = await fhir<{ id: string }>(server, admin.browser, 'POST', 'office/Appointment', {
      resourceType: 'Appointment',
      status: 'booked',
      start: '2026-11-21T09:00:00Z',
      end: '2026-11-21T10:00:00Z',
      participant: [{ actor: { display: 'Someone' }, status: 'accepted' }],
    });
    expect(appointment.status).toBe(201);
    const correction = {
      kind: 'correction',
      corrects: 'waste',
      quantity: 1,
      caseId: appointment.body.id,
      reason: 'x',
      witness: rightWitness(witness),
    };
    expect((await record(admin, correction)).code).toBe('CASE_NOT_SIGNED');
  });
});

describe('the witness check (issue 35 item 6)', () => {
  const waste = (p: Person) => ({ kind: 'waste', quantity: 1, witness: rightWitness(p) });

  it('answers WITNESS_INVALID alike for a wrong password, an unknown email and a non-member with the right password', async () => {
    expect(
      (await record(admin, { kind: 'waste', quantity: 1, witness: { email: witness.email, password: 'no' } })).code,
    ).toBe('WITNESS_INVALID');
    expect(
      (
        await record(admin, {
          kind: 'waste',
          quantity: 1,
          witness: { email: 'nobody@signed-ledger.test', password: PASSWORD },
        })
      ).code,
    ).toBe('WITNESS_INVALID');
    const nonMember = await record(admin, waste(outsider));
    expect(nonMember.code).toBe('WITNESS_INVALID');
    expect(nonMember.errors).toHaveLength(1);
  });

  it('counts failures against the witness account, whoever asks: a sixth caller is refused even with the right password', async () => {
    // The spare provider names the admin as witness with wrong passwords 5 times…
    const wrong = { kind: 'waste', quantity: 1, witness: { email: admin.email, password: 'guess' } };
    for (let i = 0; i < 5; i++) expect((await record(spare, wrong)).code).toBe('WITNESS_INVALID');
    // …so the witness (who made no failed attempt) cannot have the admin witness either, right password or not,
    expect((await record(witness, waste(admin))).code).toBe('TOO_MANY_REQUESTS');
    // while another witness account is not held back.
    expect((await record(witness, { ...waste(spare), quantity: 1 })).code).toBeUndefined();
  });

  it('refuses a witness whose sign-in is locked out, with the same answer', async () => {
    // The locked member's sign-in locked: the audit trail holds the failed sign-ins the limit counts.
    await appendAuditRecords(
      server.dataDir,
      Array.from({ length: 100 }, () => ({
        ...{ at: Date.now(), userId: null, email: locked.email, action: 'signInFailed' },
        ...{ outcome: 'failure' as const, ip: null, userAgent: null, detail: null },
      })),
    );
    expect((await signIn(new Browser(server.url), locked.email, PASSWORD)).code).toBe('TOO_MANY_REQUESTS');
    expect((await record(admin, waste(locked))).code).toBe('WITNESS_INVALID');
  });
});

describe('the ledger log and its chain (issue 35 item 9)', () => {
  it('audits a read of the log that names patients, with the cases it named', async () => {
    const before = new Date().getTime() - 1;
    const r = await witness.browser.gql<{ ledgerEntries: { case: { patientName: string } | null }[] }>(
      'query { ledgerEntries(orgId: "office") { case { patientName } } }',
    );
    expect(r.data!.ledgerEntries.some((e) => e.case?.patientName === 'Ada Lovelace')).toBe(true);
    const rows = await withStores(server.dataDir, ({ db }) => auditEvents(db, { action: 'ledgerRead', since: before }));
    expect(rows.map(({ userId, detail }) => ({ userId, detail }))).toEqual([
      { userId: witness.userId, detail: JSON.stringify({ orgId: 'office', caseIds: [kase.caseId] }) },
    ]);
  });

  it('reports the last entries deleted straight from the database', async () => {
    const check = async () =>
      (
        await admin.browser.gql<{ ledgerCheck: { ok: boolean; entries: number; problems: string[] } }>(
          'query { ledgerCheck(orgId: "office") { ok entries problems } }',
        )
      ).data!.ledgerCheck;
    const intact = await check();
    expect(intact).toMatchObject({ ok: true, problems: [] });
    // Someone with the database file drops the guard and deletes the last two entries.
    await withStores(server.dataDir, ({ db }) => deleteLedgerTail(db, 'office', intact.entries - 1));
    const truncated = await check();
    expect(truncated.ok).toBe(false);
    expect(truncated.entries).toBe(intact.entries - 2);
    expect(truncated.problems).toEqual([
      `the ledger ends at entry ${intact.entries - 2} but entry ${intact.entries} was written: the last 2 are missing`,
    ]);
  });
});
