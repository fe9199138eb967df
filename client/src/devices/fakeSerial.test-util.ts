import type { SerialLike, SerialPortInfoLike, SerialPortLike } from './webSerial.js';

/** What a fake port gives its reader next: bytes, a recoverable framing error (Web Serial hands a new stream), the device lost. */
export type FakePortItem = Uint8Array | 'framingError' | 'unplug';

/**
 * A Web Serial port for tests. Items are given to the reader one a read, in order (pull-based, so
 * an error never overtakes bytes not yet read); a read with nothing queued waits for the next push.
 */
export interface FakePort {
  readonly port: SerialPortLike & { opened: unknown; closed: boolean };
  push(...items: FakePortItem[]): void;
}

export function fakePort(info: SerialPortInfoLike, onChunk: () => void = () => undefined): FakePort {
  const queue: FakePortItem[] = [];
  let wake: (() => void) | null = null;
  let readable: ReadableStream<Uint8Array> | null = null;
  const next = async (): Promise<FakePortItem> => {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return queue.shift()!;
  };
  const stream = (): ReadableStream<Uint8Array> =>
    new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const item = await next();
          if (item === 'framingError') {
            readable = stream();
            controller.error(new DOMException('Framing error', 'FramingError'));
          } else if (item === 'unplug') {
            readable = null;
            controller.error(new DOMException('The device has been lost.', 'NetworkError'));
          } else {
            onChunk();
            controller.enqueue(item);
          }
        },
      },
      { highWaterMark: 0 },
    );
  const port = {
    opened: null as unknown,
    closed: false,
    get readable() {
      return readable;
    },
    open(options: unknown): Promise<void> {
      port.opened = options;
      readable = stream();
      return Promise.resolve();
    },
    close(): Promise<void> {
      if (readable?.locked) return Promise.reject(new TypeError('Cannot close a locked stream'));
      port.closed = true;
      readable = null;
      return Promise.resolve();
    },
    getInfo: () => info,
  };
  return {
    port,
    push(...items) {
      queue.push(...items);
      wake?.();
      wake = null;
    },
  };
}

/** `navigator.serial` that hands out one port, or fails as the chooser does. */
export function fakeSerial(port: SerialPortLike | Error): SerialLike & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    requestPort(options) {
      asked.push(options);
      return port instanceof Error ? Promise.reject(port) : Promise.resolve(port);
    },
  };
}
