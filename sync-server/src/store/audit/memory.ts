import { MemoryDatabase } from '../memory/database.js';
import type { StoredVersion } from '../resources/types.js';
import type {
  AuditCountBy,
  AuditLink,
  AuditRecord,
  AuditSource,
  AuditStore,
  ChainHead,
  UnsealedRecord,
} from './types.js';

interface Tables {
  /** The account/organisation trail, append-only; a record's row is its place in it (from 1). */
  events: AuditRecord[];
  /** The hash chain, append-only. */
  chain: AuditLink[];
  /** The head anchor: it only grows, with every seal that added links. */
  anchor: ChainHead;
}

/** A record of one source as the chain seals it: its row and its content. */
interface SourceRecord {
  row: number;
  content: string;
}

const SOURCES: readonly AuditSource[] = ['audit_events', 'AuditEvent', 'AuditEvent_history'];

/** The sealed content of a FHIR AuditEvent version, the columns the SQLite store seals, in order. */
const fhirContent = (v: StoredVersion): string =>
  JSON.stringify([
    v.orgId,
    v.id,
    Number(v.versionId),
    v.lastUpdated,
    v.deleted ? 1 : 0,
    v.resource === null ? null : JSON.stringify(v.resource),
  ]);

/** Whether an event counts toward a limit by `by` (as SqliteAuditStore's auditCountColumn). */
function countedBy(e: AuditRecord, by: AuditCountBy): boolean {
  if ('email' in by) return e.email === by.email;
  if ('userId' in by) return e.userId === by.userId;
  if ('orgId' in by) return e.detail !== null && (JSON.parse(e.detail) as { orgId?: unknown }).orgId === by.orgId;
  return e.ip === by.ip;
}

/**
 * The audit trail and its hash chain in memory: the second implementation of the contract
 * (issue 36). The FHIR AuditEvents live in the resource store: `auditEventVersions` answers every
 * stored version of every AuditEvent in the order written (what the memory resource store holds);
 * an AuditEvent's row is its first version's place among them, a history row its version's place.
 */
export class MemoryAuditStore implements AuditStore {
  private readonly tables;

  constructor(
    private readonly db = new MemoryDatabase(),
    private readonly auditEventVersions: () => readonly StoredVersion[] = () => [],
  ) {
    this.tables = db.table<Tables>({ events: [], chain: [], anchor: { length: 0, head: '' } });
  }

  append(r: AuditRecord): Promise<void> {
    return this.db.run(() => void this.tables.value.events.push(structuredClone(r)));
  }

  count(action: string, since: number, by: AuditCountBy): Promise<number> {
    return this.db.run(
      () => this.tables.value.events.filter((e) => e.action === action && e.at > since && countedBy(e, by)).length,
    );
  }

  seal(now: number, link: (prevHash: string, record: UnsealedRecord) => string, genesis: string): Promise<number> {
    return this.db.run(() => {
      const t = this.tables.value;
      let prev = t.chain.at(-1)?.hash ?? genesis;
      // Every link is made before any is kept: a `link` that throws leaves the chain as it was.
      const added: AuditLink[] = [];
      for (const source of SOURCES) {
        for (const r of this.after(source, this.lastSealed(source))) {
          const hash = link(prev, { source, row: r.row, content: r.content });
          added.push({ seq: t.chain.length + added.length + 1, source, sourceRow: r.row, prevHash: prev, hash });
          prev = hash;
        }
      }
      if (added.length > 0) {
        t.chain.push(...added);
        t.anchor = { length: t.chain.length, head: prev };
      }
      return added.length;
    });
  }

  links(): Promise<AuditLink[]> {
    return this.db.run(() => structuredClone(this.tables.value.chain));
  }

  anchor(): Promise<ChainHead | null> {
    return this.db.run(() => ({ ...this.tables.value.anchor }));
  }

  content(source: AuditSource, row: number): Promise<string | null> {
    return this.db.run(() => this.records(source).find((r) => r.row === row)?.content ?? null);
  }

  unsealed(): Promise<number> {
    return this.db.run(() => SOURCES.reduce((n, s) => n + this.after(s, this.lastSealed(s)).length, 0));
  }

  private lastSealed(source: AuditSource): number {
    return this.tables.value.chain.reduce((n, l) => (l.source === source ? Math.max(n, l.sourceRow) : n), 0);
  }

  private after(source: AuditSource, row: number): SourceRecord[] {
    return this.records(source).filter((r) => r.row > row);
  }

  /** A source's records in row order, with their content as it is now. */
  private records(source: AuditSource): SourceRecord[] {
    if (source === 'audit_events')
      return this.tables.value.events.map((e, i) => ({
        row: i + 1,
        content: JSON.stringify([i + 1, e.at, e.userId, e.email, e.action, e.outcome, e.ip, e.userAgent, e.detail]),
      }));
    const versions = this.auditEventVersions();
    if (source === 'AuditEvent_history') return versions.map((v, i) => ({ row: i + 1, content: fhirContent(v) }));
    // One row per AuditEvent, at its first version's place, holding its current version.
    const current = new Map<string, SourceRecord>();
    versions.forEach((v, i) => {
      const key = JSON.stringify([v.orgId, v.id]);
      current.set(key, { row: current.get(key)?.row ?? i + 1, content: fhirContent(v) });
    });
    return [...current.values()].sort((a, b) => a.row - b.row);
  }
}
