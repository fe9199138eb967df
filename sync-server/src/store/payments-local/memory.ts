import { MemoryDatabase } from '../memory/database.js';
import type { LocalEvent, LocalObjectMeta, LocalPaymentKind, LocalPaymentStore } from './types.js';

interface StoredObject extends LocalObjectMeta {
  body: unknown;
  /** Insertion order: breaks a tie of `created`, as SQLite's rowid does. */
  seq: number;
}

interface StoredEvent extends LocalEvent {
  seq: number;
  nextAttemptAt: number;
  deliveredAt: number | null;
}

interface State {
  objects: StoredObject[];
  events: StoredEvent[];
  offset: number;
}

const newestFirst = (a: StoredObject, b: StoredObject): number => b.created - a.created || b.seq - a.seq;

/** The local payment provider's state in memory: the second implementation of the contract. */
export class MemoryLocalPaymentStore implements LocalPaymentStore {
  private readonly state;

  constructor(private readonly db = new MemoryDatabase()) {
    this.state = db.table<State>({ objects: [], events: [], offset: 0 });
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  get<T>(kind: LocalPaymentKind, id: string): Promise<T | null> {
    return this.db.run(() => {
      const found = this.state.value.objects.find((o) => o.kind === kind && o.id === id);
      return found ? (structuredClone(found.body) as T) : null;
    });
  }

  put(meta: LocalObjectMeta, body: unknown): Promise<void> {
    return this.db.run(() => {
      const objects = this.state.value.objects;
      const found = objects.find((o) => o.kind === meta.kind && o.id === meta.id);
      if (found) Object.assign(found, { body: structuredClone(body), customerId: meta.customerId });
      else objects.push({ ...meta, body: structuredClone(body), seq: (objects.at(-1)?.seq ?? 0) + 1 });
    });
  }

  list<T>(
    kind: LocalPaymentKind,
    query: { customerId?: string; limit: number; startingAfter?: string },
  ): Promise<{ items: T[]; hasMore: boolean }> {
    return this.db.run(() => {
      let rows = this.state.value.objects
        .filter((o) => o.kind === kind && (query.customerId === undefined || o.customerId === query.customerId))
        .sort(newestFirst);
      if (query.startingAfter !== undefined) {
        const at = rows.findIndex((o) => o.id === query.startingAfter);
        rows = at < 0 ? [] : rows.slice(at + 1);
      }
      return {
        items: rows.slice(0, query.limit).map((o) => structuredClone(o.body) as T),
        hasMore: rows.length > query.limit,
      };
    });
  }

  queueEvent(event: { id: string; created: number; body: string }): Promise<void> {
    return this.db.run(() => {
      const events = this.state.value.events;
      if (events.some((e) => e.id === event.id)) return;
      const seq = (events.at(-1)?.seq ?? 0) + 1;
      events.push({
        id: event.id,
        body: event.body,
        attempts: 0,
        seq,
        nextAttemptAt: event.created,
        deliveredAt: null,
      });
    });
  }

  dueEvents(now: number, limit: number): Promise<LocalEvent[]> {
    return this.db.run(() =>
      this.state.value.events
        .filter((e) => e.deliveredAt === null && e.nextAttemptAt <= now)
        .slice(0, limit)
        .map(({ id, body, attempts }) => ({ id, body, attempts })),
    );
  }

  markDelivered(id: string, at: number): Promise<void> {
    return this.db.run(() => {
      const event = this.state.value.events.find((e) => e.id === id);
      if (event) Object.assign(event, { deliveredAt: at, attempts: event.attempts + 1 });
    });
  }

  markFailed(id: string, nextAttemptAt: number): Promise<void> {
    return this.db.run(() => {
      const event = this.state.value.events.find((e) => e.id === id);
      if (event) Object.assign(event, { nextAttemptAt, attempts: event.attempts + 1 });
    });
  }

  clockOffset(): Promise<number> {
    return this.db.run(() => this.state.value.offset);
  }

  setClockOffset(ms: number): Promise<void> {
    return this.db.run(() => {
      this.state.value.offset = ms;
    });
  }
}
