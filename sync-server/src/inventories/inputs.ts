/**
 * The ledger's inputs as the service parses them at its edge (zod), and the small fixed sets the
 * service decides by: which kinds only administrators record, which kinds move drug for a case.
 * Split from inventories/service.ts (issue 36 item 7).
 */
import { DEA_SCHEDULES, LEDGER_CORRECTABLE_KINDS, LEDGER_UNITS } from '@vigil/shared';
import { z } from 'zod';

/** Entry kinds that move drug for a case; refused once the case is signed (a correction instead). */
export const CASE_MOVES: ReadonlySet<string> = new Set(['dispense', 'administer', 'waste', 'return']);

export const id = z.string().trim().min(1).max(64);
export const inventoryInput = z.object({
  name: z.string().trim().min(1).max(100),
  kind: z.enum(['safe', 'cart']),
});
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'INVALID_DATE');
const quantity = z.number().finite().min(-1_000_000).max(1_000_000);
const lotInput = z.object({
  drug: z.string().trim().min(1).max(100),
  strength: z.string().trim().max(100).default(''),
  schedule: z.enum(DEA_SCHEDULES),
  lotNumber: z.string().trim().min(1).max(40),
  expiry: isoDate,
  unit: z.enum(LEDGER_UNITS),
  packageAmount: z.number().finite().positive().max(1_000_000),
  gtin: z
    .string()
    .regex(/^\d{14}$/)
    .nullish(),
  ndc: z.string().trim().max(20).nullish(),
  serialNumber: z.string().trim().max(40).nullish(),
});
export const receiveInput = z.object({
  inventoryId: id,
  lot: lotInput,
  quantity,
});
const witnessInput = z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(200) });
export const entryInput = z.object({
  kind: z.enum(['dispense', 'administer', 'waste', 'return', 'adjust', 'count', 'correction']),
  corrects: z.enum(LEDGER_CORRECTABLE_KINDS).nullish(),
  lotId: id,
  quantity: quantity.default(0),
  caseId: id.nullish(),
  reason: z.string().trim().max(500).nullish(),
  found: quantity.nullish(),
  witness: witnessInput.nullish(),
});
export const filterInput = z.object({
  inventoryId: id.nullish(),
  drug: z.string().trim().max(100).nullish(),
  userId: id.nullish(),
  caseId: id.nullish(),
  from: isoDate.nullish(),
  to: isoDate.nullish(),
});

/** Kinds only an administrator records; the others need the provider role. */
export const ADMIN_KINDS: ReadonlySet<string> = new Set(['receive', 'adjust', 'count']);

/** The date (YYYY-MM-DD, UTC) of a time. */
export const dateOf = (at: number): string => new Date(at).toISOString().slice(0, 10);
