/*
 * A page-level fake of `navigator.serial` (Web Serial) for the monitor specs (issue 38): one
 * port of the fake test vendor (spec 002 §9; pid.codes' test id) whose bytes the test pushes
 * with window.__monitorPush. Install it with page.addInitScript(installFakeSerial, FAKE_TEST_VENDOR).
 */

declare global {
  interface Window {
    /** Gives the fake port's reader the next bytes. */
    __monitorPush(bytes: number[]): void;
    /** What the page asked the chooser for. */
    __monitorAsked: unknown[];
  }
}

/** Runs in the page before its scripts: navigator.serial with one fake port whose bytes the test pushes. */
export function installFakeSerial(info: { usbVendorId: number; usbProductId: number }): void {
  const queue: number[][] = [];
  let wake: (() => void) | null = null;
  const next = async (): Promise<number[]> => {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return queue.shift()!;
  };
  let readable: ReadableStream<Uint8Array> | null = null;
  const port = {
    get readable() {
      return readable;
    },
    open: (): Promise<void> => {
      readable = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            controller.enqueue(new Uint8Array(await next()));
          },
        },
        { highWaterMark: 0 },
      );
      return Promise.resolve();
    },
    close: (): Promise<void> => {
      readable = null;
      return Promise.resolve();
    },
    getInfo: () => info,
  };
  window.__monitorAsked = [];
  window.__monitorPush = (bytes) => {
    queue.push(bytes);
    wake?.();
    wake = null;
  };
  Object.defineProperty(navigator, 'serial', {
    configurable: true,
    value: {
      requestPort: (options: unknown): Promise<typeof port> => {
        window.__monitorAsked.push(JSON.parse(JSON.stringify(options)));
        return Promise.resolve(port);
      },
    },
  });
}
