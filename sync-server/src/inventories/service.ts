import { gs1Derived, hasRole, ledgerLineDifference, ledgerLineReconciles, newId, type LedgerLine } from '@vigil/shared';
import type { OrgAccess } from '../access/index.js';
import type { AuditLog, RequestMeta } from '../auth/audit.js';
import type { SignedRecords } from '../fhir/signed-records.js';
import { authorizeOrg } from '../orgs/authorize.js';
import { pageOf, type PageRequest } from '../pages.js';
import { auditChange, parse, refuse, type OrgCaller, type SignedInCaller } from '../orgs/common.js';
import type { AccountStore } from '../store/accounts/types.js';
import type { InventoryRecord, InventoryStore, LedgerFilter, LotRecord } from '../store/inventories/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { Entitlements } from '../access/entitlements.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { DocumentSnapshot } from '../sync/rooms.js';
import type { RoomAddress } from '../sync/protocol.js';
import type { ChangeStore } from '../store/changes/types.js';
import { ADMIN_KINDS, entryInput, filterInput, id, inventoryInput, receiveInput } from './inputs.js';
import {
  appendLedgerEntry,
  checkLedgerChain,
  ledgerLinesForCase,
  refuseForSigning,
  type LedgerCheckReport,
} from './ledger.js';
import { ledgerViews, lotViews, type CaseLedgerLine, type InventoryView, type LedgerEntryView } from './views.js';
import { WitnessCheck } from './witness.js';

export interface InventoryDeps {
  /**
   * The change feed (issue 36 item 3): the domain event is recorded in the same transaction as
   * the change. The server always passes it; unit tests of other rules may leave it out.
   */
  changes?: Pick<ChangeStore, 'append'>;
  inventories: InventoryStore;
  orgs: OrgStore;
  entitlements: Pick<Entitlements, 'has' | 'require'>;
  access: OrgAccess;
  accounts: Pick<AccountStore, 'userByEmail' | 'userById'>;
  /** Cases read from their Appointment or Composition; `transaction` holds the signed check and the append as one unit of work. */
  resources: Pick<ResourceStore, 'read' | 'transaction'>;
  rooms: { snapshot(address: RoomAddress): Promise<DocumentSnapshot> };
  /** The audit trail: wrong witness credentials are recorded there and the witness limit counts them. */
  audit: Pick<AuditLog, 'record' | 'count'>;
  /** Whether a case is signed (its current PDF or its final document): its ledger then takes only corrections. */
  signed: Pick<SignedRecords, 'isSigned'>;
  now: () => number;
}

/**
 * The controlled-substance ledger (issue 29; spec 000 §2 inventories, §3 drugInventory). Every
 * call needs the organisation's drugInventory flag and its permission: reading and the log for
 * members; creating inventories, receiving, adjusting and counting for administrators;
 * dispensing, administering, wasting and returning for providers. Entries are only ever
 * appended (no call changes or removes one), each chained on the organisation's previous entry.
 */
export class InventoryService {
  /** The witness check (its limit's lock and in-flight attempts): one per service. */
  private readonly witnesses: WitnessCheck;

  constructor(private readonly deps: InventoryDeps) {
    this.witnesses = new WitnessCheck(deps);
  }

  /** A page of the organisation's inventories, oldest first, after the inventory `page.after` (its id). */
  async list(caller: OrgCaller, rawOrgId: unknown, page: PageRequest): Promise<InventoryView[]> {
    const { orgId } = await this.authorize(caller, rawOrgId, 'member');
    const inventories = pageOf(await this.deps.inventories.inventories(orgId), page, (i) => i.id);
    const lots = await lotViews(this.deps, orgId);
    return inventories.map((i) => ({ ...i, lots: lots.filter((l) => l.inventoryId === i.id) }));
  }

  async get(caller: OrgCaller, rawOrgId: unknown, rawId: unknown): Promise<InventoryView> {
    const { orgId } = await this.authorize(caller, rawOrgId, 'member');
    const inventory = await this.deps.inventories.inventory(orgId, parse(id, rawId));
    if (!inventory) refuse('NOT_FOUND');
    return { ...inventory, lots: await lotViews(this.deps, orgId, inventory.id) };
  }

  async create(caller: OrgCaller, rawOrgId: unknown, raw: unknown, meta: RequestMeta): Promise<InventoryView> {
    const { who, orgId } = await this.authorize(caller, rawOrgId, 'admin');
    const input = parse(inventoryInput, raw);
    const record: InventoryRecord = {
      id: newId('inv'),
      orgId,
      name: input.name,
      kind: input.kind,
      createdBy: who.user.id,
      createdAt: this.deps.now(),
    };
    await this.deps.inventories.createInventory(record);
    await auditChange(this.deps.orgs, meta, record.createdAt, who, 'inventoryCreated', {
      orgId,
      inventoryId: record.id,
      name: record.name,
      kind: record.kind,
    });
    return { ...record, lots: [] };
  }

