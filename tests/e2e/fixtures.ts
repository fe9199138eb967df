import { test as base, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../utils/start-server.js';

/** How a spec file's server is started: extra environment (e.g. `EMR_LAUNCH_SECRET`), set with `test.use`. */
export interface ServerOptions {
  env?: Record<string, string>;
}

/** How long a server may take to start before the test waiting for it fails. */
const SERVER_START_BOUND_MS = 150_000;

/**
 * Stops a server and deletes its data directory. The server's graceful close waits for every
 * open connection, so a browser still holding one (a live event stream) is given 10 s, then killed.
 */
async function shutDown(server: TestServer | null | undefined): Promise<void> {
  if (!server) return;
  const stopped = server.stop();
  const graceful = await Promise.race([
    stopped.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
  ]);
  if (!graceful) await server.stop('SIGKILL');
  await server.dispose();
}

/**
 * The one server of the spec file a worker is running. A worker runs its files one after another
 * (`fullyParallel: false`), so it keeps one server at a time: a test of another file (or of the
 * same file with other options) stops the last one, deletes its data directory and takes a new
 * one. While a file's tests run, the next file's server (default options) starts beside them, so a
 * file seldom waits for its server.
 */
class FileServers {
  private current: { key: string; server: Promise<TestServer> } | null = null;
  private spare: Promise<TestServer> | null = null;
  private closing = false;

  async for(file: string, options: ServerOptions): Promise<TestServer> {
    const key = `${file}\n${JSON.stringify(options.env ?? {})}`;
    if (this.current?.key === key) return this.current.server;
    await this.close();
    const fromSpare = options.env === undefined && this.spare !== null;
    const server = fromSpare ? this.spare! : this.start(options);
    if (fromSpare) this.spare = null;
    this.current = { key, server };
    // A start that failed is not kept: the file's next test tries again.
    server.then(
      () => {
        if (!this.closing && this.spare === null) this.spare = this.start({});
      },
      () => {
        if (this.current?.server === server) this.current = null;
      },
    );
    return server;
  }

  /** Stops the current file's server and deletes its data directory. */
  async close(): Promise<void> {
    const last = this.current;
    this.current = null;
    await shutDown(await last?.server.catch(() => null));
  }

  /** At the worker's end: the current server and the spare. */
  async closeAll(): Promise<void> {
    this.closing = true;
    await this.close();
    const spare = this.spare;
    this.spare = null;
    await shutDown(await spare?.catch(() => null));
  }

  private start(options: ServerOptions): Promise<TestServer> {
    // A start is a few seconds on an idle machine; seen at 60 s on 2 cores loaded 15 times over.
    const server = startServer({ env: options.env, timeoutMs: SERVER_START_BOUND_MS });
    // A spare that fails is reported by the test that takes it, not as an unhandled rejection.
    server.catch(() => undefined);
    return server;
  }
}

/**
 * Every end-to-end spec FILE runs against its own real server (built PWA, real SQLite file in its
 * own temporary directory) on its own free port, so its own origin: no data, outbox, rate-limit
 * count, clock or origin-keyed browser storage of one file reaches another, whatever the number
 * of workers and whichever files a worker happens to run before it (issue 26). The tests of one
 * file share it, in order, as they always did. `baseURL` points at it.
 */
export const test = base.extend<{ server: TestServer; serverOptions: ServerOptions }, { fileServers: FileServers }>({
  serverOptions: [{}, { option: true }],
  fileServers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as the first argument
    async ({}, use) => {
      const servers = new FileServers();
      await use(servers);
      await servers.closeAll();
    },
    // Stopping may wait for a spare still starting.
    { scope: 'worker', timeout: SERVER_START_BOUND_MS + 30_000 },
  ],
  server: [
    async ({ browser, fileServers, serverOptions }, use, testInfo) => {
      // Contexts an earlier test opened with browser.newContext() and left open (Playwright closes
      // only its own `context`) would keep their pages running (timers, live event streams,
      // reconnecting websockets) beside this test, against a server that is gone or, port reused,
      // another file's. Nothing of an earlier test stays in the browser. (This fixture is set up
      // before the test's own contexts: they take their baseURL from it.)
      await Promise.all(browser.contexts().map((context) => context.close()));
      const started = Date.now();
      const server = await fileServers.for(testInfo.file, serverOptions);
      // How long the test waited for its file's server (0 once it runs): the cost of one per file.
      testInfo.annotations.push({ type: 'server-wait-ms', description: String(Date.now() - started) });
      await use(server);
    },
    // Starting a server on a loaded machine does not eat into the first test's own time.
    { timeout: SERVER_START_BOUND_MS + 30_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect } from '@playwright/test';

/** Waits until the app's service worker is ready and controls the page (offline reloads need it). */
export async function untilControlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
  });
}

/** Resolves after the page has painted `count` more frames (layout and React commits in between). */
export async function afterFrames(page: Page, count = 2): Promise<void> {
  await page.evaluate(async (n) => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}
