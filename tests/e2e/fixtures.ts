import { test as base, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../utils/start-server.js';

/**
 * Every end-to-end worker runs the real server (built PWA, real SQLite file in a temporary
 * directory) on a free port; `baseURL` points at it.
 */
export const test = base.extend<object, { server: TestServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as the first argument
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
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
