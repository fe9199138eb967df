// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import type { OfficeDrugsView } from '@vigil/shared';
import { describe, expect, it, vi } from 'vitest';
import type * as graphqlModule from './graphql.js';
import { RequestError } from './graphql.js';
import { memorySettingsStore } from './settingsCache.js';

// The office's drug list, answered by the test: the server's, or no network.
let answer: () => Promise<unknown> = () => Promise.reject(new RequestError('NETWORK_ERROR'));
const calls = vi.fn();
vi.mock('./graphql.js', async (original) => ({
  ...(await original<typeof graphqlModule>()),
  graphql: () => {
    calls();
    return answer().then((officeDrugs) => ({ officeDrugs }));
  },
}));
const { fetchOfficeDrugs, useOfficeDrugs } = await import('./officeDrugs.js');

const VIEW: OfficeDrugsView = {
  drugs: [
    { id: 'triazolam', category: 'oral', name: 'Triazolam', custom: false, unit: 'mg', routes: ['SL'], commonDoses: [], maximum: null },
  ],
  inherited: [
    { id: 'diazepam', category: 'oral', name: 'Diazepam', custom: false, unit: 'mg', routes: ['PO'], commonDoses: [], maximum: null },
  ],
  inheritedFrom: ['Smile Group'],
  editable: false,
};

describe('the office’s drug list on the device (issue 39)', () => {
  it('shares one request between readers asking at once', async () => {
    let release: (v: unknown) => void = () => undefined;
    answer = () => new Promise((r) => (release = r));
    calls.mockClear();
    const [a, b] = [fetchOfficeDrugs('office'), fetchOfficeDrugs('office')];
    release(VIEW);
    expect(await a).toEqual(VIEW);
    expect(await b).toEqual(VIEW);
    expect(calls).toHaveBeenCalledTimes(1);
    // Once answered, the next read asks again.
    answer = () => Promise.resolve(VIEW);
    await fetchOfficeDrugs('office');
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('[OD2] answers the office’s drugs then its parents’, from the device’s copy when offline', async () => {
    const store = memorySettingsStore();
    await store.write('office', 'officeDrugs', VIEW);
    answer = () => Promise.reject(new RequestError('NETWORK_ERROR'));
    const { result } = renderHook(() => useOfficeDrugs('office', { store }));
    await waitFor(() => expect(result.current.map((d) => d.id)).toEqual(['triazolam', 'diazepam']));
  });
});
