import { createElement, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { importWithRetry } from './importWithRetry.js';

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
