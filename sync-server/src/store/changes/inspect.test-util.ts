import type { Db } from '../sqlite/database.js';

/*
 * Session 24: what the change feed costs a write in I/O, for the benchmark
 * (scripts/bench/change-feed.ts). The server never calls it.
 */

/**
 * The pages the connection's commits wrote to the WAL while `work` ran: a write's I/O, the same
 * on a loaded machine as on a quiet one. Checkpoints the WAL first and holds automatic
 * checkpoints off meanwhile (restored after), so every page written is still there to count.
 */
export async function walPagesDuring(db: Db, work: () => Promise<void>): Promise<number> {
  const autocheckpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('wal_autocheckpoint = 0');
  try {
    await work();
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
    return result?.log ?? 0;
  } finally {
    db.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
  }
}
