import { LEDGER_CHAIN_GENESIS, canonicalLedgerEntry, ledgerEntryHash, type LedgerEntryContent } from '@vigil/shared';
import type { InventoryStore, LotRecord } from '../store/inventories/types.js';
import type { OrgStore } from '../store/orgs/types.js';

/** The demo office's controlled-drug inventories (issue 29). */
export const DEMO_INVENTORY = {
  safe: 'inv-demosafe000000',
  cart: 'inv-democart000000',
  midazolam: 'lot-demomidazolam0',
  fentanyl: 'lot-demofentanyl00',
} as const;

const DAY_MS = 86_400_000;
const date = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Seeds the demo office's ledger: the drugInventory flag on, a safe and a cart, a midazolam lot
 * (a year to expiry) and a fentanyl lot expiring in 60 days, received, one vial drawn for today's
 * first case and returned unused, a broken ampoule adjusted with its reason and a count. The
 * entries go through the store's one append, chained as the server chains them.
 */
export async function seedDemoInventory(
  deps: { inventories: InventoryStore; orgs: OrgStore },
  orgId: string,
  now: Date,
  who: { userId: string; caseId: string },
): Promise<void> {
  // Seeded once: a second seed (an existing demo database) changes nothing.
  if (await deps.inventories.inventory(orgId, DEMO_INVENTORY.safe)) return;
  const at = now.getTime();
  await deps.orgs.setFeature(
    orgId,
    'drugInventory',
    true,
    who.userId,
    { at, ip: null, userAgent: 'demo seed' },
    {
      action: 'orgFeatureAdded',
      userId: who.userId,
      detail: { orgId, feature: 'drugInventory', value: true, demo: true },
    },
  );
  await deps.inventories.createInventory({
    id: DEMO_INVENTORY.safe,
    orgId,
    name: 'Main safe',
    kind: 'safe',
    createdBy: who.userId,
    createdAt: at - 30 * DAY_MS,
  });
  await deps.inventories.createInventory({
    id: DEMO_INVENTORY.cart,
    orgId,
    name: 'Sedation cart',
    kind: 'cart',
    createdBy: who.userId,
    createdAt: at - 30 * DAY_MS,
  });
  const lot = (id: string, over: Partial<LotRecord>): LotRecord => ({
    id,
    orgId,
    inventoryId: DEMO_INVENTORY.safe,
    drug: 'Midazolam',
    strength: '5 mg/mL, 2 mL vial',
    schedule: 'IV',
    lotNumber: 'MDZ24A17',
    expiry: date(at + 365 * DAY_MS),
    unit: 'mg',
    packageAmount: 10,
    gtin: '00312345678906',
    ndc: '1234567890',
    serialNumber: null,
    createdAt: at - 20 * DAY_MS,
    ...over,
  });
  const midazolam = lot(DEMO_INVENTORY.midazolam, {});
  const fentanyl = lot(DEMO_INVENTORY.fentanyl, {
    drug: 'Fentanyl',
    strength: '50 mcg/mL, 2 mL ampoule',
    schedule: 'II',
    lotNumber: 'FEN3391',
    expiry: date(at + 60 * DAY_MS),
    unit: 'mcg',
    packageAmount: 100,
    gtin: null,
    ndc: null,
  });
  const entry = (n: number, l: LotRecord, content: Partial<LedgerEntryContent>) => ({
    id: `led-demo${String(n).padStart(10, '0')}`,
    orgId,
    kind: 'receive' as const,
    inventoryId: l.inventoryId,
    lotId: l.id,
    quantity: 0,
    caseId: null,
    userId: who.userId,
    witnessId: null,
    reason: null,
    expected: null,
    found: null,
    at: at - 20 * DAY_MS,
    ...content,
  });
  const steps = [
    { newLot: midazolam, entry: entry(1, midazolam, { quantity: 200 }) },
    { newLot: fentanyl, entry: entry(2, fentanyl, { quantity: 1000 }) },
    {
      entry: entry(3, fentanyl, {
        kind: 'adjust',
        quantity: -100,
        reason: 'Ampoule broken when opening the box',
        at: at - 19 * DAY_MS,
      }),
    },
    { entry: entry(4, midazolam, { kind: 'dispense', quantity: 10, caseId: who.caseId, at: at - 2 * 3_600_000 }) },
    { entry: entry(5, midazolam, { kind: 'return', quantity: 10, caseId: who.caseId, at: at - 3_600_000 }) },
    { entry: entry(6, fentanyl, { kind: 'count', found: 900, expected: 900, at: at - DAY_MS }) },
  ];
  for (const step of steps)
    await deps.inventories.append(
      step,
      () => (step.entry.kind === 'count' ? { expected: step.entry.expected } : undefined),
      (prev, e) => ledgerEntryHash(prev, canonicalLedgerEntry(e)),
      LEDGER_CHAIN_GENESIS,
    );
}
