import {
  appointmentActorId,
  DEA_SCHEDULES,
  LEDGER_CHAIN_GENESIS,
  LEDGER_CORRECTABLE_KINDS,
  LEDGER_UNITS,
  canonicalLedgerEntry,
  caseRemaining,
  chartedDoses,
  gs1Derived,
  hasRole,
  isLotExpired,
  isLotExpiringSoon,
  ledgerChainProblems,
  ledgerEntryHash,
  ledgerEntryIssues,
  ledgerLineDifference,
  ledgerLineReconciles,
  lotBalance,
  newId,
  normalizeEmail,
  patientDisplayName,
  reconcileLedger,
  referenceId,
  type Appointment,
  type Composition,
  type LedgerEntryContent,
  type LedgerLine,
  type Patient,
} from '@vigil/shared';
import { Mutex } from 'async-mutex';
import { z } from 'zod';
import type { OrgAccess } from '../access/index.js';
import type { AuditLog, RequestMeta } from '../auth/audit.js';
import { InFlight } from '../auth/in-flight.js';
import { AUTH_LIMITS } from '../auth/limits.js';
import { verifyPassword } from '../auth/passwords.js';
import { AppError } from '../errors.js';
import type { SignedRecords } from '../fhir/signed-records.js';
import { authorizeOrg } from '../orgs/authorize.js';
import { pageOf, type PageRequest } from '../pages.js';
import { auditChange, parse, refuse, type OrgCaller, type SignedInCaller } from '../orgs/common.js';
import type { AccountStore } from '../store/accounts/types.js';
import type {
  InventoryRecord,
  InventoryStore,
  LedgerEntryRecord,
  LedgerFilter,
  LotRecord,
} from '../store/inventories/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { Entitlements } from '../access/entitlements.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { DocumentSnapshot } from '../sync/rooms.js';
import type { RoomAddress } from '../sync/protocol.js';
import type { ChangeStore } from '../store/changes/types.js';

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

/** A lot as the screens show it: its stock now and its expiry state. */
export interface LotView extends LotRecord {
  balance: number;
  expired: boolean;
  expiringSoon: boolean;
}

export interface InventoryView extends InventoryRecord {
  lots: LotView[];
}

/**
 * The case an entry names, as the cases list names it: the patient, the start and the procedure
 * of its Appointment (or, for a case without one, its Composition's subject and date). Each is
 * null when it is not known in the organisation.
 */
export interface LedgerCaseView {
  id: string;
  patientName: string | null;
  /** Epoch ms. */
  start: number | null;
  procedure: string | null;
}

/** An entry as the log shows it: names instead of ids. */
export interface LedgerEntryView extends LedgerEntryRecord {
  inventoryName: string;
  userName: string;
  witnessName: string | null;
  /** The entry's case, resolved in the entry's (the caller's) organisation only; null without a case. */
  case: LedgerCaseView | null;
}

export interface LedgerCheckReport {
  ok: boolean;
  entries: number;
  head: string;
  problems: string[];
}

export interface CaseLedgerLine extends LedgerLine {
  reconciles: boolean;
  difference: number;
}

/**
 * Witness password guesses allowed in WITNESS_WINDOW_MS before TOO_MANY_REQUESTS, counted per
 * user asking and per witness account asked for (issue 35 item 6), whoever asks.
 */
export const WITNESS_FAILURES_ALLOWED = 5;
export const WITNESS_WINDOW_MS = 15 * 60_000;

/** Entry kinds that move drug for a case; refused once the case is signed (a correction instead). */
const CASE_MOVES: ReadonlySet<string> = new Set(['dispense', 'administer', 'waste', 'return']);

const id = z.string().trim().min(1).max(64);
const inventoryInput = z.object({
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
const receiveInput = z.object({
  inventoryId: id,
  lot: lotInput,
  quantity,
});
const witnessInput = z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(200) });
const entryInput = z.object({
  kind: z.enum(['dispense', 'administer', 'waste', 'return', 'adjust', 'count', 'correction']),
  corrects: z.enum(LEDGER_CORRECTABLE_KINDS).nullish(),
  lotId: id,
  quantity: quantity.default(0),
  caseId: id.nullish(),
  reason: z.string().trim().max(500).nullish(),
  found: quantity.nullish(),
  witness: witnessInput.nullish(),
});
const filterInput = z.object({
  inventoryId: id.nullish(),
  drug: z.string().trim().max(100).nullish(),
  userId: id.nullish(),
  caseId: id.nullish(),
  from: isoDate.nullish(),
  to: isoDate.nullish(),
});