  /**
   * Receives packages of a lot into an inventory (administrators). The lot is found by its GTIN
   * (or drug) and lot number in that inventory, else written new; a lot past its expiry is refused.
   */
  async receive(caller: OrgCaller, rawOrgId: unknown, raw: unknown): Promise<LedgerEntryView> {
    const { who, orgId } = await this.authorize(caller, rawOrgId, 'admin');
    const input = parse(receiveInput, raw);
    const inventory = await this.deps.inventories.inventory(orgId, input.inventoryId);
    if (!inventory) refuse('NOT_FOUND');
    const now = this.deps.now();
    const l = input.lot;
    const existing = (await this.deps.inventories.lots(orgId, inventory.id)).find(
      (x) =>
        x.lotNumber === l.lotNumber &&
        (l.gtin != null && x.gtin != null ? x.gtin === l.gtin : x.drug.toLowerCase() === l.drug.toLowerCase()),
    );
    const gtin = l.gtin ?? null;
    const newLot: LotRecord | undefined = existing
      ? undefined
      : {
          id: newId('lot'),
          orgId,
          inventoryId: inventory.id,
          drug: l.drug,
          strength: l.strength,
          schedule: l.schedule,
          lotNumber: l.lotNumber,
          expiry: l.expiry,
          unit: l.unit,
          packageAmount: l.packageAmount,
          gtin,
          ndc: l.ndc ?? (gtin ? gs1Derived(gtin).ndc : null),
          serialNumber: l.serialNumber ?? null,
          createdAt: now,
        };
    const lot = existing ?? newLot!;
    return appendLedgerEntry(this.deps, orgId, lot, newLot, {
      kind: 'receive',
      inventoryId: inventory.id,
      lotId: lot.id,
      quantity: input.quantity,
      caseId: null,
      userId: who.user.id,
      witnessId: null,
      reason: null,
      expected: null,
      found: null,
      at: now,
    });
  }

  /**
   * Any other movement of a lot: dispense, administer, waste (witnessed), return, adjust, count,
   * and a signed case's correction (witnessed, with a reason). A signed case's ledger is part of
   * what was signed (issue 35 item 5): a dispense, administration, waste or return naming it is
   * refused CASE_SIGNED, and a correction is for a signed case only (CASE_NOT_SIGNED).
   */
  async record(caller: OrgCaller, rawOrgId: unknown, raw: unknown): Promise<LedgerEntryView> {
    const { orgId } = await this.authorize(caller, rawOrgId, 'member');
    const input = parse(entryInput, raw);
    const { who } = await this.authorize(caller, orgId, ADMIN_KINDS.has(input.kind) ? 'admin' : 'provider');
    const lot = await this.deps.inventories.lot(orgId, input.lotId);
    if (!lot) refuse('NOT_FOUND');
    const inventory = await this.deps.inventories.inventory(orgId, lot.inventoryId);
    if (!inventory) refuse('NOT_FOUND');
    const caseId = input.caseId ?? null;
    if (caseId != null && !(await this.caseExists(orgId, caseId))) refuse('CASE_NOT_FOUND');
    await refuseForSigning(this.deps, orgId, caseId, input.kind);
    const witnessed = input.kind === 'waste' || input.kind === 'correction';
    const witnessId = witnessed && input.witness ? await this.witnesses.check(orgId, who, input.witness) : null;
    // The signed check again, in one unit of work with the append: a finalize committing after
    // the check above cannot let a dispense onto the case it signed (issue 35 item 5).
    return this.deps.resources.transaction(async () => {
      await refuseForSigning(this.deps, orgId, caseId, input.kind);
      return appendLedgerEntry(this.deps, orgId, lot, undefined, {
        kind: input.kind,
        inventoryId: inventory.id,
        lotId: lot.id,
        quantity: input.kind === 'count' ? 0 : input.quantity,
        caseId,
        userId: who.user.id,
        witnessId,
        reason: input.reason != null && input.reason !== '' ? input.reason : null,
        expected: null,
        found: input.kind === 'count' ? (input.found ?? null) : null,
        at: this.deps.now(),
        ...(input.kind === 'correction' ? { corrects: input.corrects ?? null } : {}),
      });
    });
  }

