import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { seededRandom } from './random.js';

export interface Faults {
  /** Probability a message is dropped. */
  drop: number;
  /** Probability a message is sent twice. */
  duplicate: number;
  /** Each message is delayed by a random 0..maxDelayMs, which reorders them. */
  maxDelayMs: number;
  /** Probability, per message, that the connection is cut (a partition; the client reconnects). */
  partition: number;
}

export const NO_FAULTS: Faults = { drop: 0, duplicate: 0, maxDelayMs: 0, partition: 0 };

export interface FaultProxy {
  url: string;
  /** Changes the faults from now on (e.g. heal the network at the end). */
  setFaults(faults: Faults): void;
  /** Cuts every connection now (a network partition); clients reconnect on their own. */
  partitionAll(): void;
  counts: { forwarded: number; dropped: number; duplicated: number; partitions: number };
  close(): Promise<void>;
}

/**
 * A websocket proxy between clients and the real server that drops, delays (and so reorders),
 * duplicates and partitions traffic, message by message, in both directions.
 */
export async function startFaultProxy(targetUrl: string, seed: number, initial: Faults): Promise<FaultProxy> {
  const random = seededRandom(seed);
  let faults = initial;
  const counts = { forwarded: 0, dropped: 0, duplicated: 0, partitions: 0 };
  const server: Server = createServer();
  const wss = new WebSocketServer({ server });
  const target = targetUrl.replace(/^http/, 'ws');

  wss.on('connection', (client, req) => {
    const upstream = new WebSocket(`${target}${req.url ?? ''}`);
    const backlog: RawData[] = [];
    const cut = (): void => {
      client.terminate();
      upstream.terminate();
    };
    const forward = (to: WebSocket, data: RawData): void => {
      if (random() < faults.partition) {
        counts.partitions += 1;
        cut();
        return;
      }
      if (random() < faults.drop) {
        counts.dropped += 1;
        return;
      }
      const copies = random() < faults.duplicate ? 2 : 1;
      if (copies === 2) counts.duplicated += 1;
      for (let i = 0; i < copies; i++) {
        const delay = Math.floor(random() * (faults.maxDelayMs + 1));
        const sendNow = (): void => {
          if (to.readyState === WebSocket.OPEN) {
            to.send(data);
            counts.forwarded += 1;
          }
        };
        if (delay === 0) sendNow();
        else setTimeout(sendNow, delay);
      }
    };
    client.on('message', (data) => {
      if (upstream.readyState === WebSocket.OPEN) forward(upstream, data);
      else backlog.push(data);
    });
    upstream.on('open', () => {
      for (const data of backlog.splice(0)) forward(upstream, data);
    });
    upstream.on('message', (data) => forward(client, data));
    upstream.on('close', (code, reason) => {
      if (client.readyState === WebSocket.OPEN) client.close(code >= 4000 ? code : 1000, reason);
    });
    client.on('close', () => upstream.terminate());
    upstream.on('error', () => client.terminate());
    client.on('error', () => upstream.terminate());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setFaults: (f) => {
      faults = f;
    },
    counts,
    partitionAll: () => {
      counts.partitions += 1;
      for (const c of wss.clients) c.terminate();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.close(() => resolve());
      }),
  };
}
