import { createServer } from 'node:net';
import WebSocket from 'ws';

/** A port free on 127.0.0.1 right now, for a server's inspector (`--inspect=127.0.0.1:PORT`). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The main isolate's heap after a full garbage collection, from the process's inspector. */
export interface HeapAfterGc {
  usedBytes: number;
  totalBytes: number;
}

/**
 * Asks the process listening for the inspector on `port` (Chrome DevTools Protocol) to collect
 * its garbage (HeapProfiler.collectGarbage: a full, compacting collection of the main isolate),
 * then reads its heap usage (Runtime.getHeapUsage).
 */
export async function collectGarbage(port: number): Promise<HeapAfterGc> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let next = 0;
  const call = (method: string): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      const id = ++next;
      // The inspector sends text frames: `data` is a Buffer of one JSON message.
      const onMessage = (data: Buffer): void => {
        const reply = JSON.parse(data.toString('utf8')) as {
          id?: number;
          result?: Record<string, unknown>;
          error?: unknown;
        };
        if (reply.id !== id) return;
        socket.off('message', onMessage);
        if (reply.error) reject(new Error(`${method}: ${JSON.stringify(reply.error)}`));
        else resolve(reply.result ?? {});
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await call('HeapProfiler.enable');
    await call('HeapProfiler.collectGarbage');
    const usage = await call('Runtime.getHeapUsage');
    return { usedBytes: Number(usage.usedSize), totalBytes: Number(usage.totalSize) };
  } finally {
    socket.close();
  }
}
