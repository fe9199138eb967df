// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { TeamClientLogView, TeamSupportUserView } from '@vigil/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../data/graphql.js';
import * as api from './supportApi.js';
import { TeamSupportSearch } from './TeamSupportSearch.js';

vi.mock('./supportApi.js', () => ({
  CLIENT_LOGS_PAGE: 2,
  searchSupport: vi.fn(),
  fetchSupportUser: vi.fn(),
  fetchSupportOrg: vi.fn(),
  fetchClientLogs: vi.fn(),
}));

const NOV = Date.UTC(2026, 10, 29, 9, 30);

const ANN: TeamSupportUserView = {
  id: 'usr-ann',
  name: 'Ann Assistant',
  email: 'ann@office.test',
  createdAt: NOV,
  memberships: [{ orgId: 'office', orgName: 'Bright Dental', orgType: 'regular', roles: ['member'] }],
  devices: [{ sessionId: 's1', userAgent: 'Safari on iPad', signedInAt: NOV, lastSeenAt: NOV + 60_000 }],
  sync: [
    {
      ...{ orgId: 'office', orgName: 'Bright Dental', documents: 12, unsigned: 2 },
      lastSavedAt: '2026-11-29T09:40:00.000Z',
      recentUnsigned: [{ docId: 'cmp-7', lastSavedAt: '2026-11-29T09:40:00.000Z' }],
    },
  ],
};

const log = (n: number, errorName: string): TeamClientLogView => ({
  ...{ at: NOV - n * 60_000, level: 50, kind: 'error', errorName, code: n === 1 ? 'NETWORK_ERROR' : null },
  ...{ where: 'index.js:1:2', route: '/org/office/cases/:id', appVersion: '1.4.0', userId: 'usr-ann' },
  ...{ orgId: 'office', cursor: `c${n}` },
});

function renderAt(path: string): void {
  render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/vigil-team/customer-support" element={<TeamSupportSearch />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('the team’s customer-support search (issue 41)', () => {
  it('finds a user and shows their organisations, devices, sync health and errors a page at a time', async () => {
    vi.mocked(api.searchSupport).mockResolvedValue([
      { kind: 'user', id: 'usr-ann', name: 'Ann Assistant', detail: 'ann@office.test' },
      { kind: 'organisation', id: 'office', name: 'Bright Dental', detail: 'regular' },
    ]);
    vi.mocked(api.fetchSupportUser).mockResolvedValue(ANN);
    vi.mocked(api.fetchClientLogs).mockImplementation((_of, after) =>
      Promise.resolve(after === null ? [log(1, 'TypeError'), log(2, 'RangeError')] : [log(3, 'SyntaxError')]),
    );
    renderAt('/vigil-team/customer-support');
    fireEvent.change(screen.getByLabelText(/Email, name or id/), { target: { value: ' ann ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const found = await screen.findByRole('list', { name: 'Found' });
    expect(api.searchSupport).toHaveBeenCalledWith('ann');
    expect(within(found).getByText(/organization · office · regular/)).toBeTruthy();
    fireEvent.click(within(found).getByRole('link', { name: 'Ann Assistant' }));

    expect(await screen.findByRole('heading', { name: 'Ann Assistant' })).toBeTruthy();
    expect(api.fetchSupportUser).toHaveBeenCalledWith('usr-ann');
    const devices = screen.getByRole('table', { name: 'Signed-in devices' });
    expect(within(devices).getByText('Safari on iPad')).toBeTruthy();
    expect(within(devices).getByText('2026-11-29 09:31')).toBeTruthy();
    const sync = screen.getByRole('table', { name: 'Sync health' });
    const row = within(sync).getByRole('row', { name: /Bright Dental/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', '2', '2026-11-29 09:40', 'cmp-7 (2026-11-29 09:40)']);

    const errors = await screen.findByRole('table', { name: 'Recent errors' });
    expect(api.fetchClientLogs).toHaveBeenCalledWith({ userId: 'usr-ann' }, null);
    expect(within(errors).getByText('NETWORK_ERROR')).toBeTruthy();
    expect(within(errors).getAllByRole('row')).toHaveLength(3); // the header and the first page's two
    fireEvent.click(screen.getByRole('button', { name: 'Older errors' }));
    await waitFor(() => expect(within(errors).getByText('SyntaxError')).toBeTruthy());
    expect(api.fetchClientLogs).toHaveBeenLastCalledWith({ userId: 'usr-ann' }, 'c2');
    // A short page is the last: no further "Older errors".
    expect(screen.queryByRole('button', { name: 'Older errors' })).toBeNull();
  });

  it('opens an organisation from the address with its members, sync and errors', async () => {
    vi.mocked(api.fetchSupportOrg).mockResolvedValue({
      ...{ id: 'office', name: 'Bright Dental', type: 'regular', createdAt: NOV, parents: ['group'] },
      members: [{ userId: 'usr-ann', name: 'Ann Assistant', email: 'ann@office.test', roles: ['member'] }],
      sync: { ...ANN.sync[0]!, documents: 0, unsigned: 0, lastSavedAt: null, recentUnsigned: [] },
    });
    vi.mocked(api.fetchClientLogs).mockResolvedValue([]);
    renderAt('/vigil-team/customer-support?org=office');
    expect(await screen.findByRole('heading', { name: 'Bright Dental' })).toBeTruthy();
    expect(screen.getByText(/part of group/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ann Assistant' }).getAttribute('href')).toContain('?user=usr-ann');
    const row = within(screen.getByRole('table', { name: 'Sync health' })).getByRole('row', { name: /Bright Dental/ });
    expect(within(row).getByText('never')).toBeTruthy();
    expect(await screen.findByText('No errors in the last 30 days.')).toBeTruthy();
    expect(api.fetchClientLogs).toHaveBeenCalledWith({ orgId: 'office' }, null);
  });

  it('says why when the server refuses', async () => {
    vi.mocked(api.fetchSupportUser).mockRejectedValue(new RequestError('NOT_AUTHORIZED'));
    vi.mocked(api.fetchClientLogs).mockResolvedValue([]);
    renderAt('/vigil-team/customer-support?user=usr-x');
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    vi.mocked(api.searchSupport).mockRejectedValue(new RequestError('INVALID_INPUT'));
    fireEvent.change(screen.getByLabelText(/Email, name or id/), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Type at least two characters.')).toBeTruthy();
  });
});
