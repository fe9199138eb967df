import { errorIssue, type Issue } from '../case-data/issue.js';

/*
 * The line framing the ASCII serial protocols share (Nonin real-time output, Masimo ASCII 1):
 * a frame is the bytes up to CR, LF or CR LF. Bytes are read as Latin-1, one character a byte,
 * so a wrong baud rate's noise stays visible on the test page. A "line" longer than the bound is
 * noise, not a frame: it is dropped up to the next line end [MON3].
 */

/** [MON3] The longest line kept, in bytes: a Masimo Radical-7 line is about 150. */
export const MAX_LINE_BYTES = 512;

/** One line, without its end, with the stream offset of its first byte. */
export interface Line {
  readonly text: string;
  readonly bytes: Uint8Array;
  readonly offset: number;
}

/** What one push of bytes gave, in stream order: finished lines, and overlong lines dropped (their first byte's offset). */
export type LineEvent =
  { readonly line: Line; readonly overflow?: undefined } | { readonly line?: undefined; readonly overflow: number };

const CR = 0x0d;
const LF = 0x0a;

/** Splits a byte stream into lines across pushes. */
export class LineSplitter {
  private buffer: number[] = [];
  private start = 0;
  private offset = 0;
  private discarding = false;

  constructor(private readonly maxBytes: number = MAX_LINE_BYTES) {}

  push(chunk: Uint8Array): LineEvent[] {
    const events: LineEvent[] = [];
    for (const byte of chunk) {
      const at = this.offset++;
      if (byte === CR || byte === LF) {
        if (!this.discarding && this.buffer.length > 0) events.push({ line: this.take() });
        this.discarding = false;
        this.buffer = [];
        continue;
      }
      if (this.discarding) continue;
      if (this.buffer.length === 0) this.start = at;
      this.buffer.push(byte);
      if (this.buffer.length > this.maxBytes) {
        events.push({ overflow: this.start });
        this.buffer = [];
        this.discarding = true;
      }
    }
    return events;
  }

  private take(): Line {
    const bytes = Uint8Array.from(this.buffer);
    return { text: latin1Text(bytes), bytes, offset: this.start };
  }
}

/** Text as bytes, one byte a character (Latin-1; characters past U+00FF become '?'). */
export function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = c <= 0xff ? c : 0x3f;
  }
  return out;
}

/** Bytes as text, one character a byte (Latin-1). */
export function latin1Text(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return s;
}

/** Whether a line is printable ASCII (tabs allowed): a line with other bytes is noise. */
export function isPrintableAscii(text: string): boolean {
  return /^[\x20-\x7e\t]*$/.test(text);
}

/** [MON3] The issue of an overlong line dropped at a stream offset. */
export function lineTooLong(offset: number): Issue {
  return errorIssue('MONITOR_LINE_TOO_LONG', 'A line too long to be a reading was dropped.', ['byte', offset]);
}
