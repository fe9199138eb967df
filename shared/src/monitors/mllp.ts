import { errorIssue, warningIssue, type Issue } from '../case-data/issue.js';
import { latin1Bytes, latin1Text } from './lines.js';

/*
 * MLLP, the Minimal Lower Layer Protocol HL7 v2 messages travel in over TCP (HL7 v2.5.1
 * Implementation Guide: Transport Specification, MLLP Release 2, cited in docs/decisions.md):
 * a message is the bytes between a start block 0x0B and an end block 0x1C 0x0D.
 */

export const MLLP_START = 0x0b;
export const MLLP_END = 0x1c;
export const MLLP_CARRIAGE_RETURN = 0x0d;
/** [MON8] The largest message kept, in bytes; a larger one is dropped. */
export const MLLP_MAX_MESSAGE_BYTES = 1024 * 1024;

/** [MON8] One message in its MLLP envelope (text read and written as Latin-1, a superset of HL7's default ASCII). */
export function mllpEncode(message: string): Uint8Array {
  const body = latin1Bytes(message);
  const out = new Uint8Array(body.length + 3);
  out[0] = MLLP_START;
  out.set(body, 1);
  out[body.length + 1] = MLLP_END;
  out[body.length + 2] = MLLP_CARRIAGE_RETURN;
  return out;
}

/** One message taken out of its envelope, with the stream offset of its start block. */
export interface MllpMessage {
  readonly text: string;
  readonly offset: number;
}

type State = 'outside' | 'inside' | 'afterEnd' | 'dropping';

/**
 * [MON8] An MLLP decoder across pushes. Bytes outside a frame (noise, a sender's stray line
 * ends are not) are skipped with one warning per run [MON4]; a start block inside a frame
 * abandons the unfinished one (error); an end block not followed by CR still ends the frame
 * (warning); a frame past the bound is dropped (error). Nothing is thrown.
 */
export class MllpDecoder {
  private state: State = 'outside';
  private body: number[] = [];
  private start = 0;
  private offset = 0;
  private garbageAt: number | null = null;

  push(chunk: Uint8Array): { messages: MllpMessage[]; issues: Issue[] } {
    const messages: MllpMessage[] = [];
    const issues: Issue[] = [];
    for (const byte of chunk) this.step(byte, this.offset++, messages, issues);
    return { messages, issues };
  }

  private step(byte: number, at: number, messages: MllpMessage[], issues: Issue[]): void {
    if (this.state === 'afterEnd') {
      this.state = 'outside';
      if (byte === MLLP_CARRIAGE_RETURN) return;
      issues.push(
        warningIssue('MLLP_END_WITHOUT_CR', 'An MLLP end block was not followed by a carriage return.', ['byte', at]),
      );
    }
    if (byte === MLLP_START) {
      if (this.state === 'inside')
        issues.push(
          errorIssue('MLLP_UNTERMINATED', 'A message without its end block was dropped.', ['byte', this.start]),
        );
      this.flushGarbage(issues);
      this.state = 'inside';
      this.body = [];
      this.start = at;
      return;
    }
    if (this.state === 'inside') {
      if (byte === MLLP_END) {
        // The message is complete at its end block: a sender waiting for its ACK may send nothing more.
        messages.push({ text: latin1Text(Uint8Array.from(this.body)), offset: this.start });
        this.body = [];
        this.state = 'afterEnd';
        return;
      }
      this.body.push(byte);
      if (this.body.length > MLLP_MAX_MESSAGE_BYTES) {
        issues.push(errorIssue('MLLP_TOO_LONG', 'A message too long to keep was dropped.', ['byte', this.start]));
        this.body = [];
        this.state = 'dropping';
      }
      return;
    }
    if (this.state === 'outside' && this.garbageAt == null && !isLineSpace(byte)) this.garbageAt = at;
  }

  private flushGarbage(issues: Issue[]): void {
    if (this.garbageAt == null) return;
    issues.push(warningIssue('MONITOR_GARBAGE', 'Skipped bytes outside an MLLP frame.', ['byte', this.garbageAt]));
    this.garbageAt = null;
  }

  /**
   * The end of a byte stream (a connection closed): an end block without its CR, an unfinished
   * frame and trailing noise are reported.
   */
  end(): { messages: MllpMessage[]; issues: Issue[] } {
    const messages: MllpMessage[] = [];
    const issues: Issue[] = [];
    // Messages are all given at their end block; `messages` stays empty, kept for the push shape.
    if (this.state === 'afterEnd') {
      issues.push(
        warningIssue('MLLP_END_WITHOUT_CR', 'An MLLP end block was not followed by a carriage return.', [
          'byte',
          this.offset,
        ]),
      );
    }
    if (this.state === 'inside')
      issues.push(
        errorIssue('MLLP_UNTERMINATED', 'A message without its end block was dropped.', ['byte', this.start]),
      );
    this.flushGarbage(issues);
    this.state = 'outside';
    this.body = [];
    return { messages, issues };
  }
}

/** CR, LF, space and tab between frames are not noise. */
function isLineSpace(byte: number): boolean {
  return byte === 0x0d || byte === 0x0a || byte === 0x20 || byte === 0x09;
}
