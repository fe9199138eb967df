import { auditEventFor, idPrefixOf, newId, ORG_TAG_SYSTEM, type AuditInteraction } from '@vigil/shared';
import type { AuditAction, AuditLog } from '../auth/audit.js';
import type { OrgAuditEvent, OrgStore } from '../store/orgs/types.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { Caller } from './caller.js';

/*
 * Audit as part of the request pipeline (issue 36 item 2). A service method that changes an
 * organisation's configuration or reads patient data says what it did by returning its value
 * `recorded(value, …entries)`; where the services are built, `audited(service, declarations,
 * sinks)` wraps the methods declared 'configuration' or 'phiRead' and writes those entries
 * through the one writer below, with the caller (its first argument) as who and from where. A
 * configuration change runs in one transaction with its records, so a change that fails or is
 * refused leaves no record and a record never outlives a rolled-back change. A service whose
 * record belongs to one step of a method rather than to the whole of it (the FHIR write path,
 * whose AuditEvent commits in the transaction it opens after its checks; the health history's
 * tracking events) records through an `auditTrail(sinks)`: the same entries, the same writer. No
 * service writes an audit record itself (access/audited.test.ts holds it).
 */

/** What a declared method is: a change of configuration (records required) or a read of patient data. */
export type AuditDeclaration = 'configuration' | 'phiRead';

/** One audit record, on the trail it belongs to. */
export type AuditEntry =
  /** The organisation's trail (policies, forms, inventories, BAA…): who changed what there. */
  | { trail: 'organisation'; action: OrgAuditEvent['action']; detail: Record<string, unknown> }
  /** The account trail (hash-chained with it): a read of signed reports or of the ledger naming patients. */
  | { trail: 'account'; action: AuditAction; detail: Record<string, unknown> }
  /** A FHIR AuditEvent of the organisation (a read of patient data as FHIR records it). */
  | {
      trail: 'fhir';
      orgId: string;
      interaction: AuditInteraction;
      entities: readonly string[];
      description?: string;
      /** Who read, when not the caller's user (a shared link's anonymous holder). */
      userId?: string;
    };

/** A declared method's answer: its value and what it records. */
export class Recorded<T> {
  constructor(
    readonly value: T,
    readonly entries: readonly AuditEntry[],
    /** A step the wrapper runs once the change and its records committed (see afterCommit). */
    readonly committed?: () => Promise<void>,
  ) {}

  /**
   * The same answer, with a step the wrapper runs after the change and its records committed,
   * never inside their transaction and never after a rollback: what follows a change outside the
   * database (a signed case's room opened again for writes).
   */
  afterCommit(step: () => Promise<void>): Recorded<T> {
    return new Recorded(this.value, this.entries, step);
  }
}

/** The value of an audited method with its audit records (written by the wrapper, not here). */
export function recorded<T>(value: T, ...entries: AuditEntry[]): Recorded<T> {
  return new Recorded(value, entries);
}

/** Where the records go, and the transaction a change and its records commit in. */
export interface AuditSinks {
  orgs?: Pick<OrgStore, 'audit'>;
  accounts?: Pick<AuditLog, 'record'>;
  resources?: Pick<ResourceStore, 'write'>;
  /** One transaction on the database the records and the change live in (ChangeStore.transaction). */
  transaction?: <T>(fn: () => Promise<T>) => Promise<T>;
  now: () => number;
}

type Unwrapped<M> = M extends (...args: infer A) => Promise<Recorded<infer R>> ? (...args: A) => Promise<R> : M;

/** A service with its declared methods answering their plain values. */
export type Audited<S, K extends keyof S> = Omit<S, K> & { [P in K]: Unwrapped<S[P]> };

/** A method that may be declared: its first argument is the Caller, it answers `recorded(…)`. */
type AuditableKeys<S> = {
  [P in keyof S]: S[P] extends (caller: Caller, ...rest: never[]) => Promise<Recorded<unknown>> ? P : never;
}[keyof S];

const isCaller = (value: unknown): value is Caller =>
  typeof value === 'object' && value !== null && 'transport' in value && 'subject' in value;

/**
 * Who records when a service holds a request context rather than a Caller: the user and address
 * of the FhirService's RequestContext (fhir/service.ts), which the flows writing through it build
 * from their Caller.
 */
export interface Actor {
  userId: string;
  ip: string | null;
}

/**
 * Writes one call's records, as the caller's (or the actor's). The one place the services' audit
 * records are written, and the one place a FHIR AuditEvent is built and stored (shared's
 * auditEventFor, tagged with its organisation, the server's own record; it joins the transaction
 * open around it, so a write and its AuditEvent commit together; AuditEvents are not in the
 * change feed, store/resources/feed.ts).
 */
