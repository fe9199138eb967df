import { hl7Timestamp, latin1Bytes, mllpEncode, MONITOR_READING_VITALS } from '@vigil/shared';
import { scenarioDurationMs, stateAt, type Scenario, type SimState, type SimVital } from './scenario.js';

/*
 * The simulator's bytes, pure (no clock, no I/O): each frame with when it is due from the start
 * and the values a parser must read out of it, so a unit test round-trips every scenario through
 * the shared parsers. main.ts only writes these bytes at their times.
 */

export const SIM_PROTOCOLS = ['nonin', 'masimo', 'hl7'] as const;
export type SimProtocol = (typeof SIM_PROTOCOLS)[number];

/** The serial oximeters speak once a second (their manuals); HL7 every 5 s unless the scenario says. */
export const SERIAL_INTERVAL_MS = 1000;
export const DEFAULT_HL7_INTERVAL_MS = 5000;

export interface SimFrame {
  /** When the frame is due, from the scenario's start (ms, before --speed). */
  readonly atMs: number;
  /** Noise written before the frame (the scenario's garbage), else empty. */
  readonly garbage: Uint8Array;
  /** The frame's bytes (for HL7, the message in its MLLP envelope). */
  readonly bytes: Uint8Array;
  /** HL7 only: the message text and its control id. */
  readonly message?: string;
  readonly controlId?: string;
  /** The values a parser must read from the frame, by the case's vital keys (null = blank). */
  readonly expected: Readonly<Partial<Record<SimVital, number | null>>>;
}

export interface SimOptions {
  /** The device clock at the start (epoch ms): the clock the frames print. */
  readonly startClock: number;
  readonly deviceId?: string;
  readonly patientId?: string;
}

const pad = (n: number, width: number): string => String(Math.round(n)).padStart(width, '0');
const whole = (n: number | null): number | null => (n == null ? null : Math.round(n));
const tenth = (n: number | null): number | null => (n == null ? null : Math.round(n * 10) / 10);

/** The interval of a protocol in a scenario. */
export function intervalMs(scenario: Scenario, protocol: SimProtocol): number {
  if (protocol !== 'hl7') return SERIAL_INTERVAL_MS;
  return scenario.hl7IntervalSeconds == null ? DEFAULT_HL7_INTERVAL_MS : scenario.hl7IntervalSeconds * 1000;
}

/** A state's values with blank and sensor-off applied. */
function shown(state: SimState): Record<SimVital, number | null> {
  if (state.blank || state.sensorOff) {
    return Object.fromEntries(Object.keys(state.values).map((k) => [k, null])) as Record<SimVital, number | null>;
  }
  return { ...state.values };
}

function utcParts(epochMs: number): { date: string; time: string } {
  const iso = new Date(epochMs).toISOString();
  return { date: `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(2, 4)}`, time: iso.slice(11, 19) };
}

/** A Nonin real-time line with the device clock: `HH:MM:SS SPO2=097 HR=072[*]` CR LF. */
export function noninLine(state: SimState, clock: number): { text: string; expected: SimFrame['expected'] } {
  const v = shown(state);
  const spo2 = whole(v.spo2);
  const hr = whole(v.hr);
  const field = (n: number | null) => (n == null ? '---' : pad(n, 3));
  const text = `${utcParts(clock).time} SPO2=${field(spo2)} HR=${field(hr)}${state.event ? '*' : ''}\r\n`;
  return { text, expected: { spo2, hr } };
}

/** A Masimo ASCII 1 line as a Rad-8 writes it, alarms from the values, the exception from the state. */
export function masimoLine(
  state: SimState,
  clock: number,
  serial: string,
): { text: string; expected: SimFrame['expected'] } {
  const v = shown(state);
  const spo2 = whole(v.spo2);
  const hr = whole(v.hr);
  const pi = v.pi == null ? null : Math.round(v.pi * 100) / 100;
  let alarm = 0;
  if (spo2 != null && spo2 < 90) alarm |= 0x0002 | 0x0010;
  if (hr != null && hr < 50) alarm |= 0x0008 | 0x0010;
  const exc = 0x000800 | (state.sensorOff ? 0x000020 : 0);
  const { date, time } = utcParts(clock);
  const text =
    `${date} ${time} SN=${serial} SPO2=${spo2 == null ? '---' : pad(spo2, 3)}% BPM=${hr == null ? '---' : pad(hr, 3)} ` +
    `PI=${pi == null ? '--.--' : pi.toFixed(2).padStart(5, '0')}% SPCO=--.-% SPMET=--.-% DESAT=-- PIDELTA=+-- ` +
    `ALARM=${alarm.toString(16).toUpperCase().padStart(4, '0')} EXC=${exc.toString(16).toUpperCase().padStart(6, '0')}\r\n`;
  return { text, expected: { spo2, hr, pi } };
}

const HL7_OBX: readonly (readonly [SimVital, string, string])[] = [
  ['hr', '147842^MDC_ECG_HEART_RATE^MDC', '1.5.1.1'],
  ['spo2', '150456^MDC_PULS_OXIM_SAT_O2^MDC', '1.4.1.1'],
  ['sbp', '150021^MDC_PRESS_BLD_NONINV_SYS^MDC', '1.13.1.1'],
  ['dbp', '150022^MDC_PRESS_BLD_NONINV_DIA^MDC', '1.13.1.2'],
  ['map', '150023^MDC_PRESS_BLD_NONINV_MEAN^MDC', '1.13.1.3'],
  ['rr', '151562^MDC_RESP_RATE^MDC', '1.6.1.1'],
  ['etco2', '151708^MDC_AWAY_CO2_ET^MDC', '1.7.1.1'],
  ['temp', '150344^MDC_TEMP^MDC', '1.8.1.1'],
];

