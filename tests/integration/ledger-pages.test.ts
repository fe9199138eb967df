import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalLedgerEntry, LEDGER_CHAIN_GENESIS, ledgerEntryHash } from '@vigil/shared';
import { adminCli, createOrg, person, sudo, type Person } from './orgs-helpers.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { withStores } from '../utils/stores.js';

/**
 * Issue 35 item 8 against the real server: the ledger log comes a page at a time (at most 200, a
 * larger page refused rather than cut), 3,000 entries page through in chain order with the cursor,
 * and a query whose aliases × page sizes cost too much is refused before it runs.
 */

let server: TestServer;
let admin: Person;
const ENTRIES = 3000;
const FIELDS =
  'id seq kind inventoryId inventoryName lotId drug lotNumber unit quantity caseId case { id patientName start procedure } userId userName witnessId witnessName reason expected found corrects at hash';

beforeAll(async () => {
  server = await startServer();
  admin = await person(server, 'admin@ledger-pages.test');
  expect((await createOrg(admin, 'office')).code).toBeUndefined();
  const uber = await person(server, 'flags@ledger-pages.test');
  expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
  await sudo(server, uber);
  await uber.browser.gql('mutation { addOrgFeature(orgId: "office", featureName: "drugInventory") { name } }');
  const inv = await admin.browser.gql<{ createInventory: { id: string } }>(
    'mutation { createInventory(orgId: "office", input: { name: "Main safe", kind: "safe" }) { id } }',
  );
  const inventoryId = inv.data!.createInventory.id;
  const received = await admin.browser.gql<{ receiveLot: { lotId: string; hash: string } }>(
    'mutation ($input: ReceiveInput!) { receiveLot(orgId: "office", input: $input) { lotId hash } }',
    {
      input: {
        inventoryId,
        quantity: 10,
        lot: {
          drug: 'Midazolam',
          schedule: 'IV',
          lotNumber: 'PG1',
          expiry: '2030-01-31',
          unit: 'mg',
          packageAmount: 10,
        },
      },
    },
  );
  const lotId = received.data!.receiveLot.lotId;
  // 2,999 more entries appended through the ledger's store (counts: they change no stock), as years of use would:
  // lots of 100 entries (a lot's earlier entries are read at every append), one transaction per lot.
  await withStores(server.dataDir, async ({ inventories, resources }) => {
    const firstLot = (await inventories.lot('office', lotId))!;
    for (let n = 0; n * 100 <= ENTRIES; n++) {
      const lot = n === 0 ? firstLot : { ...firstLot, id: `lot-page-${n}`, lotNumber: `PG${n + 1}` };
      await resources.transaction(async () => {
        for (let seq = Math.max(2, n * 100); seq < Math.min(ENTRIES + 1, (n + 1) * 100); seq++)
          await inventories.append(
            {
              ...(n > 0 && seq === n * 100 ? { newLot: lot } : {}),
              entry: {
                ...{ id: `led-page-${seq}`, orgId: 'office', inventoryId, lotId: lot.id, kind: 'count', quantity: 0 },
                ...{ caseId: null, userId: admin.userId, witnessId: null, reason: null, expected: 10, found: 10 },
                at: Date.now(),
              },
            },
            () => ({ expected: 10 }),
            (prev, e) => ledgerEntryHash(prev, canonicalLedgerEntry(e)),
            LEDGER_CHAIN_GENESIS,
          );
      });
      // The appends resolve as microtasks only: let the event loop take in socket events (the server closing an
      // idle keep-alive connection) so the next request does not go out on a connection already closed.
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
}, 240_000);
afterAll(async () => {
  await server?.dispose();
});

const page = (first: number | null, after: string | null) =>
  admin.browser.gql<{ ledgerEntries: { seq: number; id: string }[] }>(
    'query ($first: Int, $after: String) { ledgerEntries(orgId: "office", first: $first, after: $after) { seq id } }',
    { first, after },
  );

describe('the ledger log a page at a time (issue 35 item 8)', () => {
  it('pages through 3,000 entries in chain order with the cursor, each once', async () => {
    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const r = await page(200, after);
      expect(r.code).toBeUndefined();
      const entries = r.data!.ledgerEntries;
      seen.push(...entries.map((e) => e.seq));
      if (entries.length < 200) break;
      after = String(entries.at(-1)!.seq);
    }
    expect(seen).toEqual(Array.from({ length: ENTRIES }, (_, i) => i + 1));
    // A page without a size is the default 100.
    expect((await page(null, null)).data!.ledgerEntries).toHaveLength(100);
  });

  it('refuses a page above 200 before it runs, and a size below 1', async () => {
    const big = await page(201, null);
    expect(big.code).toBe('PAGE_TOO_LARGE');
    expect(big.status).toBe(400);
    expect(big.data).toBeNull();
    // Written as a literal instead of a variable, and nested under an alias: the same.
    const literal = await admin.browser.gql('query { a: ledgerEntries(orgId: "office", first: 5000) { seq } }');
    expect(literal.code).toBe('PAGE_TOO_LARGE');
    expect((await page(0, null)).code).toBe('INVALID_INPUT');
    expect((await page(200, null)).data!.ledgerEntries).toHaveLength(200);
  });

  it('refuses before it runs a query whose aliases × page sizes cost too much, with a clear error', async () => {
    const aliases = Array.from(
      { length: 8 },
      (_, i) => `a${i}: ledgerEntries(orgId: "office", first: 200) { ${FIELDS} }`,
    );
    const r = await admin.browser.gql(`query { ${aliases.join(' ')} }`);
    expect(r.code).toBe('QUERY_TOO_COSTLY');
    expect(r.status).toBe(400);
    expect(r.data).toBeNull();
    const extensions = (r.errors![0] as { extensions?: { cost: number; max: number; description: string } })
      .extensions!;
    expect(extensions.cost).toBeGreaterThan(extensions.max);
    expect(extensions.description).toMatch(/ask for smaller pages or fewer aliases/);
    // One full page of every field is within the limit (the log screen asks for exactly this).
    const one = await admin.browser.gql<{ ledgerEntries: unknown[] }>(
      `query { ledgerEntries(orgId: "office", first: 200) { ${FIELDS} } }`,
    );
    expect(one.code).toBeUndefined();
    expect(one.data!.ledgerEntries).toHaveLength(200);
  });

  it('pages the inventories too', async () => {
    const r = await admin.browser.gql<{ inventories: { name: string }[] }>(
      'query { inventories(orgId: "office", first: 1) { name } }',
    );
    expect(r.data!.inventories).toEqual([{ name: 'Main safe' }]);
    expect((await admin.browser.gql('query { inventories(orgId: "office", first: 201) { name } }')).code).toBe(
      'PAGE_TOO_LARGE',
    );
  });
});
