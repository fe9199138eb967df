import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { BridgeReading } from './types.js';

/*
 * The bridge's disk buffer (issue 38: "while the bridge cannot reach the server it buffers
 * readings on disk and sends them later with their original times"). An append-only file of one
 * JSON reading a line (`readings.log`), each reading with its id and time fixed when it is
 * written, and a cursor file (`readings.cursor`, replaced atomically) holding the byte offset of
 * the first reading the server has not taken. A reading is on disk before it is sent; the cursor
 * moves only after the server answered. A process killed between the two sends the same readings
 * again, which the server takes once (their ids). Once everything was taken and the log is
 * large, both start again empty.
 */

const LOG = 'readings.log';
const CURSOR = 'readings.cursor';
/** The log starts again once fully taken and larger than this. */
const RESTART_AFTER_BYTES = 1024 * 1024;

export class DiskBuffer {
  private readonly logPath: string;
  private readonly cursorPath: string;
  /** The readings not taken yet, in order, each with the byte offset just after its line. */
  private pending: { reading: BridgeReading; end: number }[] = [];
  private size = 0;

  constructor(dir: string) {
    this.logPath = path.join(dir, LOG);
    this.cursorPath = path.join(dir, CURSOR);
    this.load();
  }

  /** How many readings wait to be sent. */
  get length(): number {
    return this.pending.length;
  }

  /** Writes a reading at the end of the log (synced to disk) before anything sends it. */
  append(reading: BridgeReading): void {
    const line = Buffer.from(`${JSON.stringify(reading)}\n`, 'utf8');
    const fd = openSync(this.logPath, 'a');
    try {
      writeSync(fd, line);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    this.size += line.length;
    this.pending.push({ reading, end: this.size });
  }

  /** The oldest readings not taken, at most `max`, in the order written. */
  peek(max: number): BridgeReading[] {
    return this.pending.slice(0, max).map((p) => p.reading);
  }

  /** The server took the first `count` readings: the cursor moves past them. */
  taken(count: number): void {
    if (count <= 0) return;
    const last = this.pending[Math.min(count, this.pending.length) - 1]!;
    this.pending = this.pending.slice(count);
    if (this.pending.length === 0 && this.size > RESTART_AFTER_BYTES) {
      writeFileSync(this.logPath, '');
      this.size = 0;
      this.writeCursor(0);
      return;
    }
    this.writeCursor(last.end);
  }

  private writeCursor(offset: number): void {
    const tmp = `${this.cursorPath}.tmp`;
    writeFileSync(tmp, String(offset));
    renameSync(tmp, this.cursorPath);
  }

  private load(): void {
    if (!existsSync(this.logPath)) {
      this.size = 0;
      return;
    }
    const bytes = readFileSync(this.logPath);
    this.size = statSync(this.logPath).size;
    const cursor = existsSync(this.cursorPath) ? Number(readFileSync(this.cursorPath, 'utf8')) || 0 : 0;
    let start = Math.min(cursor, bytes.length);
    while (start < bytes.length) {
      const nl = bytes.indexOf(0x0a, start);
      // A line cut by a crash while it was written has no newline: it was never sent, and is dropped.
      if (nl < 0) break;
      const text = bytes.subarray(start, nl).toString('utf8');
      start = nl + 1;
      try {
        this.pending.push({ reading: JSON.parse(text) as BridgeReading, end: start });
      } catch {
        // An unreadable line (a torn write) is skipped; the ones after it are kept.
      }
    }
  }
}
