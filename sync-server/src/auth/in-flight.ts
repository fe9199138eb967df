/**
 * Attempts that passed a rate limit and are still running (issue 24 item 4). A limit counts what
 * the audit table already holds plus what is in flight, and an attempt takes its place in the same
 * synchronous stretch as that check, before any `await` (argon2, the bot check, mail). Node runs
 * that stretch without interleaving other requests, so 200 parallel sign-ins cannot all read the
 * count before any of them has been recorded. When the attempt ends its place is given back: by
 * then a failure has been written to the audit table, where the limit keeps counting it.
 *
 * One process holds its own attempts; the server is one process over one SQLite file.
 */
export class InFlight {
  private readonly counts = new Map<string, number>();

  /** Attempts under a key that have not finished yet. */
  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  /** Takes one place under each key; the returned function gives them back (calling it again does nothing). */
  hold(keys: readonly string[]): () => void {
    for (const key of keys) this.counts.set(key, this.count(key) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of keys) {
        const left = this.count(key) - 1;
        if (left > 0) this.counts.set(key, left);
        else this.counts.delete(key);
      }
    };
  }
}
