import { warningIssue, type Issue } from '../case-data/issue.js';
import { storedVitalError } from '../rules/vitals.js';
import { LineSplitter, lineTooLong as tooLong, type Line } from './lines.js';
import {
  emptyOutput,
  monitorVital,
  printableText,
  type MonitorReading,
  type MonitorStreamParser,
  type ParseOutput,
} from './types.js';

/*
 * Masimo Rad-series "ASCII 1" serial output (issue 38 protocol 2; sources in docs/decisions.md,
 * session 26): one line a second, the device's date and time, then KEY=VALUE fields:
 *
 *   09/15/10 15:10:29 SPO2=097% BPM=064 PI=11.82% ALARM=20 EXC=800                (Radical-5)
 *   02/22/16 22:47:45 SN=0000056661 SPO2=098% BPM=097 PI=03.60% SPCO=--.-% SPMET=--.-%
 *     DESAT=-- PIDELTA=+-- ALARM=0000 EXC=000800                                   (Rad-8, Radical-7)
 *
 * Dashes are a value the device cannot give. ALARM and EXC are hexadecimal bit fields.
 */

/** The serial settings of the Rad-series serial output. */
export const MASIMO_SERIAL = { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 } as const;

/**
 * [MON7] The note the test page shows, and the issue a stream that is not ASCII 1 raises: some
 * models (the Rad-8, for one) send another serial format out of the box.
 */
export const MASIMO_ASCII1_NOTE =
  'Vigil reads the Masimo "ASCII 1" serial output. Some Rad-series oximeters (the Rad-8, for one) send "ASCII 2" by default: ' +
  "set the oximeter's serial output to ASCII 1 in its setup menu (level 3 on a Rad-8) before connecting it.";

/** [MON7] Unreadable lines in a row after which the stream is taken to be another format. */
export const MASIMO_UNREADABLE_BEFORE_NOTE = 3;

/** [MON6] The alarm bits (ALARM=, hexadecimal) in words. */
export const MASIMO_ALARM_BITS: readonly (readonly [number, string])[] = [
  [0x0001, 'SpO2 high alarm'],
  [0x0002, 'SpO2 low alarm'],
  [0x0004, 'Pulse rate high alarm'],
  [0x0008, 'Pulse rate low alarm'],
  [0x0010, 'Alarm active'],
  [0x0020, 'Alarm silenced'],
  [0x0040, 'Low battery'],
  [0x0100, 'SpCO high alarm'],
  [0x0200, 'SpCO low alarm'],
  [0x0400, 'SpMet high alarm'],
  [0x0800, 'SpMet low alarm'],
  [0x1000, 'Desaturation index alarm'],
  [0x2000, 'PI rate of change alarm'],
];

/** [MON6] The exception bits (EXC=, hexadecimal) in words; 0x800 (Masimo SET in use) is no exception. */
export const MASIMO_EXCEPTION_BITS: readonly (readonly [number, string])[] = [
  [0x000001, 'No sensor'],
  [0x000002, 'Defective sensor'],
  [0x000004, 'Low perfusion'],
  [0x000008, 'Pulse search'],
  [0x000010, 'Interference'],
  [0x000020, 'Sensor off'],
  [0x000040, 'Ambient light'],
  [0x000080, 'Unrecognized sensor'],
  [0x000100, 'Incompatible sensor'],
  [0x000400, 'Low signal IQ'],
  [0x001000, 'No cable connected'],
  [0x002000, 'Cable life expired'],
  [0x004000, 'Incompatible cable'],
  [0x008000, 'Unrecognized cable'],
  [0x010000, 'Defective cable'],
  [0x020000, 'Sensor calibrating'],
  [0x040000, 'Sensor life expired'],
  [0x080000, 'Emitter temperature out of range'],
  [0x100000, 'Sensor current limit exceeded'],
  [0x200000, 'SpCO low confidence'],
  [0x400000, 'SpMet low confidence'],
];

const HEAD = /(\d{2}\/\d{2}\/\d{2})\s+(\d{2}:\d{2}:\d{2})(?=\s)/;

/** [MON6] The words of the bits set in a hexadecimal bit field; null when the field is not hexadecimal. */
export function masimoBits(hex: string, table: readonly (readonly [number, string])[]): string[] | null {
  if (!/^[0-9A-Fa-f]{1,8}$/.test(hex)) return null;
  const value = parseInt(hex, 16);
  return table.filter(([bit]) => (value & bit) !== 0).map(([, words]) => words);
}

