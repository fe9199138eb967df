import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MonitorReading, MonitorVital, WaveformSamples } from '@vigil/shared';
import { DiskBuffer } from './buffer.js';
import { listenHl7, type Hl7Listener } from './hl7.js';
import { Sender } from './sender.js';
import { openSerial, type SerialProtocol, type SerialSource } from './serial.js';
import type { BridgeCredential, BridgeMonitor, BridgeReading } from './types.js';
import { WaveSender } from './waves.js';

/*
 * The Vigil Bridge (issue 38; docs/decisions.md, session 28): pairs with an organisation by a
 * one-time code, reads its monitors (serial ports, the HL7 listener), keeps every reading on disk
 * and sends them to the server, which charts them into the case a provider picked.
 */

const CREDENTIAL = 'credential.json';

/** Trades a pairing code for the bridge's credential and keeps it in the data folder (owner-only). */
export async function pair(options: {
  server: string;
  code: string;
  name: string;
  dataDir: string;
}): Promise<BridgeCredential> {
  const res = await fetch(new URL('/api/bridge/pair', options.server), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: options.code, name: options.name }),
  });
  const body = (await res.json()) as Omit<BridgeCredential, 'server'> & { error?: string };
  if (res.status !== 201) throw new Error(`Pairing refused: ${body.error ?? res.status}`);
  const credential: BridgeCredential = {
    server: options.server,
    ...{ bridgeId: body.bridgeId, token: body.token, orgId: body.orgId, location: body.location },
  };
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, CREDENTIAL);
  writeFileSync(file, JSON.stringify(credential, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return credential;
}

/**
 * A reading's own time: the device's observation time where it gave one as a moment (HL7 with a
 * zone offset, MON15), else when its bytes reached the bridge. Its vitals take the same time.
 */
export function originalTimes(reading: MonitorReading): Pick<BridgeReading, 'receivedAt' | 'vitals'> {
  const at = reading.observedAt ?? reading.receivedAt;
  const vitals: BridgeReading['vitals'] = {};
  for (const [type, vital] of Object.entries(reading.vitals) as [keyof BridgeReading['vitals'], MonitorVital][]) {
    vitals[type] = { ...vital, time: vital.time === reading.receivedAt ? at : vital.time };
  }
  return { receivedAt: at, vitals };
}

export function readCredential(dataDir: string): BridgeCredential | null {
  const file = path.join(dataDir, CREDENTIAL);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BridgeCredential) : null;
}

export interface SerialMonitorOption {
  path: string;
  protocol: SerialProtocol;
  label: string;
}

export interface BridgeOptions {
  dataDir: string;
  credential: BridgeCredential;
  /** The HL7 listener's port (0: any free port), or null for none. */
  hl7Port: number | null;
  hl7Host?: string;
  /** The name of each HL7 sender (by MSH-3), else "HL7 monitor {sender}". */
  hl7Labels?: Record<string, string>;
  serial?: SerialMonitorOption[];
  log?: (text: string) => void;
  now?: () => number;
}

export interface RunningBridge {
  hl7Port: number | null;
  buffer: DiskBuffer;
  sender: Sender;
  waves: WaveSender;
  stop(): Promise<void>;
}

export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const log = options.log ?? ((text: string) => console.error(`vigil-bridge: ${text}`));
  const now = options.now ?? Date.now;
  mkdirSync(options.dataDir, { recursive: true });
  const buffer = new DiskBuffer(options.dataDir);
  const monitors = new Map<string, BridgeMonitor>();
  const sender = new Sender({ credential: options.credential, buffer, monitors: () => [...monitors.values()], log });
  const waves = new WaveSender({ credential: options.credential, monitors: () => [...monitors.values()], log });
  const relay = (monitor: BridgeMonitor, samples: readonly WaveformSamples[]): void => {
    monitors.set(monitor.key, monitor);
    waves.add(
      samples.map(({ type, values, sampleRateHz, receivedAt }) => ({
        monitorKey: monitor.key,
        type,
        values,
        sampleRateHz,
        receivedAt,
      })),
    );
  };
  const hl7Monitor = (from: string): BridgeMonitor => ({
    key: `hl7:${from}`,
    label: options.hl7Labels?.[from] ?? `HL7 monitor ${from}`,
    protocol: 'hl7',
  });
  const take = (monitor: BridgeMonitor, reading: MonitorReading): void => {
    monitors.set(monitor.key, monitor);
    buffer.append({ id: randomUUID(), monitorKey: monitor.key, ...originalTimes(reading) });
    sender.kick();
  };
  let hl7: Hl7Listener | null = null;
  if (options.hl7Port !== null) {
    hl7 = await listenHl7(
      { port: options.hl7Port, ...(options.hl7Host ? { host: options.hl7Host } : {}), now },
      ({ reading, sender: from }) => take(hl7Monitor(from), reading),
      log,
      ({ waveforms, sender: from }) => relay(hl7Monitor(from), waveforms),
    );
    log(`HL7 (MLLP) listener on port ${hl7.port}`);
  }
  const serial: SerialSource[] = [];
  for (const s of options.serial ?? []) {
    const monitor: BridgeMonitor = { key: `serial:${s.path}`, label: s.label, protocol: s.protocol };
    monitors.set(monitor.key, monitor);
    const read = (r: MonitorReading): void => take(monitor, r);
    serial.push(await openSerial({ path: s.path, protocol: s.protocol, now }, read, log, (w) => relay(monitor, w)));
    log(`${s.label}: ${s.protocol} on ${s.path}`);
  }
  if (buffer.length > 0) log(`${buffer.length} readings kept on disk from before: sending them first`);
  sender.kick();
  return {
    hl7Port: hl7?.port ?? null,
    buffer,
    sender,
    waves,
    stop: async () => {
      sender.stop();
      waves.stop();
      await hl7?.close();
      for (const s of serial) await s.close();
    },
  };
}
