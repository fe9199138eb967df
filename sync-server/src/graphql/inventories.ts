import { answeringAppErrors } from '../errors.js';
import type {
  CaseLedgerLineView,
  InventoryLotView,
  InventoryView,
  LedgerCheckView,
  LedgerEntryView,
} from '@vigil/shared';
import type {
  InventoryView as InventoryRecordView,
  LedgerEntryView as LedgerEntryRecordView,
  LotView,
} from '../inventories/views.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { pageRequest } from './pagination.js';

/**
 * The controlled-substance ledger (issue 29): inventories, lots, the append-only log, the
 * chain check and a case's reconciliation. There is deliberately no mutation that changes or
 * removes an entry or a lot: a correction is a new entry (adjust with a reason; for a signed
 * case, a witnessed correction). Lists come a page at a time (pagination.ts).
 */
export const inventoryTypeDefs = /* GraphQL */ `
  "A lot of a controlled drug in an inventory; quantities in unit, packageAmount per package."
  type InventoryLot {
    id: String!
    inventoryId: String!
    drug: String!
    strength: String!
    schedule: String!
    lotNumber: String!
    "YYYY-MM-DD"
    expiry: String!
    unit: String!
    packageAmount: Float!
    gtin: String
    ndc: String
    serialNumber: String
    balance: Float!
    expired: Boolean!
    expiringSoon: Boolean!
  }

  "An inventory of controlled drugs: a safe or a cart."
  type Inventory {
    id: String!
    name: String!
    kind: String!
    createdAt: String!
    lots: [InventoryLot!]!
  }

  """
  The case an entry is for, named as the cases list names it: the patient, the start (ISO 8601)
  and the procedure, resolved in the caller's organisation only (null when not known there).
  """
  type LedgerCase {
    id: String!
    patientName: String
    start: String
    procedure: String
  }

  "One ledger entry as written; at is ISO 8601."
  type LedgerEntry {
    id: String!
    seq: Int!
    kind: String!
    inventoryId: String!
    inventoryName: String!
    lotId: String!
    drug: String!
    lotNumber: String!
    unit: String!
    quantity: Float!
    caseId: String
    case: LedgerCase
    userId: String!
    userName: String!
    witnessId: String
    witnessName: String
    reason: String
    expected: Float
    found: Float
    "A correction: the dispense, waste or return it records for a signed case."
    corrects: String
    at: String!
    hash: String!
  }

  type LedgerCheck {
    ok: Boolean!
    entries: Int!
    head: String!
    problems: [String!]!
  }

  "A controlled drug drawn for a case: drawn = given + wasted + returned when it reconciles."
  type CaseLedgerLine {
    drug: String!
    unit: String!
    drawn: Float!
    given: Float!
    wasted: Float!
    returned: Float!
    reconciles: Boolean!
    difference: Float!
  }

  input InventoryInput {
    name: String!
    "safe or cart"
    kind: String!
  }

  "A lot as scanned (GS1: gtin, lotNumber, expiry, serialNumber, ndc) and completed by hand."
  input LotInput {
    drug: String!
    strength: String
    "II, III, IV or V"
    schedule: String!
    lotNumber: String!
    expiry: String!
    "mg, mcg or g"
    unit: String!
    packageAmount: Float!
    gtin: String
    ndc: String
    serialNumber: String
  }

  input ReceiveInput {
    inventoryId: String!
    lot: LotInput!
    quantity: Float!
  }

  "A witness signs with their own credentials, checked by the server."
  input WitnessInput {
    email: String!
    password: String!
  }

  input LedgerEntryInput {
    "dispense, administer, waste, return, adjust, count or correction (a signed case's, witnessed, with a reason)"
    kind: String!
    "A correction: dispense, waste or return"
    corrects: String
    lotId: String!
    quantity: Float
    caseId: String
    reason: String
    found: Float
    witness: WitnessInput
  }

  input LedgerFilter {
    inventoryId: String
    drug: String
    userId: String
    caseId: String
    "YYYY-MM-DD, inclusive"
    from: String
    to: String
  }

  extend type Query {
    "A page of the inventories, oldest first (after: the last inventory's id)."
    inventories(orgId: String, first: Int, after: String): [Inventory!]!
    inventory(orgId: String, inventoryId: String!): Inventory!
    "A page of the ledger in chain order (after: the last entry's seq)."
    ledgerEntries(orgId: String, filter: LedgerFilter, first: Int, after: String): [LedgerEntry!]!
    ledgerCheck(orgId: String): LedgerCheck!
    caseLedger(orgId: String, caseId: String!): [CaseLedgerLine!]!
  }

  extend type Mutation {
    createInventory(orgId: String, input: InventoryInput!): Inventory!
    receiveLot(orgId: String, input: ReceiveInput!): LedgerEntry!
    recordLedgerEntry(orgId: String, input: LedgerEntryInput!): LedgerEntry!
  }
`;

const iso = (ms: number): string => new Date(ms).toISOString();
/*
 * The service answers its records (epoch ms, the entry's lot nested); these turn them into the
 * GraphQL views shared/src/views/inventories.ts writes once (ISO times, the lot's fields flat).
 */
const lotOut = (l: LotView): InventoryLotView => ({ ...l });
const inventoryOut = (i: InventoryRecordView): InventoryView => ({
  ...i,
  createdAt: iso(i.createdAt),
  lots: i.lots.map(lotOut),
});
const entryOut = (e: LedgerEntryRecordView): LedgerEntryView => ({
  ...e,
  drug: e.lot.drug,
  lotNumber: e.lot.lotNumber,
  unit: e.lot.unit,
  at: iso(e.at),
  corrects: e.corrects ?? null,
  case: e.case && { ...e.case, start: e.case.start == null ? null : iso(e.case.start) },
});

export const inventoryResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    inventories: async (_, args, ctx) =>
      (await ctx.services.inventories.list(await ctx.caller(), args.orgId, pageRequest(args))).map(inventoryOut),
    inventory: async (_, args, ctx) =>
      inventoryOut(await ctx.services.inventories.get(await ctx.caller(), args.orgId, args.inventoryId)),
    ledgerEntries: async (_, args, ctx) =>
      (
        await ctx.services.inventories.log(await ctx.caller(), args.orgId, graphqlArgs(args.filter), pageRequest(args))
      ).map(entryOut),
    ledgerCheck: async (_, args, ctx): Promise<LedgerCheckView> =>
      ctx.services.inventories.check(await ctx.caller(), args.orgId),
    caseLedger: async (_, args, ctx): Promise<CaseLedgerLineView[]> =>
      ctx.services.inventories.caseLines(await ctx.caller(), args.orgId, args.caseId),
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    createInventory: async (_, args, ctx) =>
      inventoryOut(await ctx.services.inventories.create(await ctx.caller(), args.orgId, graphqlArgs(args.input))),
    receiveLot: async (_, args, ctx) =>
      entryOut(await ctx.services.inventories.receive(await ctx.caller(), args.orgId, graphqlArgs(args.input))),
    recordLedgerEntry: async (_, args, ctx) =>
      entryOut(await ctx.services.inventories.record(await ctx.caller(), args.orgId, graphqlArgs(args.input))),
  }),
};
