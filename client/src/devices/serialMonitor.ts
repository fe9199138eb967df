import {
  BLUETOOTH_SPP_CLASS_ID,
  createMonitorParser,
  MONITOR_PORT_FILTERS,
  MONITOR_PROTOCOL_INFO,
  monitorPortName,
  SECOND,
  type MonitorProtocol,
  type ParseOutput,
  type WaveformSamples,
} from '@vigil/shared';
import type { SerialLike, SerialPortLike } from './webSerial.js';

/*
 * A monitor driver (issue 38): connect, the bytes and what the shared parser reads from them
 * (frames, readings, issues), waveform samples where a protocol has them, a status, disconnect.
 * The one implementation today is Web Serial (USB adapters and Bluetooth SPP ports alike); the
 * Vigil Bridge's monitors will be a second one of the same interface. A driver writes nothing into
 * a case: the case screen charts its readings through recordMonitorReading.
 */

/** Samples of one waveform as they arrived (shared's: Nonin data format 2 sends a pleth; HL7 comes through the bridge). */
export type { WaveformSamples };

/** What a driver is doing: not started, asking for a port, reading a port, stopped or failed. */
export type MonitorDriverStatus = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'failed';

export interface MonitorDriverState {
  readonly status: MonitorDriverStatus;
  /** The port's name (maker and ids) once chosen. */
  readonly portName: string | null;
  /** Why it stopped or failed, in words; null when the user disconnected. */
  readonly message: string | null;
}

export type MonitorDriverEvent =
  | { readonly type: 'status'; readonly state: MonitorDriverState }
  | { readonly type: 'bytes'; readonly bytes: Uint8Array; readonly receivedAt: number }
  | { readonly type: 'output'; readonly output: ParseOutput }
  | { readonly type: 'samples'; readonly samples: WaveformSamples };

export interface MonitorDriver {
  readonly protocol: MonitorProtocol;
  state(): MonitorDriverState;
  /** Asks for a port (the browser's chooser, filtered by spec 002 §9; needs a user gesture) and reads it. */
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  /** Calls the listener with every event from now on; returns the unsubscribe. */
  subscribe(listener: (event: MonitorDriverEvent) => void): () => void;
}

export interface SerialMonitorOptions {
  readonly serial: SerialLike;
  readonly protocol: MonitorProtocol;
  /** The clock readings are timed by; injectable for tests. */
  readonly now?: () => number;
}

/** The messages a driver's state carries. */
export const MONITOR_MESSAGES = {
  lost: 'The monitor stopped: its cable or adapter was disconnected.',
  notSerial: 'This monitor protocol is not read over a serial port here: use the Vigil Bridge.',
  openFailed: (why: string): string => `The port could not be opened (${why}). Another program may be using it.`,
  failed: (why: string): string => `The monitor could not be connected (${why}).`,
};

const errorText = (e: unknown): string => (e instanceof Error ? e.message || e.name : String(e));

/** A Web Serial monitor driver of a protocol read over a serial line (Nonin, Masimo). */
export function createSerialMonitorDriver({ serial, protocol, now = Date.now }: SerialMonitorOptions): MonitorDriver {
  const listeners = new Set<(event: MonitorDriverEvent) => void>();
  let state: MonitorDriverState = { status: 'idle', portName: null, message: null };
  let port: SerialPortLike | null = null;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let stopping = false;
  let pumping: Promise<void> = Promise.resolve();
  const emit = (event: MonitorDriverEvent): void => listeners.forEach((l) => l(event));
  const setState = (next: Partial<MonitorDriverState>): void => {
    state = { ...state, ...next };
    emit({ type: 'status', state });
  };

  /**
   * Reads the port until it ends. A framing, parity or overrun error (a wrong baud rate, noise)
   * leaves Web Serial a new stream to read, and reading goes on with the same parser; a lost device
   * leaves none (readable null), and a stream that ends is the port closing.
   */
  async function pump(open: SerialPortLike): Promise<void> {
    const parser = createMonitorParser(protocol);
    for (;;) {
      const stream = open.readable;
      if (stopping || stream == null) break;
      const current = stream.getReader();
      reader = current;
      let ended = false;
      try {
        for (;;) {
          const { value, done } = await current.read();
          if (done) {
            ended = true;
            break;
          }
          if (value == null || value.length === 0) continue;
          const receivedAt = now();
          emit({ type: 'bytes', bytes: value, receivedAt });
          const output = parser.push(value, receivedAt);
          if (output.frames.length + output.readings.length + output.issues.length > 0)
            emit({ type: 'output', output });
          for (const samples of output.waveforms ?? []) emit({ type: 'samples', samples });
        }
      } catch {
        // Read on below if the port has a new stream.
      } finally {
        current.releaseLock();
        reader = null;
      }
      if (ended || open.readable === stream) break;
    }
    if (stopping) return;
    port = null;
    await open.close().catch(() => undefined);
    setState({ status: 'disconnected', message: MONITOR_MESSAGES.lost });
  }

  return {
    protocol,
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async connect() {
      const settings = MONITOR_PROTOCOL_INFO[protocol].serial;
      if (settings == null) return setState({ status: 'failed', message: MONITOR_MESSAGES.notSerial });
      if (port != null) return;
      setState({ status: 'connecting', message: null });
      let chosen: SerialPortLike;
      try {
        chosen = await serial.requestPort({
          filters: MONITOR_PORT_FILTERS,
          allowedBluetoothServiceClassIds: [BLUETOOTH_SPP_CLASS_ID],
        });
      } catch (e) {
        // Closing the chooser without a port is no failure.
        const cancelled = e instanceof Error && e.name === 'NotFoundError';
        return setState(
          cancelled ? { status: 'idle' } : { status: 'failed', message: MONITOR_MESSAGES.failed(errorText(e)) },
        );
      }
      try {
        await chosen.open({ ...settings });
      } catch (e) {
        return setState({ status: 'failed', message: MONITOR_MESSAGES.openFailed(errorText(e)) });
      }
      port = chosen;
      stopping = false;
      setState({ status: 'connected', portName: monitorPortName(chosen.getInfo()), message: null });
      pumping = pump(chosen);
    },
    async disconnect() {
      const open = port;
      if (open == null) return;
      stopping = true;
      port = null;
      await reader?.cancel().catch(() => undefined);
      // The stream is unlocked once the pump has stopped reading; a locked port refuses to close.
      await pumping;
      await open.close().catch(() => undefined);
      setState({ status: 'disconnected', message: null });
    },
  };
}

/** A connected monitor with no reading for this long is waiting (spec 002 §4: 'waiting' shows a spinner). */
export const MONITOR_WAITING_AFTER_MS = 5 * SECOND;

/** The status a screen shows: a connected monitor whose last reading is older than 5 s (or none yet) is waiting. */
export function liveMonitorStatus(
  status: MonitorDriverStatus,
  lastReadingAt: number | null,
  now: number,
): MonitorDriverStatus | 'waiting' {
  if (status !== 'connected') return status;
  return lastReadingAt == null || now - lastReadingAt > MONITOR_WAITING_AFTER_MS ? 'waiting' : 'connected';
}