/** A Masimo value: digits (a % sign after them allowed), dashes blank [MON2], else undefined (unreadable). */
function masimoValue(text: string): number | null | undefined {
  const t = text.replace(/%$/, '');
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t);
  if (/^[-+]?[-.]+$/.test(t)) return null;
  return undefined;
}

/**
 * [MON5] One ASCII 1 line read: date and time, then SPO2, BPM (both required) and PI, ALARM and
 * EXC (optional; other fields are kept only in the frame). [MON4] Bytes before the date are
 * skipped with a warning.
 */
export function readMasimoLine(line: Line, receivedAt: number): { reading: MonitorReading | null; issues: Issue[] } {
  const at = ['byte', line.offset];
  const m = HEAD.exec(line.text);
  const fields = new Map<string, string>();
  if (m) {
    for (const token of line.text
      .slice(m.index + m[0].length)
      .trim()
      .split(/\s+/)) {
      const eq = token.indexOf('=');
      if (eq > 0) fields.set(token.slice(0, eq).toUpperCase(), token.slice(eq + 1));
    }
  }
  if (m == null || !fields.has('SPO2') || !fields.has('BPM'))
    return { reading: null, issues: [warningIssue('MONITOR_UNREADABLE_LINE', 'Not a Masimo ASCII 1 line.', at)] };
  const issues: Issue[] = [];
  if (m.index > 0) issues.push(warningIssue('MONITOR_GARBAGE', `Skipped ${m.index} bytes before the reading.`, at));
  const vital = (type: 'spo2' | 'hr' | 'pi', key: string) => {
    const value = masimoValue(fields.get(key) ?? '--');
    if (value === undefined)
      issues.push(warningIssue('MONITOR_BAD_VALUE', `${key}=${fields.get(key)} is not a value.`, at));
    const error = value == null || type === 'pi' ? null : storedVitalError(value, type, 'C');
    if (error != null) issues.push(warningIssue('MONITOR_OUT_OF_RANGE', `${type} ${value}: ${error}`, at));
    return monitorVital(value ?? null, receivedAt, error ?? undefined);
  };
  const vitals = { spo2: vital('spo2', 'SPO2'), hr: vital('hr', 'BPM'), pi: vital('pi', 'PI') };
  const flags: string[] = [];
  for (const [key, table] of [
    ['ALARM', MASIMO_ALARM_BITS],
    ['EXC', MASIMO_EXCEPTION_BITS],
  ] as const) {
    const text = fields.get(key);
    if (text == null) continue;
    const words = masimoBits(text, table);
    if (words == null) issues.push(warningIssue('MONITOR_BAD_VALUE', `${key}=${text} is not hexadecimal.`, at));
    else flags.push(...words);
  }
  return {
    reading: {
      protocol: 'masimo',
      receivedAt,
      deviceClock: `${m[1]} ${m[2]}`,
      observedAt: null,
      vitals,
      flags,
      deviceId: fields.get('SN') ?? null,
      patientId: null,
    },
    issues,
  };
}

/** [MON5] A stream parser of Masimo ASCII 1 output; [MON7] says once when the stream looks like another format. */
export function createMasimoParser(): MonitorStreamParser {
  const lines = new LineSplitter();
  let unreadable = 0;
  const miss = (out: ReturnType<typeof emptyOutput>, offset: number): void => {
    unreadable++;
    if (unreadable === MASIMO_UNREADABLE_BEFORE_NOTE)
      out.issues.push(warningIssue('MASIMO_NOT_ASCII1', MASIMO_ASCII1_NOTE, ['byte', offset]));
  };
  return {
    protocol: 'masimo',
    push(chunk: Uint8Array, receivedAt: number): ParseOutput {
      const out = emptyOutput();
      for (const { line, overflow } of lines.push(chunk)) {
        if (line == null) {
          out.issues.push(tooLong(overflow));
          miss(out, overflow);
          continue;
        }
        out.frames.push({ protocol: 'masimo', text: printableText(line.bytes), receivedAt });
        const { reading, issues } = readMasimoLine(line, receivedAt);
        out.issues.push(...issues);
        if (reading) {
          out.readings.push(reading);
          unreadable = 0;
        } else miss(out, line.offset);
      }
      return out;
    },
  };
}
