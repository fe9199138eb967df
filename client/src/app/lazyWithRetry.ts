import { createElement, lazy, useState, type ComponentType, type ReactNode } from 'react';
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

/** A component whose code loads on demand: `React.lazy` with a way to start the load early. */
export interface LazyComponent<P extends object> {
  (props: P): ReactNode;
  /**
   * Starts loading the component's code now (with the retries). Resolves once it is loaded, or
   * once loading failed: rendering then shows that failure (the sub-app's error boundary).
   */
  preload: () => Promise<void>;
}

/**
 * `React.lazy` with the retry rule of spec 000 §8. A component whose code was loaded before it
 * first renders (`preload`) renders straight away: no suspending, no fallback frame first.
 */
export function lazyWithRetry<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  // One load, its retries included: a failed preload is the failure the render shows.
  const loadOnce = (): Promise<{ default: ComponentType<P> }> =>
    (loading ??= importWithRetry(load).then((m) => {
      loaded = m.default;
      return m;
    }));
  const Lazy = lazy(loadOnce);
  function LazyWithRetry(props: P): ReactNode {
    // Chosen once per mount: switching from the lazy one later would mount the screen again.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  LazyWithRetry.preload = (): Promise<void> =>
    loadOnce().then(
      () => undefined,
      () => undefined,
    );
  return LazyWithRetry;
}