  /**
   * A page of the ledger in chain order, filtered by inventory, drug, user (or witness), case and
   * dates (YYYY-MM-DD, UTC, inclusive): the entries after the sequence `page.after`. A page that
   * names a patient is a read of patient data: it joins the audit trail as its reader's
   * (ledgerRead, with the cases named; issue 35 item 9).
   */
  async log(
    caller: OrgCaller,
    rawOrgId: unknown,
    raw: unknown,
    page: PageRequest,
    meta: RequestMeta,
  ): Promise<LedgerEntryView[]> {
    const { who, orgId } = await this.authorize(caller, rawOrgId, 'member');
    const f = parse(filterInput, raw ?? {});
    const filter: LedgerFilter = {};
    if (f.inventoryId) filter.inventoryId = f.inventoryId;
    if (f.drug) filter.drug = f.drug;
    if (f.userId) filter.userId = f.userId;
    if (f.caseId) filter.caseId = f.caseId;
    if (f.from) filter.from = Date.parse(`${f.from}T00:00:00Z`);
    if (f.to) filter.to = Date.parse(`${f.to}T00:00:00Z`) + 86_400_000;
    const after = page.after == null ? undefined : Number(page.after);
    if (after !== undefined && !(Number.isSafeInteger(after) && after >= 0)) refuse('INVALID_CURSOR');
    const views = await ledgerViews(
      this.deps,
      orgId,
      await this.deps.inventories.entries(orgId, filter, {
        ...(after === undefined ? {} : { after }),
        limit: page.first,
      }),
    );
    const named = [...new Set(views.flatMap((v) => (v.case?.patientName != null ? [v.case.id] : [])))];
    if (named.length > 0)
      await this.deps.audit.record(this.deps.now(), meta, {
        action: 'ledgerRead',
        outcome: 'success',
        userId: who.user.id,
        detail: { orgId, caseIds: named },
      });
    return views;
  }

  /** The chain check (administrators): every entry follows the one before and matches its hash. */
  async check(caller: OrgCaller, rawOrgId: unknown): Promise<LedgerCheckReport> {
    const { orgId } = await this.authorize(caller, rawOrgId, 'admin');
    return this.checkChain(orgId);
  }

  /** The check itself (also for the admin CLI): read-only. */
  async checkChain(orgId: string): Promise<LedgerCheckReport> {
    return checkLedgerChain(this.deps, orgId);
  }

  /** caseLedger: a case's lines for its members. */
  async caseLines(caller: OrgCaller, rawOrgId: unknown, rawCaseId: unknown): Promise<CaseLedgerLine[]> {
    const { orgId } = await this.authorize(caller, rawOrgId, 'member');
    const lines = await this.ledgerLinesForCase(orgId, parse(id, rawCaseId));
    return lines.map((l) => ({ ...l, reconciles: ledgerLineReconciles(l), difference: ledgerLineDifference(l) }));
  }

  /**
   * For the sign-off gate (seam.md): the case's controlled-drug lines, what was drawn for it from
   * the inventories against what its charted doses gave, wasted and returned (LG10). Pass the
   * case content when the caller holds it (the finalize gate reads it from the sealed room);
   * otherwise it is read from the case's room. No access check: the caller has done it.
   */
  async ledgerLinesForCase(orgId: string, compositionId: string, caseContent?: unknown): Promise<LedgerLine[]> {
    return ledgerLinesForCase(this.deps, orgId, compositionId, caseContent);
  }

  /** Whether the organisation keeps a ledger (the drugInventory flag), for the gate's `ledger: null`. */
  async enabled(orgId: string): Promise<boolean> {
    return this.deps.entitlements.has(orgId, 'drugInventory');
  }

  /** A case of the organisation: its Appointment or Composition (one id for both, and for the case document). */
  private async caseExists(orgId: string, caseId: string): Promise<boolean> {
    for (const type of ['Appointment', 'Composition'] as const)
      if ((await this.deps.resources.read(orgId, type, caseId))?.resource != null) return true;
    return false;
  }

  private async authorize(
    caller: OrgCaller,
    rawOrgId: unknown,
    need: 'member' | 'admin' | 'provider',
  ): Promise<{ who: SignedInCaller; orgId: string }> {
    const { caller: who, org } = await authorizeOrg(
      { store: this.deps.orgs, access: this.deps.access },
      caller,
      rawOrgId,
      need === 'admin' ? 'admin' : 'member',
    );
    if (need === 'provider' && !hasRole(who.subject, org.id, 'provider')) refuse('NOT_AUTHORIZED');
    await this.deps.entitlements.require(org.id, 'drugInventory');
    return { who, orgId: org.id };
  }
}
