import { afterCommit, inTransaction, runTransaction, type TransactionHooks } from '../resources/transactions.js';
import { matchesFilter } from './filter.js';
import type { Change, ChangeBus, ChangeDetail, ChangeFilter, ChangeStore, NewChange } from './types.js';

interface State {
  rows: Change[];
  seq: number;
  cursors: Map<string, number>;
}

const copy = <T>(value: T): T => structuredClone(value);

/**
 * The in-memory feed: the reference implementation of the contract, and the memory "database"
 * other memory stores enlist in (MemoryResourceStore) so their writes and the feed's appends
 * commit or roll back together, as tables of one SQLite database do.
 */
export class MemoryChangeStore implements ChangeStore {
  private state: State = { rows: [], seq: 0, cursors: new Map() };
  private readonly saved: State[] = [];
  private readonly participants: TransactionHooks[] = [];
  private readonly hooks: TransactionHooks = {
    begin: () =>
      this.each(
        (h) => h.begin(),
        () => this.saved.push(this.snapshot()),
      ),
    commit: () =>
      this.each(
        (h) => h.commit(),
        () => void this.saved.pop(),
      ),
    rollback: () =>
      this.each(
        (h) => h.rollback(),
        () => this.restore(),
      ),
    savepoint: (name) =>
      this.each(
        (h) => h.savepoint(name),
        () => this.saved.push(this.snapshot()),
      ),
    release: (name) =>
      this.each(
        (h) => h.release(name),
        () => void this.saved.pop(),
      ),
    rollbackTo: (name) =>
      this.each(
        (h) => h.rollbackTo(name),
        () => {
          this.restore();
          this.saved.push(this.snapshot());
        },
      ),
  };

  constructor(private readonly bus?: ChangeBus) {}

  /** Another memory store joins this one's transactions (its hooks run with the feed's). */
  enlist(hooks: TransactionHooks): void {
    this.participants.push(hooks);
  }

  private each(participant: (h: TransactionHooks) => void, own: () => void): void {
    own();
    for (const h of this.participants) participant(h);
  }

  private snapshot(): State {
    return { rows: [...this.state.rows], seq: this.state.seq, cursors: new Map(this.state.cursors) };
  }

  private restore(): void {
    const before = this.saved.pop();
    if (before) this.state = before;
  }

  append(change: NewChange, detail: ChangeDetail = {}): Promise<Change> {
    if (!inTransaction(this)) return Promise.reject(new Error('a change is appended inside a transaction only'));
    this.state.seq += 1;
    const recorded = { ...copy(change), seq: this.state.seq };
    this.state.rows.push(recorded);
    const bus = this.bus;
    if (bus) afterCommit(() => bus.publish({ change: copy(recorded), detail }));
    return Promise.resolve(copy(recorded));
  }

  read(afterSeq: number, limit: number, filter: ChangeFilter = {}): Promise<Change[]> {
    const rows = this.state.rows.filter((c) => c.seq > afterSeq && matchesFilter(c, filter)).slice(0, limit);
    return Promise.resolve(copy(rows));
  }

  lastSeq(): Promise<number> {
    return Promise.resolve(this.state.seq);
  }

  cursor(consumer: string): Promise<number> {
    return Promise.resolve(this.state.cursors.get(consumer) ?? 0);
  }

  advance(consumer: string, seq: number): Promise<void> {
    this.state.cursors.set(consumer, Math.max(seq, this.state.cursors.get(consumer) ?? 0));
    return Promise.resolve();
  }

  prune(before: number): Promise<number> {
    // As SQLite's: everything before the first change at or after `before`.
    const first = this.state.rows.findIndex((c) => c.at >= before);
    const kept = first < 0 ? [] : this.state.rows.slice(first);
    const pruned = this.state.rows.length - kept.length;
    this.state.rows = kept;
    return Promise.resolve(pruned);
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return runTransaction(this, this.hooks, fn);
  }
}
