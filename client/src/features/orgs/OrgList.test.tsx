// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../session/api.js';
import { installMatchMedia } from '../../ui/matchMedia.test-util.js';
import { OrgList } from './OrgList.js';

beforeAll(() => {
  installMatchMedia();
  vi.stubGlobal('__APP_VERSION__', 'test');
});

let sent: { query: string; variables: Record<string, unknown> }[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      sent.push(JSON.parse(init.body as string) as (typeof sent)[number]);
      return Promise.resolve(new Response(JSON.stringify({ data: { trackAnalyticsEvent: true } }), { status: 200 }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const session: Session = {
  userId: 'u1',
  multiFactorLast: 1,
  multiFactorAuthExp: 2,
  sessionRenewedAt: 1,
  sessionExpiresAt: 2,
  sudoLast: null,
  sudoExpiresAt: null,
  singleOrg: null,
  orgs: {
    regular: [{ id: 'dental', name: 'Dental', type: 'regular', roles: ['member'] }],
    parent: [],
    vigil: [],
    reseller: [],
  },
};

function renderList(onChoose: () => void): void {
  render(
    <MantineProvider>
      <MemoryRouter>
        <OrgList session={session} onChoose={onChoose} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('the organisation list’s Org Selected beacon (spec 000 §7)', () => {
  it('sends Org Selected with the organisation chosen, then closes the switcher', async () => {
    const onChoose = vi.fn();
    renderList(onChoose);
    fireEvent.click(screen.getByText('Dental'));
    expect(onChoose).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.query).toContain('trackAnalyticsEvent');
    expect(sent[0]!.variables).toEqual({ name: 'Org Selected', orgId: 'dental' });
  });

  it('sends nothing offline, and queues nothing for later', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const onChoose = vi.fn();
    renderList(onChoose);
    fireEvent.click(screen.getByText('Dental'));
    expect(onChoose).toHaveBeenCalledOnce();
    await new Promise((r) => setTimeout(r, 50));
    vi.restoreAllMocks();
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
  });
});
