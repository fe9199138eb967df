// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from './graphql.js';
import { clearSettingsCache, memorySettingsStore, useCachedQuery } from './settingsCache.js';

const offline = (): Promise<never> => Promise.reject(new RequestError('NETWORK_ERROR'));

describe('settings read through GraphQL with the device’s copy (issue 36 item 6)', () => {
  it('keeps what the server answered, and answers it when the tablet starts offline', async () => {
    const store = memorySettingsStore();
    const online = renderHook(() => useCachedQuery('org1', 'policies', () => Promise.resolve(['SO1 warn']), { store }));
    await waitFor(() => expect(online.result.current.loading).toBe(false));
    expect(online.result.current).toMatchObject({ data: ['SO1 warn'], error: null, fromCache: false });
    online.unmount();

    // A later start with no network: the copy, marked as such, with the reason.
    const later = renderHook(() => useCachedQuery<string[]>('org1', 'policies', offline, { store }));
    await waitFor(() => expect(later.result.current.loading).toBe(false));
    expect(later.result.current).toMatchObject({ data: ['SO1 warn'], error: 'NETWORK_ERROR', fromCache: true });
  });

  it('answers nothing offline when the device never read the setting, nor another organisation’s copy', async () => {
    const store = memorySettingsStore();
    await store.write('org2', 'policies', ['SO1 off']);
    const { result } = renderHook(() => useCachedQuery<string[]>('org1', 'policies', offline, { store }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ data: null, error: 'NETWORK_ERROR', fromCache: false });
  });

  it('answers the copy only for an unreachable server, and only when asked to (an editor shows the server’s)', async () => {
    const store = memorySettingsStore();
    await store.write('org1', 'policies', ['SO1 warn']);
    const refused = renderHook(() =>
      useCachedQuery<string[]>('org1', 'policies', () => Promise.reject(new RequestError('NOT_AUTHORIZED')), {
        store,
      }),
    );
    await waitFor(() => expect(refused.result.current.loading).toBe(false));
    expect(refused.result.current).toMatchObject({ data: null, error: 'NOT_AUTHORIZED' });
    const editor = renderHook(() => useCachedQuery<string[]>('org1', 'policies', offline, { store, offline: false }));
    await waitFor(() => expect(editor.result.current.loading).toBe(false));
    expect(editor.result.current).toMatchObject({ data: null, error: 'NETWORK_ERROR' });
  });

  it('answers the server’s value only once the device’s copy is kept (a page left at once still finds it offline)', async () => {
    const store = memorySettingsStore();
    let kept: (() => void) | undefined;
    const slowStore = {
      ...store,
      write: (orgId: string, name: string, value: unknown) =>
        new Promise<void>((resolve) => {
          kept = () => void store.write(orgId, name, value).then(resolve);
        }),
    };
    const { result } = renderHook(() => useCachedQuery('org1', 'checklists', () => Promise.resolve(['Consent signed']), { store: slowStore }));
    // The server answered and the copy is being written: nothing is answered yet.
    await waitFor(() => expect(kept).toBeDefined());
    expect(result.current).toMatchObject({ data: null, loading: true });
    act(() => kept?.());
    await waitFor(() => expect(result.current.data).toEqual(['Consent signed']));
    expect(await store.read('org1', 'checklists')).toEqual(['Consent signed']);
  });

  it('reads nothing while disabled, and keeps what a mutation answered', async () => {
    const store = memorySettingsStore();
    const fetch = vi.fn(() => Promise.resolve(['SO1 warn']));
    const { result, rerender } = renderHook(({ enabled }) => useCachedQuery('org1', 'policies', fetch, { store, enabled }), {
      initialProps: { enabled: false },
    });
    expect(fetch).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.data).toEqual(['SO1 warn']));
    act(() => result.current.set(['SO1 off']));
    await waitFor(() => expect(result.current.data).toEqual(['SO1 off']));
    expect(await store.read('org1', 'policies')).toEqual(['SO1 off']);
  });
});

describe('clearing the settings cache (sign-out)', () => {
  it('forgets every setting of every organisation', async () => {
    const store = memorySettingsStore();
    await store.write('org1', 'policies', ['SO1 warn']);
    await store.write('org2', 'features', ['drugInventory']);
    await clearSettingsCache(store);
    expect(await store.read('org1', 'policies')).toBeUndefined();
    expect(await store.read('org2', 'features')).toBeUndefined();
  });
});
