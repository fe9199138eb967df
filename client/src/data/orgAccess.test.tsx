// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Session } from '../session/api.js';
import type * as graphqlModule from './graphql.js';
import { RequestError } from './graphql.js';
import { memorySettingsStore } from './settingsCache.js';

// A member of the parent organisation 'grp' only: an admin of dental once dental's parents are known.
const session: Session = {
  userId: 'u1',
  multiFactorLast: 1,
  multiFactorAuthExp: 2,
  sessionRenewedAt: 1,
  sessionExpiresAt: 2,
  sudoLast: null,
  sudoExpiresAt: null,
  singleOrg: null,
  orgs: { regular: [], parent: [{ id: 'grp', name: 'Group', type: 'parent', roles: ['member'] }], vigil: [], reseller: [] },
};
vi.mock('../session/SessionProvider.js', () => ({ useSession: () => ({ session }) }));

const server = vi.hoisted(() => ({ answer: null as (() => Promise<unknown>) | null }));
vi.mock('./graphql.js', async (original) => ({
  ...(await original<typeof graphqlModule>()),
  graphql: () => server.answer!(),
}));

const { useMayAdminister } = await import('./orgAccess.js');

describe('whether the user may administer an organisation, below the features (issue 36 item 6)', () => {
  it("answers from the session at once, then with the organisation's parents once read", async () => {
    server.answer = () => Promise.resolve({ org: { parentOrgs: ['grp'] } });
    const { result } = renderHook(() => useMayAdminister('dental', { store: memorySettingsStore() }));
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('offline, answers with the parents this device last read', async () => {
    const store = memorySettingsStore();
    server.answer = () => Promise.resolve({ org: { parentOrgs: ['grp'] } });
    const online = renderHook(() => useMayAdminister('dental', { store }));
    await waitFor(() => expect(online.result.current).toBe(true));
    online.unmount();

    server.answer = () => Promise.reject(new RequestError('NETWORK_ERROR'));
    const offline = renderHook(() => useMayAdminister('dental', { store }));
    await waitFor(() => expect(offline.result.current).toBe(true));
  });
});