/** Kinds only an administrator records; the others need the provider role. */
const ADMIN_KINDS: ReadonlySet<string> = new Set(['receive', 'adjust', 'count']);

/** The date (YYYY-MM-DD, UTC) of a time. */
const dateOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

/**
 * The controlled-substance ledger (issue 29; spec 000 §2 inventories, §3 drugInventory). Every
 * call needs the organisation's drugInventory flag and its permission: reading and the log for
 * members; creating inventories, receiving, adjusting and counting for administrators;
 * dispensing, administering, wasting and returning for providers. Entries are only ever
 * appended (no call changes or removes one), each chained on the organisation's previous entry.
 */
export class InventoryService {
  /**
   * The witness limit's count and the place it gives an attempt are one step (as sign-in's
   * limit in auth/account-base.ts): the failures are counted from the audit repository, so they
   * survive a restart and every server instance over the same database sees them; the attempts
   * still checking a password are held in flight so parallel guesses cannot all pass the count.
   */
  private readonly witnessLimit = new Mutex();
  private readonly witnessInFlight = new InFlight();

  constructor(private readonly deps: InventoryDeps) {}

  /** A page of the organisation's inventories, oldest first, after the inventory `page.after` (its id). */
  async list(caller: OrgCaller, rawOrgId: unknown, page: PageRequest): Promise<InventoryView[]> {
    const { orgId } = await this.authorize(caller, rawOrgId, 'member');
    const inventories = pageOf(await this.deps.inventories.inventories(orgId), page, (i) => i.id);
    const lots = await this.lotViews(orgId);
    return inventories.map((i) => ({ ...i, lots: lots.filter((l) => l.inventoryId === i.id) }));
  }

