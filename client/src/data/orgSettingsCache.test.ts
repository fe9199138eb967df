// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEATURE_OVERRIDES_KEY } from './featureOverrides.js';
import type * as graphqlModule from './graphql.js';
import { RequestError } from './graphql.js';
import type { OrgFeature } from './orgSettings.js';
import { memorySettingsStore } from './settingsCache.js';

// The organisation's feature config, answered by the test: the server's list, or no network.
let answer: () => Promise<unknown> = () => Promise.reject(new RequestError('NETWORK_ERROR'));
vi.mock('./graphql.js', async (original) => ({
  ...(await original<typeof graphqlModule>()),
  graphql: () => answer().then((features) => ({ orgFeaturesConfig: features })),
}));
const { useOrgCaseSettings, useOrgFeatures, useOrgUnits } = await import('./orgSettings.js');

const feature = (name: string, value: boolean, stringValue: string | null = null): OrgFeature => ({
  name,
  label: name,
  subLabel: null,
  checkboxLabel: null,
  value,
  owner: 'org',
  public: true,
  productFeature: false,
  planIncluded: false,
  type: stringValue === null ? 'boolean' : 'string',
  stringValue,
  stringValues: null,
});
const ORG_FEATURES = [
  feature('sedationLevelLimit', true, 'moderate'),
  feature('tempsInCelsius', true),
  feature('drugInventory', true),
  feature('defaultWeightUnit', true, 'kg'),
  feature('defaultHeightUnit', true, 'cm'),
];
const online = (): void => {
  answer = () => Promise.resolve(ORG_FEATURES);
};
const offline = (): void => {
  answer = () => Promise.reject(new RequestError('NETWORK_ERROR'));
};

afterEach(() => {
  localStorage.clear();
  offline();
});

describe('the organisation’s settings on a tablet that starts offline (issue 36 item 6)', () => {
  it('charts under the case settings this device last read, with its overrides on top', async () => {
    const store = memorySettingsStore();
    online();
    const visit = renderHook(() => useOrgCaseSettings('org1', { store }));
    await waitFor(() => expect(visit.result.current.sedationLevelLimit).toBe('moderate'));
    visit.unmount();

    offline();
    localStorage.setItem(FEATURE_OVERRIDES_KEY, JSON.stringify({ org1: { tempsInCelsius: false } }));
    const later = renderHook(() => useOrgCaseSettings('org1', { store }));
    await waitFor(() => expect(later.result.current.sedationLevelLimit).toBe('moderate'));
    expect(later.result.current).toMatchObject({ drugInventory: true, tempsInCelsius: false });
  });

  it('follows the spec’s defaults offline when this device never read the organisation', async () => {
    const store = memorySettingsStore();
    online();
    const other = renderHook(() => useOrgFeatures('org2', true, { store }));
    await waitFor(() => expect(other.result.current.data).not.toBeNull());
    offline();
    const { result } = renderHook(() => ({ units: useOrgUnits('org1', { store }), features: useOrgFeatures('org1', true, { store }) }));
    await waitFor(() => expect(result.current.features.loading).toBe(false));
    expect(result.current.units).toEqual({ weight: 'lb', height: 'in' });
    expect(result.current.features).toMatchObject({ data: null, error: 'NETWORK_ERROR', fromCache: false });
  });

  it('reads a weight typed offline in the organisation’s unit', async () => {
    const store = memorySettingsStore();
    online();
    const visit = renderHook(() => useOrgUnits('org1', { store }));
    await waitFor(() => expect(visit.result.current).toEqual({ weight: 'kg', height: 'cm' }));
    visit.unmount();
    offline();
    const later = renderHook(() => useOrgUnits('org1', { store }));
    expect(later.result.current).toBeNull();
    await waitFor(() => expect(later.result.current).toEqual({ weight: 'kg', height: 'cm' }));
  });

  it('shows the settings editor the server’s config only, and keeps what a change answered', async () => {
    const store = memorySettingsStore();
    await store.write('org1', 'features', ORG_FEATURES);
    const editor = renderHook(() => useOrgFeatures('org1', true, { store, offline: false }));
    await waitFor(() => expect(editor.result.current.loading).toBe(false));
    expect(editor.result.current).toMatchObject({ data: null, error: 'NETWORK_ERROR' });

    act(() => editor.result.current.set([feature('tempsInCelsius', false)]));
    await waitFor(() => expect(editor.result.current.data).toEqual([feature('tempsInCelsius', false)]));
    await waitFor(async () => expect(await store.read('org1', 'features')).toEqual([feature('tempsInCelsius', false)]));
  });
});
