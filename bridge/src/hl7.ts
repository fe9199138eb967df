import { createServer, type Server, type Socket } from 'node:net';
import { createHl7Parser, mllpEncode, type MonitorReading, type WaveformSamples } from '@vigil/shared';

/*
 * The HL7 listener (issue 38 protocol 3): networked monitors and gateways send IHE PCD-01
 * ORU^R01 messages over MLLP to the port the bridge listens on. Each connection has its own
 * stream parser (shared's, the same code as every other path); every message read gets its ACK
 * (AA, or AE with the first error) on the same connection, in order. Waveform samples a
 * message carries go to `onWaveforms`, by the device that sent them.
 */

export interface Hl7Reading {
  reading: MonitorReading;
  /** Who sent it: the device the message names (MSH-3 / OBX-18), else the connection's address. */
  sender: string;
}

/** Waveform samples an HL7 message carried (IHE PCD-01 NA/MA OBX, MON18), and who sent them. */
export interface Hl7Waveforms {
  waveforms: WaveformSamples[];
  sender: string;
}

export interface Hl7Listener {
  readonly port: number;
  close(): Promise<void>;
}

export function listenHl7(
  options: { port: number; host?: string; now?: () => number },
  onReading: (r: Hl7Reading) => void,
  onIssue: (text: string) => void = () => {},
  onWaveforms: (w: Hl7Waveforms) => void = () => {},
): Promise<Hl7Listener> {
  const now = options.now ?? Date.now;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const parser = createHl7Parser();
    const address = `${socket.remoteAddress ?? 'unknown'}`;
    const take = (out: ReturnType<typeof parser.push>): void => {
      for (const ack of out.acks) socket.write(mllpEncode(ack));
      for (const reading of out.readings) onReading({ reading, sender: reading.deviceId ?? address });
      const bySender = new Map<string, WaveformSamples[]>();
      for (const w of out.waveforms ?? []) {
        const from = w.deviceId ?? address;
        bySender.set(from, [...(bySender.get(from) ?? []), w]);
      }
      for (const [sender, waveforms] of bySender) onWaveforms({ waveforms, sender });
      for (const issue of out.issues) if (issue.severity === 'error') onIssue(`${address}: ${issue.message}`);
    };
    socket.on('data', (chunk: Buffer) => take(parser.push(new Uint8Array(chunk), now())));
    socket.on('end', () => take(parser.end(now())));
    socket.on('error', (err) => onIssue(`${address}: ${err.message}`));
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      const addr = server.address();
      resolve({
        port: typeof addr === 'object' && addr ? addr.port : options.port,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
