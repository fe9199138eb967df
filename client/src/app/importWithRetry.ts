// No React here: the app's entry (main.tsx) loads the rest of the app with it.
import { LAZY_LOAD_RETRIES, LAZY_LOAD_RETRY_INTERVAL_MS } from '@vigil/shared';

export interface RetryOptions {
  retries: number;
  intervalMs: number;
  /** Whether the app runs locally, where a reload would hide the error from the developer. */
  isLocal: () => boolean;
  reload: () => void;
  wait: (ms: number) => Promise<void>;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const browserOptions = (): RetryOptions => ({
  retries: LAZY_LOAD_RETRIES,
  intervalMs: LAZY_LOAD_RETRY_INTERVAL_MS,
  isLocal: () => LOCAL_HOSTS.has(window.location.hostname),
  reload: () => window.location.reload(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

/**
 * Loads a module, retrying 3 times at 100 ms intervals; if it still fails, reloads the page
 * (a new deployment usually replaced the chunk), except when running locally, where the error
 * is thrown for the sub-app's error boundary (spec 000 §8).
 */
export async function importWithRetry<T>(load: () => Promise<T>, options: Partial<RetryOptions> = {}): Promise<T> {
  const o = { ...browserOptions(), ...options };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (err) {
      if (attempt >= o.retries) {
        if (o.isLocal()) throw err;
        o.reload();
        return new Promise<T>(() => {
          /* the page is reloading */
        });
      }
      await o.wait(o.intervalMs);
    }
  }
}
