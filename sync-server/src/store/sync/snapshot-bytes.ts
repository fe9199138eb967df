import { promisify } from 'node:util';
import { deflateRaw, inflateRawSync } from 'node:zlib';

/*
 * How a snapshot's bytes are stored (sync_snapshots.compression, migration 226): NULL for the
 * encoded document as it is (SQLite's, and every snapshot written before), 'deflate-raw' for the
 * same deflated (PostgreSQL's since session 40). node-pg hands a bytea over as hex text, two
 * characters a byte, turned into a string and back into bytes on the event loop: a 4-hour case's
 * 440 KB snapshot took 3.0 ms to read, its 100 KB deflated form 1.1 ms with the inflation.
 * Node's zlib rather than the fflate of sync/messages.ts (`inflateCapped`, for what clients send):
 * native, it inflates that snapshot in 0.77 ms against fflate's 1.47 ms.
 */

export const SNAPSHOT_DEFLATED = 'deflate-raw';

/** The most a stored snapshot may inflate to: far above any document the rooms accept (8 MiB), a guard against a corrupt row. */
const MAX_SNAPSHOT_BYTES = 256 * 1024 * 1024;

const deflate = promisify(deflateRaw);

/** A snapshot deflated for storage, off the event loop (zlib's thread pool); level 1, the fastest (440 → 100 KB). */
export async function deflateSnapshot(snapshot: Uint8Array): Promise<Buffer> {
  return deflate(snapshot, { level: 1 });
}

/**
 * A stored snapshot's encoded document, as bytes the caller may keep and change (both drivers
 * read a row into fresh buffers): the row's own, or inflated here, synchronously (0.6 ms for a
 * 4-hour case: less than the hex text it saves, and no hop to the thread pool in the middle of a
 * first sync).
 */
export function snapshotOf(data: Buffer, compression: string | null): Uint8Array {
  if (compression !== null && compression !== SNAPSHOT_DEFLATED) {
    throw new Error(`unknown snapshot compression ${compression}`);
  }
  const bytes = compression === null ? data : inflateRawSync(data, { maxOutputLength: MAX_SNAPSHOT_BYTES });
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