/** An ORU^R01 in IHE PCD-01 form, one OBX a vital, in the scenario's units; its expected values in Vigil's units. */
export function hl7Message(
  state: SimState,
  clock: number,
  controlId: string,
  options: { deviceId: string; patientId: string; units: NonNullable<Scenario['hl7Units']> },
): { text: string; expected: SimFrame['expected'] } {
  const v = shown(state);
  const ts = hl7Timestamp(clock);
  const segments = [
    `MSH|^~\\&|${options.deviceId}|VIGIL-SIM|VIGIL|OFFICE|${ts}||ORU^R01^ORU_R01|${controlId}|P|2.6|||NE|AL`,
    `PID|||${options.patientId}^^^SIM^MR`,
    `OBR|1|${controlId}^${options.deviceId}|${controlId}^${options.deviceId}|182777000^monitoring of patient^SNOMED-CT|||${ts}`,
    'OBX|1||69965^MDC_DEV_MON_PHYSIO_MULTI_PARAM_MDS^MDC|1.0.0.0|||||||X',
  ];
  const expected: Partial<Record<SimVital, number | null>> = {};
  HL7_OBX.forEach(([vital, code, sub], i) => {
    const { value, unit } = hl7Value(vital, v[vital], options.units);
    const status = state.sensorOff && (vital === 'spo2' || vital === 'hr') ? 'X' : 'R';
    segments.push(`OBX|${i + 2}|NM|${code}|${sub}|${value ?? ''}|${unit}|||||${status}|||${ts}||||${options.deviceId}`);
    expected[vital] = value == null ? null : vitalInVigil(vital, value, options.units);
  });
  return { text: `${segments.join('\r')}\r`, expected };
}

function hl7Value(
  vital: SimVital,
  value: number | null,
  units: NonNullable<Scenario['hl7Units']>,
): { value: number | null; unit: string } {
  const pressure = vital === 'sbp' || vital === 'dbp' || vital === 'map' || vital === 'etco2';
  if (pressure && units.pressure === 'kPa')
    return {
      value: value == null ? null : Math.round((value / 7.50062) * 10) / 10,
      unit: '265987^MDC_DIM_KILO_PASCAL^MDC',
    };
  if (pressure) return { value: whole(value), unit: '266016^MDC_DIM_MMHG^MDC' };
  if (vital === 'temp' && units.temperature === 'F')
    return {
      value: value == null ? null : Math.round(((value * 9) / 5) * 10 + 320) / 10,
      unit: '266560^MDC_DIM_FAHR^MDC',
    };
  if (vital === 'temp') return { value: tenth(value), unit: '268192^MDC_DIM_DEGC^MDC' };
  if (vital === 'spo2') return { value: whole(value), unit: '262688^MDC_DIM_PERCENT^MDC' };
  if (vital === 'rr') return { value: whole(value), unit: '264928^MDC_DIM_RESP_PER_MIN^MDC' };
  return { value: whole(value), unit: '264864^MDC_DIM_BEAT_PER_MIN^MDC' };
}

/** What Vigil charts from a value sent in the scenario's unit (MON11: whole mmHg, °C to a tenth). */
function vitalInVigil(vital: SimVital, sent: number, units: NonNullable<Scenario['hl7Units']>): number {
  const pressure = vital === 'sbp' || vital === 'dbp' || vital === 'map' || vital === 'etco2';
  if (pressure && units.pressure === 'kPa') return Math.round(sent * 7.50062);
  if (vital === 'temp' && units.temperature === 'F') return Math.round((((sent - 32) * 5) / 9) * 10) / 10;
  return sent;
}

/** Every frame of a scenario in a protocol, in order; silent steps send nothing. */
export function scenarioFrames(scenario: Scenario, protocol: SimProtocol, options: SimOptions): SimFrame[] {
  const step = intervalMs(scenario, protocol);
  const frames: SimFrame[] = [];
  const units = scenario.hl7Units ?? { pressure: 'mmHg', temperature: 'C' };
  const end = scenarioDurationMs(scenario);
  for (let at = 0, n = 1; at < end; at += step) {
    const state = stateAt(scenario, at, step);
    if (state == null || state.silent) continue;
    const clock = options.startClock + at;
    const garbage = latin1Bytes(state.garbage);
    if (protocol === 'hl7') {
      const controlId = `SIM${String(n++).padStart(6, '0')}`;
      const { text, expected } = hl7Message(state, clock, controlId, {
        deviceId: options.deviceId ?? 'VIGIL_SIM',
        patientId: options.patientId ?? 'SIM-0001',
        units,
      });
      frames.push({ atMs: at, garbage, bytes: mllpEncode(text), message: text, controlId, expected });
    } else {
      const { text, expected } =
        protocol === 'nonin' ? noninLine(state, clock) : masimoLine(state, clock, options.deviceId ?? '0000012345');
      frames.push({ atMs: at, garbage, bytes: latin1Bytes(text), expected });
    }
  }
  return frames;
}

/** The vital keys in the order the case lists them, for printing. */
export const PRINT_ORDER = MONITOR_READING_VITALS;
