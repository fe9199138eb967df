import { useCallback, useEffect, useRef, useState } from 'react';
import {
  printableText,
  SECOND,
  type Issue,
  type MonitorFrame,
  type MonitorProtocol,
  type MonitorReading,
  type WaveformSamples,
} from '@vigil/shared';
import {
  createSerialMonitorDriver,
  liveMonitorStatus,
  type MonitorDriver,
  type MonitorDriverState,
  type MonitorDriverStatus,
} from './serialMonitor.js';
import { browserSerial, type SerialLike } from './webSerial.js';

/** What the test page shows of a stream: the newest frames, readings and issues, and the raw bytes as text. */
export interface MonitorLog {
  readonly raw: string;
  readonly frames: readonly MonitorFrame[];
  readonly readings: readonly MonitorReading[];
  readonly issues: readonly Issue[];
}

export interface SerialMonitorHandle {
  /** Whether this browser has Web Serial (else the screens name the Vigil Bridge). */
  readonly supported: boolean;
  readonly state: MonitorDriverState;
  /** The protocol of the current (or last) connection. */
  readonly protocol: MonitorProtocol | null;
  readonly latest: MonitorReading | null;
  /** Kept only when asked for (the test page); empty otherwise. */
  readonly log: MonitorLog;
  readonly connect: (protocol: MonitorProtocol) => Promise<void>;
  readonly disconnect: () => Promise<void>;
}

export interface UseSerialMonitorOptions {
  /** Called with every reading as it arrives (the case screen charts from it). */
  readonly onReading?: (reading: MonitorReading) => void;
  /** Called with the waveform samples a monitor streams (the case screen's live wave and strip capture). */
  readonly onSamples?: (samples: WaveformSamples) => void;
  /** Keep the raw bytes, frames and issues for display (the test page). */
  readonly keepLog?: boolean;
  /** The Web Serial to use; the browser's by default (tests pass a fake). */
  readonly serial?: SerialLike | null;
}

/** How much of a stream the test page keeps: the last 4,000 characters of raw text, 30 frames, 30 readings, 30 issues. */
export const MONITOR_LOG_LIMITS = { rawChars: 4000, frames: 30, readings: 30, issues: 30 } as const;
const EMPTY_LOG: MonitorLog = { raw: '', frames: [], readings: [], issues: [] };
const IDLE: MonitorDriverState = { status: 'idle', portName: null, message: null };

/** Bytes as the test page prints them: printable ASCII kept, CR and LF written out, a new line after LF. */
export function rawBytesText(bytes: Uint8Array): string {
  return printableText(bytes).replace(/\r/g, '\\r').replace(/\\x0a/g, '\\n\n');
}

const tail = <T>(list: readonly T[], more: readonly T[], n: number): T[] => [...list, ...more].slice(-n);

/**
 * A monitor on this browser's Web Serial, for a screen: connect (from a tap: the browser's port
 * chooser needs one), its state, the newest reading, and for the test page the stream as it came.
 * The port is closed when the screen goes.
 */
export function useSerialMonitor({
  onReading,
  onSamples,
  keepLog = false,
  serial,
}: UseSerialMonitorOptions = {}): SerialMonitorHandle {
  const port = serial === undefined ? browserSerial() : serial;
  const driver = useRef<MonitorDriver | null>(null);
  const [state, setState] = useState<MonitorDriverState>(IDLE);
  const [protocol, setProtocol] = useState<MonitorProtocol | null>(null);
  const [latest, setLatest] = useState<MonitorReading | null>(null);
  const [log, setLog] = useState<MonitorLog>(EMPTY_LOG);
  const onReadingRef = useRef(onReading);
  onReadingRef.current = onReading;
  const onSamplesRef = useRef(onSamples);
  onSamplesRef.current = onSamples;

  const disconnect = useCallback(async (): Promise<void> => {
    await driver.current?.disconnect();
  }, []);

  const connect = useCallback(
    async (chosen: MonitorProtocol): Promise<void> => {
      if (port == null) return;
      await driver.current?.disconnect();
      const next = createSerialMonitorDriver({ serial: port, protocol: chosen });
      driver.current = next;
      setProtocol(chosen);
      setLatest(null);
      setLog(EMPTY_LOG);
      next.subscribe((event) => {
        if (driver.current !== next) return;
        if (event.type === 'status') setState(event.state);
        else if (event.type === 'samples') onSamplesRef.current?.(event.samples);
        else if (event.type === 'bytes' && keepLog) {
          const text = rawBytesText(event.bytes);
          setLog((l) => ({ ...l, raw: (l.raw + text).slice(-MONITOR_LOG_LIMITS.rawChars) }));
        } else if (event.type === 'output') {
          const { frames, readings, issues } = event.output;
          if (keepLog) {
            setLog((l) => ({
              ...l,
              frames: tail(l.frames, frames, MONITOR_LOG_LIMITS.frames),
              readings: tail(l.readings, readings, MONITOR_LOG_LIMITS.readings),
              issues: tail(l.issues, issues, MONITOR_LOG_LIMITS.issues),
            }));
          }
          for (const r of readings) onReadingRef.current?.(r);
          if (readings.length > 0) setLatest(readings.at(-1)!);
        }
      });
      await next.connect();
    },
    [port, keepLog],
  );

  useEffect(
    () => () => {
      void driver.current?.disconnect();
    },
    [],
  );

  return { supported: port != null, state, protocol, latest, log, connect, disconnect };
}

/**
 * The status a screen shows for a monitor: the driver's, or 'waiting' once a connected monitor
 * has sent no reading for MONITOR_WAITING_AFTER_MS. Re-reads the clock every second while
 * connected and renders again only when the status changes.
 */
export function useLiveMonitorStatus(
  monitor: Pick<SerialMonitorHandle, 'state' | 'latest'>,
  now: () => number = Date.now,
): MonitorDriverStatus | 'waiting' {
  const status = monitor.state.status;
  const lastAt = monitor.latest?.receivedAt ?? null;
  const [clock, setClock] = useState(now);
  const live = liveMonitorStatus(status, lastAt, Math.max(clock, now()));
  useEffect(() => {
    if (status !== 'connected') return;
    const timer = setInterval(() => {
      const t = now();
      if (liveMonitorStatus(status, lastAt, t) !== live) setClock(t);
    }, SECOND);
    return () => clearInterval(timer);
  }, [status, lastAt, live, now]);
  return live;
}
