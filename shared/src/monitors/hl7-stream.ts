import { hasErrors, type Issue } from '../case-data/issue.js';
import { buildHl7Ack, parseHl7 } from './hl7.js';
import { MllpDecoder, type MllpMessage } from './mllp.js';
import { readPcd01 } from './pcd01.js';
import { readPcd01Waveforms, type WaveformSamples } from './waveforms.js';
import { emptyOutput, printableText, type MonitorStreamParser, type ParseOutput } from './types.js';
import { latin1Bytes } from './lines.js';

/** What one push of an HL7 listener's bytes gave: readings, and the ACK each message needs, in order. */
export interface Hl7ParseOutput extends ParseOutput {
  /** [MON12] One acknowledgement per message taken out of its frame, unframed (send each with mllpEncode). */
  readonly acks: string[];
}

/** The parser of one HL7 connection: its pushes also give the ACKs to send back. */
export interface Hl7StreamParser extends MonitorStreamParser {
  push(chunk: Uint8Array, receivedAt: number): Hl7ParseOutput;
  /** The connection closed: a frame it cut off is reported. */
  end(receivedAt: number): Hl7ParseOutput;
}

/** [MON12] AA when a message was read with no error; AE with the first error's message otherwise. */
export function readHl7Message(text: string, receivedAt: number): { output: ParseOutput; ack: string } {
  const out = emptyOutput();
  const waveforms: WaveformSamples[] = [];
  out.frames.push({ protocol: 'hl7', text: printableText(latin1Bytes(text)), receivedAt });
  const { message, issues } = parseHl7(text);
  const all: Issue[] = [...issues];
  if (message) {
    const read = readPcd01(message, receivedAt);
    all.push(...read.issues);
    if (read.reading) out.readings.push(read.reading);
    const waves = readPcd01Waveforms(message, receivedAt);
    all.push(...waves.issues);
    if (waves.waveforms.length > 0) {
      waveforms.push(...waves.waveforms);
      // A message of waveforms only is no message without vitals.
      all.splice(0, all.length, ...all.filter((i) => i.code !== 'HL7_NO_VITALS'));
    }
  }
  out.issues.push(...all);
  const error = all.find((i) => i.severity === 'error');
  const ack = hasErrors(all)
    ? buildHl7Ack(message, { code: 'AE', text: error?.message ?? '', now: receivedAt })
    : buildHl7Ack(message, { code: 'AA', now: receivedAt });
  return { output: waveforms.length > 0 ? { ...out, waveforms } : out, ack };
}

/**
 * [MON8] [MON10] A stream parser of an HL7 connection: MLLP frames, each an ORU^R01 (IHE PCD-01)
 * read into a reading and answered by an ACK. One parser per TCP connection.
 */
export function createHl7Parser(): Hl7StreamParser {
  const mllp = new MllpDecoder();
  const take = (decoded: { messages: MllpMessage[]; issues: Issue[] }, receivedAt: number): Hl7ParseOutput => {
    const out = { ...emptyOutput(), acks: [] as string[] };
    const waveforms: WaveformSamples[] = [];
    out.issues.push(...decoded.issues);
    for (const m of decoded.messages) {
      const { output, ack } = readHl7Message(m.text, receivedAt);
      out.frames.push(...output.frames);
      out.readings.push(...output.readings);
      out.issues.push(...output.issues.map((i) => ({ ...i, path: ['byte', m.offset, ...i.path] })));
      if (output.waveforms) waveforms.push(...output.waveforms);
      out.acks.push(ack);
    }
    return waveforms.length > 0 ? { ...out, waveforms } : out;
  };
  return {
    protocol: 'hl7',
    push: (chunk, receivedAt) => take(mllp.push(chunk), receivedAt),
    end: (receivedAt) => take(mllp.end(), receivedAt),
  };
}
