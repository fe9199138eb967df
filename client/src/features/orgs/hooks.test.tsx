// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Org } from './api.js';

// The organisation read is held until a test answers it.
let answer: (org: Org) => void = () => undefined;
vi.mock('./api.js', () => ({
  fetchOrg: () => new Promise<Org>((resolve) => (answer = resolve)),
}));

const { useOrg } = await import('./hooks.js');

describe('loading an organisation for a screen (useOrg)', () => {
  it('renders once while the first load runs, and once more with its answer', async () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useOrg('smile-dental');
    });
    // The first load starts loading: no second render for it (the org app's chrome and its open
    // screen render under this hook as a case opens).
    expect(renders).toBe(1);
    expect(result.current.loading).toBe(true);
    await act(async () => {
      answer({ id: 'smile-dental' } as Org);
      await Promise.resolve();
    });
    expect(renders).toBe(2);
    expect(result.current).toMatchObject({ loading: false, error: null, data: { id: 'smile-dental' } });
  });

  it('shows loading again when reloaded', async () => {
    const { result } = renderHook(() => useOrg('smile-dental'));
    await act(async () => {
      answer({ id: 'smile-dental' } as Org);
      await Promise.resolve();
    });
    expect(result.current.loading).toBe(false);
    act(() => result.current.reload());
    expect(result.current.loading).toBe(true);
    expect(result.current.data).toEqual({ id: 'smile-dental' });
  });
});
