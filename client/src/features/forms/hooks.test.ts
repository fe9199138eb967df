// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../data/graphql.js';
import { memorySettingsStore } from '../../data/settingsCache.js';
import type { OrgForm } from './api.js';

// The organisation's forms, answered by the test: the server's list, or no network.
let answer: () => Promise<OrgForm[]> = () => Promise.reject(new RequestError('NETWORK_ERROR'));
vi.mock('./api.js', () => ({ fetchOrgForms: () => answer() }));
const { useOrgForms } = await import('./hooks.js');

const intake = { id: 'f1', name: 'Intake' } as OrgForm;
const offline = (): Promise<never> => Promise.reject(new RequestError('NETWORK_ERROR'));

describe('the organisation’s forms on a tablet that starts offline (issue 36 item 6)', () => {
  it('lists the forms this device last read', async () => {
    const store = memorySettingsStore();
    answer = () => Promise.resolve([intake]);
    const visit = renderHook(() => useOrgForms('org1', { store }));
    await waitFor(() => expect(visit.result.current.state).toBe('loaded'));
    visit.unmount();

    answer = offline;
    const later = renderHook(() => useOrgForms('org1', { store }));
    expect(later.result.current.state).toBe('loading');
    await waitFor(() => expect(later.result.current.state).toBe('loaded'));
    expect(later.result.current).toMatchObject({ forms: [intake], error: null });
  });

  it('says why when this device never read them, and loads again on reload', async () => {
    const store = memorySettingsStore();
    answer = offline;
    const { result } = renderHook(() => useOrgForms('org1', { store }));
    await waitFor(() => expect(result.current.state).toBe('error'));
    expect(result.current).toMatchObject({ forms: [], error: 'NETWORK_ERROR' });

    answer = () => Promise.resolve([]);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.state).toBe('empty'));
  });

  it('shows the server’s list only when asked to (offline off)', async () => {
    const store = memorySettingsStore();
    await store.write('org1', 'forms', [intake]);
    answer = offline;
    const { result } = renderHook(() => useOrgForms('org1', { store, offline: false }));
    await waitFor(() => expect(result.current.state).toBe('error'));
  });
});
