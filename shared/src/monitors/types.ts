import type { Issue } from '../case-data/issue.js';
import type { MonitorVital } from '../case-data/entries.js';
import type { WaveformSamples } from './waveforms.js';

/*
 * What every monitor protocol parser hands back (issue 38): pure stream parsers, bytes in
 * (Uint8Array chunks pushed as they arrive), readings out, plus the raw frames for the test page.
 * No clock: the caller passes the time a chunk arrived; a reading takes the time of the chunk that
 * completed it, so a recorded stream parses to the same readings however it is split.
 */

/** The protocols Vigil reads. */
export const MONITOR_PROTOCOLS = ['nonin', 'masimo', 'hl7', 'noninPleth'] as const;
export type MonitorProtocol = (typeof MONITOR_PROTOCOLS)[number];

/**
 * The vital keys a monitor reading fills, the case document's keys (spec 002 §3: sbp, dbp, hr,
 * rr, spo2, etco2, temp; `map` as the banner's blood pressure blanking knows it, VT8) and the
 * perfusion index `pi` a Masimo sends beside SpO2.
 */
export const MONITOR_READING_VITALS = ['hr', 'spo2', 'sbp', 'dbp', 'map', 'rr', 'etco2', 'temp', 'pi'] as const;
export type MonitorReadingVital = (typeof MONITOR_READING_VITALS)[number];

/** The status a vital a monitor sent carries (spec 002 §4 "Auto status values: connected…"). */
export const MONITOR_CONNECTED = 'connected';

/** One frame as the device sent it: a line of text, or one HL7 message, for the test page. */
export interface MonitorFrame {
  readonly protocol: MonitorProtocol;
  /** The frame's text (MLLP envelope bytes left out; bytes other than printable ASCII and CR as \xNN). */
  readonly text: string;
  readonly receivedAt: number;
}

/**
 * One reading: the vitals a frame carried, in the case document's MonitorVital shape. A vital
 * the device sent as blank (`---`, an empty OBX-5, a status X) is present with `value: null`:
 * the banner's 'The monitor is connected but sending blank vitals values.' depends on it.
 */
export interface MonitorReading {
  readonly protocol: MonitorProtocol;
  /** When the frame arrived (epoch ms); every vital's `time` is this. */
  readonly receivedAt: number;
  /** The device's own clock when it sent one, as the device wrote it (no time zone). */
  readonly deviceClock: string | null;
  /** The device's observation time as epoch ms, only where the device gave a time zone (HL7). */
  readonly observedAt: number | null;
  readonly vitals: Partial<Record<MonitorReadingVital, MonitorVital>>;
  /** Markers and flags the frame carried, in words ('event', 'breath', 'SpO2 low alarm'…). */
  readonly flags: readonly string[];
  /** Who sent it, where the protocol names it (HL7 MSH-3 / OBX-18); else null. */
  readonly deviceId: string | null;
  /** The patient the device names (HL7 PID-3), for the bridge to match; else null. */
  readonly patientId: string | null;
}

/** What one push of bytes produced. Errors are data (STYLE): a bad frame is an Issue, never a throw. */
export interface ParseOutput {
  readonly frames: MonitorFrame[];
  readonly readings: MonitorReading[];
  readonly issues: Issue[];
  /** [MON18] [MON21] Waveform samples, from the protocols that carry them (HL7 waveform OBX, Nonin format 2). */
  readonly waveforms?: WaveformSamples[];
}

/** A stream parser: keeps the bytes of an incomplete frame between pushes. */
export interface MonitorStreamParser {
  readonly protocol: MonitorProtocol;
  /** Feeds bytes as they arrived at `receivedAt` (epoch ms). */
  push(chunk: Uint8Array, receivedAt: number): ParseOutput;
}

/** An empty output, to fill. */
export function emptyOutput(): { frames: MonitorFrame[]; readings: MonitorReading[]; issues: Issue[] } {
  return { frames: [], readings: [], issues: [] };
}

/** Concatenates outputs (a whole stream pushed in pieces). */
export function mergeOutputs(outputs: readonly ParseOutput[]): ParseOutput {
  const out = emptyOutput();
  const waveforms: WaveformSamples[] = [];
  for (const o of outputs) {
    out.frames.push(...o.frames);
    out.readings.push(...o.readings);
    out.issues.push(...o.issues);
    if (o.waveforms) waveforms.push(...o.waveforms);
  }
  return waveforms.length > 0 ? { ...out, waveforms } : out;
}

/** A vital the device sent: its value (null when blank) at the time its frame arrived. */
export function monitorVital(value: number | null, time: number, error?: string): MonitorVital {
  return error == null ? { value, time, status: MONITOR_CONNECTED } : { value, time, status: MONITOR_CONNECTED, error };
}

/** A byte string as text for the test page: printable ASCII and CR (HL7's segment end) kept, other bytes as \xNN. */
export function printableText(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) {
    s += b === 0x0d ? '\r' : b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return s;
}
