// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { SHELL_TEXTS } from '@vigil/shared';
import { importWithRetry, type RetryOptions } from './importWithRetry.js';
import { lazyWithRetry } from './lazyWithRetry.js';
import { SubAppBoundary } from './SubAppBoundary.js';

function failing(times: number): { load: () => Promise<string>; calls: () => number } {
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      return calls <= times ? Promise.reject(new Error('chunk failed')) : Promise.resolve('module');
    },
    calls: () => calls,
  };
}

function options(overrides: Partial<RetryOptions> = {}): RetryOptions & { waits: number[] } {
  const waits: number[] = [];
  return {
    retries: 3,
    intervalMs: 100,
    isLocal: () => false,
    reload: vi.fn(),
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    waits,
    ...overrides,
  };
}

describe('lazy-loaded module retry (spec 000 §8)', () => {
  it('loads at once when the module is there', async () => {
    const m = failing(0);
    await expect(importWithRetry(m.load, options())).resolves.toBe('module');
    expect(m.calls()).toBe(1);
  });

  it('retries 3 times at 100 ms intervals and succeeds on the last try', async () => {
    const m = failing(3);
    const o = options();
    await expect(importWithRetry(m.load, o)).resolves.toBe('module');
    expect(m.calls()).toBe(4);
    expect(o.waits).toEqual([100, 100, 100]);
    expect(o.reload).not.toHaveBeenCalled();
  });

  it('reloads the page after the 3 retries fail', async () => {
    const m = failing(10);
    const o = options();
    const pending = importWithRetry(m.load, o);
    await vi.waitFor(() => expect(o.reload).toHaveBeenCalledTimes(1));
    expect(m.calls()).toBe(4);
    // The promise never settles: the page is going away.
    const settled = await Promise.race([pending.then(() => true), Promise.resolve(false)]);
    expect(settled).toBe(false);
  });

  it('throws instead of reloading when running locally', async () => {
    const m = failing(10);
    const o = options({ isLocal: () => true });
    await expect(importWithRetry(m.load, o)).rejects.toThrow('chunk failed');
    expect(m.calls()).toBe(4);
    expect(o.reload).not.toHaveBeenCalled();
  });
});

describe('a sub-app loaded on demand', () => {
  afterEach(cleanup);

  function subApp(): { Screen: ReturnType<typeof lazyWithRetry<object>>; loads: () => number } {
    let loads = 0;
    const Screen = lazyWithRetry<object>(() => {
      loads += 1;
      return Promise.resolve({ default: () => <p>Case screen</p> });
    });
    return { Screen, loads: () => loads };
  }

  it('shows the fallback, then the screen, when its code was not loaded before', async () => {
    const { Screen, loads } = subApp();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Case screen')).toBeTruthy();
    expect(loads()).toBe(1);
  });

  it('renders the screen in its first render, with no fallback, once preloaded (main.tsx)', async () => {
    const { Screen, loads } = subApp();
    await Screen.preload();
    const seen: string[] = [];
    function Fallback(): null {
      seen.push('fallback');
      return null;
    }
    act(() => {
      render(
        <Suspense fallback={<Fallback />}>
          <Screen />
        </Suspense>,
      );
    });
    expect(screen.getByText('Case screen')).toBeTruthy();
    expect(seen).toEqual([]);
    // The preload and the render share one load.
    expect(loads()).toBe(1);
  });

  it('resolves preload when the code cannot be loaded, and the render shows that failure without loading again', async () => {
    let loads = 0;
    const Screen = lazyWithRetry<object>(() => {
      loads += 1;
      return Promise.reject(new Error('offline'));
    });
    // Running locally, the last failure is thrown rather than reloading the page (spec 000 §8).
    expect(['localhost', '127.0.0.1', '[::1]']).toContain(window.location.hostname);
    vi.useFakeTimers();
    const preloaded = Screen.preload();
    await vi.runAllTimersAsync();
    await expect(preloaded).resolves.toBeUndefined();
    vi.useRealTimers();
    expect(loads).toBe(4);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MantineProvider>
        <SubAppBoundary>
          <Suspense fallback={<p>Loading</p>}>
            <Screen />
          </Suspense>
        </SubAppBoundary>
      </MantineProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining(SHELL_TEXTS.subAppFailed),
    );
    expect(loads).toBe(4);
  });
});
