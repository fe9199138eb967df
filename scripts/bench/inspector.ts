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
  /** How many worker threads' isolates were collected as well. */
  workers: number;
}

interface CdpMessage {
  id?: number;
  method?: string;
  params?: { sessionId?: string; message?: string };
  result?: Record<string, unknown>;
  error?: unknown;
}

/**
 * Asks the process listening for the inspector on `port` (Chrome DevTools Protocol) to collect
 * the garbage of every isolate it runs (HeapProfiler.collectGarbage: a full, compacting
 * collection), its worker threads' too (reached through the NodeWorker domain: ours checks cases
 * in one, and under tsx each loader runs in one), then reads the main isolate's heap usage
 * (Runtime.getHeapUsage). Without the workers, what a worker's last work left in its young
 * generation (up to tens of megabytes, freed at its next collection) counted in the RSS as held.
 */
export async function collectGarbage(port: number): Promise<HeapAfterGc> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const workers: string[] = [];
  const waiting = new Map<string, { resolve: (r: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  const settle = (key: string, reply: CdpMessage, method: string): void => {
    const waiter = waiting.get(key);
    if (!waiter) return;
    waiting.delete(key);
    if (reply.error) waiter.reject(new Error(`${method}: ${JSON.stringify(reply.error)}`));
    else waiter.resolve(reply.result ?? {});
  };
  // The inspector sends text frames: `data` is a Buffer of one JSON message.
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as CdpMessage;
    if (message.method === 'NodeWorker.attachedToWorker' && message.params?.sessionId)
      workers.push(message.params.sessionId);
    else if (message.method === 'NodeWorker.receivedMessageFromWorker' && message.params?.message) {
      const inner = JSON.parse(message.params.message) as CdpMessage;
      if (inner.id !== undefined) settle(`${message.params.sessionId}:${inner.id}`, inner, 'worker');
    } else if (message.id !== undefined) settle(`main:${message.id}`, message, 'main');
  });
  let next = 0;
  const call = (method: string, params: Record<string, unknown> = {}, worker?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++next;
      waiting.set(`${worker ?? 'main'}:${id}`, { resolve, reject });
      const message = JSON.stringify({ id, method, params });
      if (worker === undefined) socket.send(message);
      else
        socket.send(
          JSON.stringify({ id: -id, method: 'NodeWorker.sendMessageToWorker', params: { sessionId: worker, message } }),
        );
    });
  try {
    // Node announces the workers already running before it answers the enable.
    await call('NodeWorker.enable', { waitForDebuggerOnStart: false });
    for (const worker of workers) {
      await call('HeapProfiler.enable', {}, worker);
      await call('HeapProfiler.collectGarbage', {}, worker);
    }
    await call('HeapProfiler.enable');
    await call('HeapProfiler.collectGarbage');
    const usage = await call('Runtime.getHeapUsage');
    return { usedBytes: Number(usage.usedSize), totalBytes: Number(usage.totalSize), workers: workers.length };
  } finally {
    socket.close();
  }
}
