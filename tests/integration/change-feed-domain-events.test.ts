/**
 * Issue 36 item 3, against the real server: the domain events are recorded in the change feed
 * with the change they describe (a policy set and deleted, a ledger entry), with ids only, and a
 * refused change records none. Read through the feed's store, as a consumer reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../sync-server/src/store/changes/types.js';
import { withStores } from '../utils/stores.js';
import type { Browser } from './accounts-client.js';
import { formsWorldWith, type FormsWorld } from './forms-helpers.js';

let w: FormsWorld;

beforeAll(async () => {
  w = await formsWorldWith('feedevents', ['policies', 'drugInventory']);
}, 300_000);
afterAll(async () => {
  await w?.server.dispose();
});

async function gql<T>(browser: Browser, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await browser.gql<T>(query, variables);
  if (r.code) throw new Error(r.code);
  return r.data!;
}

/** The feed's domain events of the office, oldest first. */
async function domainEvents(): Promise<Change[]> {
  const changes = await withStores(w.server.dataDir, (stores) => stores.changes.read(0, 10_000, { orgId: 'office' }));
  return changes.filter((c) => c.kind !== 'resource');
}

describe('domain events in the change feed (issue 36 item 3)', () => {
  it('records a policy set and deleted, with the policy and its rule, and nothing for a refused change', async () => {
    const refused = await w.otherAdmin.browser.gql(
      `mutation { setPolicy(orgId: "office", ruleSubject: anesthesiaRecord, ruleType: "SO5", ruleValue: "block") { id } }`,
    );
    expect(refused.code).toBe('NOT_AUTHORIZED');
    const set = await gql<{ setPolicy: { id: string; ruleType: string }[] }>(
      w.admin.browser,
      `mutation { setPolicy(orgId: "office", ruleSubject: anesthesiaRecord, ruleType: "SO3", ruleValue: "block",
        relevantSedationLevels: ["moderate"]) { id ruleType } }`,
    );
    const id = set.setPolicy.find((p) => p.ruleType === 'SO3')!.id;
    await gql(w.admin.browser, 'mutation ($id: String!) { deletePolicy(orgId: "office", id: $id) { id } }', { id });
    const events = (await domainEvents()).filter((c) => c.kind.startsWith('policy.'));
    expect(events.map((c) => [c.kind, c.payload])).toEqual([
      ['policy.set', { policyId: id, ruleSubject: 'anesthesiaRecord', ruleType: 'SO3', ruleValue: 'block' }],
      ['policy.deleted', { policyId: id, ruleSubject: 'anesthesiaRecord', ruleType: 'SO3', ruleValue: 'block' }],
    ]);
  });

  it('records a ledger entry with its ids, and nothing for a refused one', async () => {
    const inventory = await gql<{ createInventory: { id: string } }>(
      w.admin.browser,
      'mutation { createInventory(orgId: "office", input: { name: "Main safe", kind: "safe" }) { id } }',
    );
    const inventoryId = inventory.createInventory.id;
    const lot = {
      drug: 'Midazolam',
      strength: '5 mg/mL, 2 mL vial',
      schedule: 'IV',
      lotNumber: 'MDZ2291',
      expiry: '2030-06-30',
      unit: 'mg',
      packageAmount: 10,
      gtin: '00312345678906',
    };
    const receive = (l: Record<string, unknown>) =>
      w.admin.browser.gql<{ receiveLot: { id: string } }>(
        'mutation ($input: ReceiveInput!) { receiveLot(orgId: "office", input: $input) { id } }',
        { input: { inventoryId, lot: l, quantity: 50 } },
      );
    expect((await receive({ ...lot, lotNumber: 'OLD1', expiry: '2020-01-31' })).code).toBeDefined();
    const received = await receive(lot);
    expect(received.code).toBeUndefined();
    const entries = (await domainEvents()).filter((c) => c.kind === 'ledger.entry');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.payload).toMatchObject({
      entryId: received.data!.receiveLot.id,
      entryKind: 'receive',
      inventoryId,
      caseId: null,
    });
  });
});
