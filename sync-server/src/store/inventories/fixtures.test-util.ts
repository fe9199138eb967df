import type { LotRecord, NewLedgerEntry } from './types.js';

/** A lot and a ledger entry of the office's safe, for the inventory store's tests. */
export const lot = (over: Partial<LotRecord> = {}): LotRecord => ({
  id: 'lot-1',
  orgId: 'office',
  inventoryId: 'inv-1',
  drug: 'Midazolam',
  strength: '5 mg/mL, 2 mL vial',
  schedule: 'IV',
  lotNumber: 'A1',
  expiry: '2027-06-30',
  unit: 'mg',
  packageAmount: 10,
  gtin: '00312345678906',
  ndc: '1234567890',
  serialNumber: null,
  createdAt: 1000,
  ...over,
});

export const entry = (over: Partial<NewLedgerEntry> = {}): NewLedgerEntry => ({
  id: 'le-1',
  orgId: 'office',
  kind: 'receive',
  inventoryId: 'inv-1',
  lotId: 'lot-1',
  quantity: 50,
  caseId: null,
  userId: 'usr-a',
  witnessId: null,
  reason: null,
  expected: null,
  found: null,
  at: 2000,
  ...over,
});
