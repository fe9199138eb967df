import { z } from 'zod';
import { DEA_SCHEDULES, LEDGER_CORRECTABLE_KINDS, LEDGER_ENTRY_KINDS, LEDGER_UNITS } from '../rules/ledger.js';

/*
 * The controlled-substance ledger's GraphQL views and inputs (issue 29), written once as zod
 * schemas (issue 36 item 5); views-sdl.test.ts holds them against
 * sync-server/src/graphql/inventories.ts. Times are ISO 8601 text here (the resolvers turn the
 * service's epoch ms into it); expiry is YYYY-MM-DD.
 */

export const INVENTORY_KINDS = ['safe', 'cart'] as const;

/** A lot as scanned (GS1: gtin, lotNumber, expiry, serialNumber, ndc) and completed by hand. */
export const lotInputSchema = z.object({
  drug: z.string(),
  strength: z.string().nullish(),
  schedule: z.string(),
  lotNumber: z.string(),
  expiry: z.string(),
  unit: z.string(),
  packageAmount: z.number(),
  gtin: z.string().nullish(),
  ndc: z.string().nullish(),
  serialNumber: z.string().nullish(),
});
export type LotInput = z.infer<typeof lotInputSchema>;

/** A lot as the server answers it: what was received, its stock and expiry state. */
export const inventoryLotViewSchema = z.object({
  id: z.string(),
  inventoryId: z.string(),
  drug: z.string(),
  strength: z.string(),
  schedule: z.enum(DEA_SCHEDULES),
  lotNumber: z.string(),
  /** YYYY-MM-DD. */
  expiry: z.string(),
  unit: z.enum(LEDGER_UNITS),
  packageAmount: z.number(),
  gtin: z.string().nullable(),
  ndc: z.string().nullable(),
  serialNumber: z.string().nullable(),
  balance: z.number(),
  expired: z.boolean(),
  expiringSoon: z.boolean(),
});
export type InventoryLotView = z.infer<typeof inventoryLotViewSchema>;

/** An inventory of controlled drugs: a safe or a cart, with its lots. */
export const inventoryViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(INVENTORY_KINDS),
  /** ISO 8601. */
  createdAt: z.string(),
  lots: z.array(inventoryLotViewSchema),
});
export type InventoryView = z.infer<typeof inventoryViewSchema>;

/** The case an entry is for, as the server names it in the organisation (null fields: not known there). */
export const ledgerCaseViewSchema = z.object({
  id: z.string(),
  patientName: z.string().nullable(),
  /** ISO 8601. */
  start: z.string().nullable(),
  procedure: z.string().nullable(),
});
export type LedgerCaseView = z.infer<typeof ledgerCaseViewSchema>;

/** One ledger entry as written, with names instead of ids; at is ISO 8601. */
export const ledgerEntryViewSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  inventoryId: z.string(),
  inventoryName: z.string(),
  lotId: z.string(),
  drug: z.string(),
  lotNumber: z.string(),
  unit: z.string(),
  quantity: z.number(),
  caseId: z.string().nullable(),
  case: ledgerCaseViewSchema.nullable(),
  userId: z.string(),
  userName: z.string(),
  witnessId: z.string().nullable(),
  witnessName: z.string().nullable(),
  reason: z.string().nullable(),
  expected: z.number().nullable(),
  found: z.number().nullable(),
  /** A correction: the dispense, waste or return it records for a signed case. */
  corrects: z.enum(LEDGER_CORRECTABLE_KINDS).nullable(),
  at: z.string(),
  hash: z.string(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryViewSchema>;

/** The chain check: whether every entry's hash follows from the one before. */
export const ledgerCheckViewSchema = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  head: z.string(),
  problems: z.array(z.string()),
});
export type LedgerCheckView = z.infer<typeof ledgerCheckViewSchema>;

/** A controlled drug drawn for a case: drawn = given + wasted + returned when it reconciles. */
export const caseLedgerLineViewSchema = z.object({
  drug: z.string(),
  unit: z.string(),
  drawn: z.number(),
  given: z.number(),
  wasted: z.number(),
  returned: z.number(),
  reconciles: z.boolean(),
  difference: z.number(),
});
export type CaseLedgerLineView = z.infer<typeof caseLedgerLineViewSchema>;

export const inventoryInputSchema = z.object({ name: z.string(), kind: z.enum(INVENTORY_KINDS) });
export type InventoryInput = z.infer<typeof inventoryInputSchema>;

export const receiveInputSchema = z.object({ inventoryId: z.string(), lot: lotInputSchema, quantity: z.number() });
export type ReceiveInput = z.infer<typeof receiveInputSchema>;

/** A witness signs with their own credentials, checked by the server. */
export const witnessInputSchema = z.object({ email: z.string(), password: z.string() });
export type WitnessInput = z.infer<typeof witnessInputSchema>;

/** An entry as recordLedgerEntry takes it; a receipt is receiveLot's (ReceiveInput). */
export const ledgerEntryInputSchema = z.object({
  kind: z.enum(LEDGER_ENTRY_KINDS).exclude(['receive']),
  corrects: z.enum(LEDGER_CORRECTABLE_KINDS).nullish(),
  lotId: z.string(),
  quantity: z.number().nullish(),
  caseId: z.string().nullish(),
  reason: z.string().nullish(),
  found: z.number().nullish(),
  witness: witnessInputSchema.nullish(),
});
export type LedgerEntryInput = z.infer<typeof ledgerEntryInputSchema>;

/** The log's filter; from and to are YYYY-MM-DD, inclusive. */
export const ledgerFilterSchema = z.object({
  inventoryId: z.string().nullish(),
  drug: z.string().nullish(),
  userId: z.string().nullish(),
  caseId: z.string().nullish(),
  from: z.string().nullish(),
  to: z.string().nullish(),
});
export type LedgerFilter = z.infer<typeof ledgerFilterSchema>;