export async function writeEntries(
  sinks: AuditSinks,
  who: Caller | Actor,
  entries: readonly AuditEntry[],
): Promise<void> {
  const at = sinks.now();
  const caller = isCaller(who) ? who : null;
  const meta = { ip: who.ip, userAgent: caller?.userAgent ?? null };
  const userId = caller ? (caller.user?.id ?? null) : (who as Actor).userId;
  for (const entry of entries) {
    if (entry.trail === 'organisation') {
      if (!sinks.orgs) throw new Error('no organisation audit trail to record on');
      if (!caller?.user) throw new Error('an organisation audit record needs a signed-in caller');
      await sinks.orgs.audit(
        { at, ...meta },
        { action: entry.action, userId: caller.user.id, email: caller.user.email, detail: entry.detail },
      );
    } else if (entry.trail === 'account') {
      if (!sinks.accounts) throw new Error('no account audit trail to record on');
      await sinks.accounts.record(at, meta, { action: entry.action, outcome: 'success', userId, detail: entry.detail });
    } else {
      if (!sinks.resources) throw new Error('no resource store to record AuditEvents in');
      const reader = entry.userId ?? userId;
      if (!reader) throw new Error('a FHIR AuditEvent needs a reader');
      const event = auditEventFor({
        orgId: entry.orgId,
        userId: reader,
        interaction: entry.interaction,
        entities: [...entry.entities],
        recorded: new Date(at).toISOString(),
        ip: who.ip,
        ...(entry.description ? { description: entry.description } : {}),
      });
      const tag = [{ system: ORG_TAG_SYSTEM, code: entry.orgId }];
      await sinks.resources.write(
        { orgId: entry.orgId, resource: { ...event, id: newId(idPrefixOf('AuditEvent')), meta: { tag } }, newId: true },
        event.recorded,
      );
    }
  }
}

/**
 * Audit for a step of a service rather than a whole method (see the top of this file). Each step
 * answers `recorded(value, …entries)`; the trail writes the entries through writeEntries as the
 * actor's and answers the value.
 */
export interface AuditTrail {
  /**
   * A change: the step and its records in one transaction (the sinks'; it joins one already open),
   * so a change and its records commit or roll back together; a step that throws records nothing.
   */
  change<T>(who: Caller | Actor, step: () => Promise<Recorded<T>>): Promise<T>;
  /** A read: the step, then its records (none when it throws, as a refused or missing read). */
  read<T>(who: Caller | Actor, step: () => Promise<Recorded<T>>): Promise<T>;
  /**
   * Records of something already done that has no step of its own here (a stream opened, a PDF
   * downloaded, a tracking event beside a change), in the transaction open around the call, if any.
   */
  record(who: Caller | Actor, entries: readonly AuditEntry[]): Promise<void>;
}

/** The step-level audit trail over the sinks (a change needs `transaction`). */
export function auditTrail(sinks: AuditSinks): AuditTrail {
  const run = async <T>(who: Caller | Actor, step: () => Promise<Recorded<T>>): Promise<T> => {
    const out = await step();
    if (!(out instanceof Recorded)) throw new Error('an audited step answered no record');
    await writeEntries(sinks, who, out.entries);
    return out.value;
  };
  return {
    change: async (who, step) => {
      if (!sinks.transaction) throw new Error('an audited change needs a transaction');
      return sinks.transaction(() => run(who, step));
    },
    read: run,
    record: (who, entries) => writeEntries(sinks, who, entries),
  };
}

/**
 * The service with its declared methods audited: each answers its value once its records are
 * written. A 'configuration' method must record something, and runs with its records in one
 * transaction when the sinks give one; a 'phiRead' may record nothing (a page naming no patient).
 * Other methods pass through unchanged.
 */
export function audited<S extends object, K extends AuditableKeys<S>>(
  service: S,
  declarations: Record<K, AuditDeclaration>,
  sinks: AuditSinks,
): Audited<S, K> {
  const declared = new Map<PropertyKey, AuditDeclaration>(Object.entries(declarations) as [K, AuditDeclaration][]);
  return new Proxy(service, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      const kind = declared.get(prop);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      if (!kind) return method.bind(target);
      return async (...args: unknown[]): Promise<unknown> => {
        const caller = args[0];
        if (!isCaller(caller)) throw new Error(`audited ${String(prop)}: its first argument is not a Caller`);
        const run = async (): Promise<Recorded<unknown>> => {
          const out = await method.apply(target, args);
          if (!(out instanceof Recorded)) throw new Error(`audited ${String(prop)} answered no record`);
          if (kind === 'configuration' && out.entries.length === 0) {
            throw new Error(`configuration change ${String(prop)} recorded nothing`);
          }
          await writeEntries(sinks, caller, out.entries);
          return out;
        };
        const out = await (kind === 'configuration' && sinks.transaction ? sinks.transaction(run) : run());
        await out.committed?.();
        return out.value;
      };
    },
  }) as unknown as Audited<S, K>;
}
