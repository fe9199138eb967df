import { createReadStream } from 'node:fs';
import { createMonitorParser, MONITOR_PROTOCOL_INFO, type MonitorReading, type WaveformSamples } from '@vigil/shared';

/*
 * Serial monitors (Nonin real-time ASCII, Masimo ASCII 1, Nonin data format 2 with its pleth). A port is opened through the
 * `serialport` package (its Linux, macOS and Windows bindings ship prebuilt inside the package)
 * at the protocol's settings (9600 8N1); `file:` reads a path as a plain byte stream instead
 * (a socat pseudo-terminal the simulator writes to, whose line settings need no baud rate).
 * Both sit behind SerialSource, so the rest of the bridge does not know which.
 */

/** The serial protocols the bridge reads; `noninPleth` (data format 2) streams the pleth with its readings. */
export const SERIAL_PROTOCOLS = ['nonin', 'masimo', 'noninPleth'] as const;
export type SerialProtocol = (typeof SERIAL_PROTOCOLS)[number];

export interface SerialSource {
  close(): Promise<void>;
}

export interface SerialOptions {
  path: string;
  protocol: SerialProtocol;
  now?: () => number;
}

interface SerialPortLike {
  on(event: 'data', listener: (chunk: Buffer) => void): void;
  on(event: 'error' | 'close', listener: (err?: Error) => void): void;
  close(callback?: (err?: Error | null) => void): void;
}
interface SerialPortModule {
  SerialPort: new (options: {
    path: string;
    baudRate: number;
    dataBits: number;
    parity: string;
    stopBits: number;
  }) => SerialPortLike;
}

/** Opens a serial monitor; its readings go to `onReading`, its waves to `onWaveforms`, a lost port to `onIssue`. */
export async function openSerial(
  options: SerialOptions,
  onReading: (reading: MonitorReading) => void,
  onIssue: (text: string) => void = () => {},
  onWaveforms: (waveforms: WaveformSamples[]) => void = () => {},
): Promise<SerialSource> {
  const now = options.now ?? Date.now;
  const parser = createMonitorParser(options.protocol);
  const take = (chunk: Buffer): void => {
    const out = parser.push(new Uint8Array(chunk), now());
    for (const r of out.readings) onReading(r);
    if (out.waveforms?.length) onWaveforms(out.waveforms);
  };
  if (options.path.startsWith('file:')) {
    const stream = createReadStream(options.path.slice('file:'.length));
    stream.on('data', (chunk) => take(chunk as Buffer));
    stream.on('error', (err) => onIssue(`${options.path}: ${err.message}`));
    // Open before the bridge says it is ready: what the monitor writes from then on is read.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return {
      close: () => {
        stream.destroy();
        return Promise.resolve();
      },
    };
  }
  // Loaded when a serial port is asked for only: the HL7 listener runs without the native binding.
  const specifier = 'serialport';
  let mod: SerialPortModule;
  try {
    mod = (await import(specifier)) as SerialPortModule;
  } catch (err) {
    throw new Error(
      `Serial ports need the serialport package (npm install in the Vigil folder): ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
  const settings = MONITOR_PROTOCOL_INFO[options.protocol].serial!;
  const port = new mod.SerialPort({ path: options.path, ...settings });
  port.on('data', take);
  port.on('error', (err) => onIssue(`${options.path}: ${err?.message ?? 'error'}`));
  port.on('close', () => onIssue(`${options.path}: The monitor stopped: its cable or adapter was disconnected.`));
  return { close: () => new Promise<void>((done) => port.close(() => done())) };
}
