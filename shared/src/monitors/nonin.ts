import { warningIssue, type Issue } from '../case-data/issue.js';
import { storedVitalError } from '../rules/vitals.js';
import { isPrintableAscii, LineSplitter, lineTooLong as tooLong, type Line } from './lines.js';
import {
  emptyOutput,
  monitorVital,
  printableText,
  type MonitorReading,
  type MonitorStreamParser,
  type ParseOutput,
} from './types.js';

/*
 * Nonin real-time ASCII output (issue 38 protocol 1), as the operator's manuals describe it
 * (docs/decisions.md, session 26): 9600 baud, 8 data bits (the 9th is a mark in real-time mode),
 * no parity, 1 stop bit; one line a second:
 *
 *   SPO2=XXX HR=YYY                 2500 PalmSAT, 8500
 *   HH:MM:SS SPO2=XXX HR=YYY        9847, 8600V (the device clock first)
 *   SPO2=XXX HR=YYY F               Avant 4000/9600 with DIP switch 8 up (fast-responding values)
 *   … *                             an event marked on the device
 *   … B                             a breath detected in the interval (9847)
 *   SPO2=--- HR=---                 no data
 *
 * A header line at power-up names the format and the date and time; it is kept as a frame.
 */

/** The serial settings of Nonin's real-time output. */
export const NONIN_SERIAL = { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 } as const;

const READING = /(?:(\d{2}:\d{2}:\d{2})\s+)?SPO2\s*=\s*(\d{1,3}|-{1,3})\s+HR\s*=\s*(\d{1,3}|-{1,3})((?:\s*[F*B])*)\s*$/;
const MARKERS: Readonly<Record<string, string>> = { F: 'fast', '*': 'event', B: 'breath' };

/** A Nonin value: digits as a number, dashes as blank [MON2]. */
function noninValue(text: string): number | null {
  return /^\d+$/.test(text) ? Number(text) : null;
}

/**
 * [MON1] One Nonin line read: the reading it carries, else null with the issues. [MON2] `---`
 * is a blank value, kept as null. [MON14] A value out of its range is kept with its error (VT10).
 * [MON4] Bytes before the reading (a line joined mid-way, noise)
 * are skipped with a warning. A printable line without `SPO2=` is the power-up header: a frame,
 * no reading, no issue.
 */
export function readNoninLine(line: Line, receivedAt: number): { reading: MonitorReading | null; issues: Issue[] } {
  const m = READING.exec(line.text);
  if (m == null) {
    if (isPrintableAscii(line.text) && !/SPO2\s*=/i.test(line.text)) return { reading: null, issues: [] };
    return {
      reading: null,
      issues: [warningIssue('MONITOR_UNREADABLE_LINE', 'Not a Nonin reading line.', ['byte', line.offset])],
    };
  }
  const issues: Issue[] = [];
  if (m.index > 0)
    issues.push(warningIssue('MONITOR_GARBAGE', `Skipped ${m.index} bytes before the reading.`, ['byte', line.offset]));
  const spo2 = noninValue(m[2]!);
  const hr = noninValue(m[3]!);
  const flags = [...(m[4] ?? '').replace(/\s/g, '')].map((c) => MARKERS[c]!);
  const vital = (type: 'spo2' | 'hr', value: number | null) => {
    const error = value == null ? null : storedVitalError(value, type, 'C');
    if (error != null)
      issues.push(warningIssue('MONITOR_OUT_OF_RANGE', `${type} ${value}: ${error}`, ['byte', line.offset]));
    return monitorVital(value, receivedAt, error ?? undefined);
  };
  return {
    reading: {
      protocol: 'nonin',
      receivedAt,
      deviceClock: m[1] ?? null,
      observedAt: null,
      vitals: { spo2: vital('spo2', spo2), hr: vital('hr', hr) },
      flags,
      deviceId: null,
      patientId: null,
    },
    issues,
  };
}

/** [MON1] A stream parser of Nonin real-time output. */
export function createNoninParser(): MonitorStreamParser {
  const lines = new LineSplitter();
  return {
    protocol: 'nonin',
    push(chunk: Uint8Array, receivedAt: number): ParseOutput {
      const out = emptyOutput();
      for (const { line, overflow } of lines.push(chunk)) {
        if (line == null) {
          out.issues.push(tooLong(overflow));
          continue;
        }
        out.frames.push({ protocol: 'nonin', text: printableText(line.bytes), receivedAt });
        const { reading, issues } = readNoninLine(line, receivedAt);
        if (reading) out.readings.push(reading);
        out.issues.push(...issues);
      }
      return out;
    },
  };
}