  async get(caller: OrgCaller, rawOrgId: unknown, rawId: unknown): Promise<InventoryView> {
    const { orgId } = await this.authorize(caller, rawOrgId, 'member');
    const inventory = await this.deps.inventories.inventory(orgId, parse(id, rawId));
    if (!inventory) refuse('NOT_FOUND');
    return { ...inventory, lots: await this.lotViews(orgId, inventory.id) };
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
    return this.append(orgId, lot, newLot, {
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
    await this.refuseForSigning(orgId, caseId, input.kind);
    const witnessed = input.kind === 'waste' || input.kind === 'correction';
    const witnessId = witnessed && input.witness ? await this.witness(orgId, who, input.witness) : null;
    // The signed check again, in one unit of work with the append: a finalize committing after
    // the check above cannot let a dispense onto the case it signed (issue 35 item 5).
    return this.deps.resources.transaction(async () => {
      await this.refuseForSigning(orgId, caseId, input.kind);
      return this.append(orgId, lot, undefined, {
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

  /** A signed case takes only corrections (CASE_SIGNED); a correction is for a signed case only (CASE_NOT_SIGNED). */
  private async refuseForSigning(orgId: string, caseId: string | null, kind: string): Promise<void> {
    const signed = caseId != null && (await this.deps.signed.isSigned(orgId, 'Composition', caseId));
    if (signed && CASE_MOVES.has(kind)) throw new AppError(409, 'CASE_SIGNED');
    if (kind === 'correction' && caseId != null && !signed) throw new AppError(409, 'CASE_NOT_SIGNED');
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
    const views = await this.views(
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
    const entries = await this.deps.inventories.entries(orgId);
    const problems = ledgerChainProblems(
      entries.map((e) => ({ seq: e.seq, canonical: canonicalLedgerEntry(e), prevHash: e.prevHash, hash: e.hash })),
    );
    // Issue 35 item 9: the last entries removed leave a chain that verifies; the anchor, written
    // with every append, still names its length and last hash.
    const anchor = await this.deps.inventories.anchor(orgId);
    const last = entries.at(-1);
    if (anchor != null && (last?.seq ?? 0) < anchor.length)
      problems.push(
        `the ledger ends at entry ${last?.seq ?? 0} but entry ${anchor.length} was written: the last ${anchor.length - (last?.seq ?? 0)} are missing`,
      );
    else if (anchor != null && (last?.seq !== anchor.length || last.hash !== anchor.head))
      problems.push(`entry ${last?.seq ?? 0}: does not match the anchored head (entry ${anchor.length})`);
    return {
      ok: problems.length === 0,
      entries: entries.length,
      head: entries.at(-1)?.hash ?? LEDGER_CHAIN_GENESIS,
      problems,
    };
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
    const entries = await this.deps.inventories.entries(orgId, { caseId: compositionId });
    if (entries.length === 0) return [];
    const content =
      caseContent !== undefined
        ? caseContent
        : (await this.deps.rooms.snapshot({ orgId, docId: compositionId, name: `${orgId}/${compositionId}` })).content;
    return reconcileLedger(
      entries.map((e) => ({
        kind: e.kind,
        corrects: e.corrects ?? null,
        quantity: e.quantity,
        drug: e.lot.drug,
        unit: e.lot.unit,
      })),
      chartedDoses(content),
    );
  }

  /** Whether the organisation keeps a ledger (the drugInventory flag), for the gate's `ledger: null`. */
  async enabled(orgId: string): Promise<boolean> {
    return this.deps.entitlements.has(orgId, 'drugInventory');
  }

  private async append(
    orgId: string,
    lot: LotRecord,
    newLot: LotRecord | undefined,
    content: LedgerEntryContent,
  ): Promise<LedgerEntryView> {
    const today = dateOf(content.at);
    // The entry and its change-feed record in one unit of work (joined when the caller holds one).
    const stored = await this.deps.resources.transaction(async () => {
      const entry = await this.appendEntry(today, lot, newLot, content, orgId);
      await this.deps.changes?.append({
        kind: 'ledger.entry',
        at: content.at,
        orgId,
        payload: {
          entryId: entry.id,
          entryKind: entry.kind,
          inventoryId: entry.inventoryId,
          lotId: entry.lotId,
          caseId: entry.caseId,
        },
      });
      return entry;
    });
    return (await this.views(orgId, [stored]))[0]!;
  }

  private appendEntry(
    today: string,
    lot: LotRecord,
    newLot: LotRecord | undefined,
    content: LedgerEntryContent,
    orgId: string,
  ): ReturnType<InventoryStore['append']> {
    return this.deps.inventories.append(
      { ...(newLot ? { newLot } : {}), entry: { ...content, id: newId('led'), orgId } },
      (earlier) => {
        const balance = lotBalance(earlier);
        const issues = ledgerEntryIssues({
          entry: content,
          lot,
          balance,
          caseRemaining: content.caseId == null ? null : caseRemaining(earlier, content.caseId),
          today,
        });
        const first = issues[0];
        if (first) throw new AppError(409, first.code);
        // A count keeps the balance the ledger expected beside what was found.
        return { expected: content.kind === 'count' ? balance : null };
      },
      (prev, e) => ledgerEntryHash(prev, canonicalLedgerEntry(e)),
      LEDGER_CHAIN_GENESIS,
    );
  }

  /** A case of the organisation: its Appointment or Composition (one id for both, and for the case document). */
  private async caseExists(orgId: string, caseId: string): Promise<boolean> {
    for (const type of ['Appointment', 'Composition'] as const)
      if ((await this.deps.resources.read(orgId, type, caseId))?.resource != null) return true;
    return false;
  }

  /** Names for the log (users and cases looked up once each). */
  private async views(orgId: string, entries: LedgerEntryRecord[]): Promise<LedgerEntryView[]> {
    const names = new Map<string, string>();
    const name = async (userId: string): Promise<string> => {
      let n = names.get(userId);
      if (n == null) {
        n = (await this.deps.accounts.userById(userId))?.name ?? userId;
        names.set(userId, n);
      }
      return n;
    };
    const cases = new Map<string, LedgerCaseView>();
    const caseOf = async (caseId: string | null): Promise<LedgerCaseView | null> => {
      if (caseId == null) return null;
      let c = cases.get(caseId);
      if (c == null) {
        c = await this.caseView(orgId, caseId);
        cases.set(caseId, c);
      }
      return c;
    };
    const inventories = new Map((await this.deps.inventories.inventories(orgId)).map((i) => [i.id, i.name]));
    const out: LedgerEntryView[] = [];
    for (const e of entries)
      out.push({
        ...e,
        inventoryName: inventories.get(e.inventoryId) ?? e.inventoryId,
        userName: await name(e.userId),
        witnessName: e.witnessId == null ? null : await name(e.witnessId),
        case: await caseOf(e.caseId),
      });
    return out;
  }

  /**
   * A case as the log names it, read in `orgId` only (the resource store answers nothing of
   * another organisation): its Appointment's patient, start and description, else its
   * Composition's subject and date.
   */
  private async caseView(orgId: string, caseId: string): Promise<LedgerCaseView> {
    const read = async <T>(type: 'Appointment' | 'Composition' | 'Patient', id: string): Promise<T | null> => {
      const stored = await this.deps.resources.read(orgId, type, id);
      return stored == null || stored.deleted ? null : ((stored.resource as T | null) ?? null);
    };
    const patientName = async (patientId: string | null): Promise<string | null> => {
      const patient = patientId == null ? null : await read<Patient>('Patient', patientId);
      return (patient && patientDisplayName(patient)) || null;
    };
    const time = (iso: string | undefined): number | null => {
      const t = iso == null ? Number.NaN : Date.parse(iso);
      return Number.isFinite(t) ? t : null;
    };
    const appointment = await read<Appointment>('Appointment', caseId);
    if (appointment)
      return {
        id: caseId,
        patientName: await patientName(appointmentActorId(appointment, 'Patient')),
        start: time(appointment.start),
        procedure: appointment.description?.trim() || null,
      };
    const composition = await read<Composition>('Composition', caseId);
    return {
      id: caseId,
      patientName: composition ? await patientName(referenceId(composition.subject, 'Patient')) : null,
      start: time(composition?.date),
      procedure: null,
    };
  }

  private async lotViews(orgId: string, inventoryId?: string): Promise<LotView[]> {
    const today = dateOf(this.deps.now());
    const lots = await this.deps.inventories.lots(orgId, inventoryId);
    const entries = await this.deps.inventories.movements(orgId, inventoryId);
    return lots.map((l) => ({
      ...l,
      balance: lotBalance(entries.filter((e) => e.lotId === l.id)),
      expired: isLotExpired(l.expiry, today),
      expiringSoon: isLotExpiringSoon(l.expiry, today),
    }));
  }

  /**
   * The witness of a waste or a correction, by their own email and password checked here: a
   * member of the organisation other than the caller, whose sign-in is not locked. Every failure
   * is the one answer WITNESS_INVALID (issue 35 item 6: which part was wrong is never said), and
   * membership is decided before the password, a dummy hash checked for a non-member so the
   * answer takes as long. After WITNESS_FAILURES_ALLOWED failures in WITNESS_WINDOW_MS by the
   * caller, or against the witness account by anyone, the attempt is refused TOO_MANY_REQUESTS.
   * The caller's own email is WITNESS_SAME_USER (they know their own address).
   */
  private async witness(orgId: string, who: SignedInCaller, w: { email: string; password: string }): Promise<string> {
    const now = this.deps.now();
    const email = normalizeEmail(w.email);
    if (email === normalizeEmail(who.user.email)) refuse('WITNESS_SAME_USER');
    const callerKey = `witness:user:${who.user.id}`;
    const targetKey = `witness:email:${email}`;
    const release = await this.witnessLimit.runExclusive(async () => {
      const since = now - WITNESS_WINDOW_MS;
      const byCaller =
        (await this.deps.audit.count('ledgerWitnessFailed', since, { userId: who.user.id })) +
        this.witnessInFlight.count(callerKey);
      const byTarget =
        (await this.deps.audit.count('ledgerWitnessFailed', since, { email })) + this.witnessInFlight.count(targetKey);
      return byCaller >= WITNESS_FAILURES_ALLOWED || byTarget >= WITNESS_FAILURES_ALLOWED
        ? null
        : this.witnessInFlight.hold([callerKey, targetKey]);
    });
    if (!release) refuse('TOO_MANY_REQUESTS');
    try {
      const user = await this.deps.accounts.userByEmail(email);
      const member = user != null && (await this.deps.orgs.members(orgId)).some((m) => m.userId === user.id);
      // An account locked out of sign-in (too many wrong passwords) cannot witness either.
      const locked =
        member &&
        (await this.deps.audit.count('signInFailed', now - AUTH_LIMITS.signInWindowMs, { email })) >=
          AUTH_LIMITS.signInFailuresPerAccount;
      const ok = await verifyPassword(member && !locked ? user.password_hash : null, w.password);
      if (!user || !member || locked || !ok) {
        // Written before the place is given back, so the limit never loses sight of this failure:
        // by the caller (userId) and against the witness account (email).
        await this.deps.audit.record(
          now,
          { ip: null, userAgent: null },
          {
            action: 'ledgerWitnessFailed',
            outcome: 'failure',
            userId: who.user.id,
            email,
            detail: { orgId, callerEmail: who.user.email },
          },
        );
        refuse('WITNESS_INVALID');
      }
      return user.id;
    } finally {
      release();
    }
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
