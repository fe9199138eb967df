// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PreopRowView } from '@vigil/shared';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as preop from '../../data/preop.js';
import { theme } from '../../ui/theme.js';
import { PreopListPage } from './PreopListPage.js';

vi.mock('../../data/preop.js', async (original) => ({
  ...(await original<typeof preop>()),
  usePreopList: vi.fn(),
  savePreopNpo: vi.fn(),
}));
vi.mock('../../data/useResources.js', () => ({
  useCachedResources: (_org: string, type: string) => ({
    data:
      type === 'Practitioner' ? [{ resourceType: 'Practitioner', id: 'dr-1', name: [{ text: 'Dr Ada Shaw' }] }] : [],
    refreshing: false,
    error: null,
  }),
  useRefresh: () => ({ refreshing: false, error: null }),
}));

function row(id: string, name: string, start: Date, over: Partial<PreopRowView> = {}): PreopRowView {
  return {
    appointmentId: id,
    start: start.toISOString(),
    end: new Date(start.getTime() + 3_600_000).toISOString(),
    status: 'booked',
    patientId: `p-${id}`,
    patientName: name,
    patientBirthDate: null,
    providerId: 'dr-1',
    locationId: null,
    sedationLevel: 'moderate',
    healthHistory: 'signed',
    forms: [],
    weightRecorded: true,
    allergiesReviewed: true,
    npo: { byId: 'u1', byName: 'Dana Desk', at: start.toISOString() },
    missing: [],
    ...over,
  };
}

const READY = row('a1', 'Ethan Brooks', new Date(2027, 2, 10, 9));
const MISSING = row('a2', 'Linda Adeyemi', new Date(2027, 2, 10, 11), {
  healthHistory: 'none',
  forms: [{ taskId: 't1', title: 'Sedation consent', state: 'notSent' }],
  npo: null,
  missing: ['healthHistory', 'forms', 'npo'],
});

function show(rows: PreopRowView[], replace = vi.fn()): void {
  vi.mocked(preop.usePreopList).mockReturnValue({
    rows,
    loading: false,
    error: null,
    hasMore: false,
    loadMore: vi.fn(),
    replace,
  });
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={['/org/office/preop-list']}>
        <Routes>
          <Route path="/org/:orgId/preop-list" element={<PreopListPage />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the pre-op list page', () => {
  it('shows the day, the provider and each visit with what it still needs', () => {
    show([READY, MISSING]);
    expect(screen.getByRole('heading', { name: /March 10/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dr Ada Shaw' })).toBeTruthy();
    const [ready, missing] = screen.getAllByTestId('preop-row');
    expect(within(ready!).getByTestId('preop-ready').textContent).toBe('Ready');
    expect(within(missing!).getByTestId('preop-missing').textContent).toBe('3 missing');
    expect(within(missing!).getByText('Sedation consent: not sent')).toBeTruthy();
    // Only the visit with a form to send offers sending.
    expect(within(ready!).queryByRole('button', { name: /Send forms/ })).toBeNull();
    expect(within(missing!).getByRole('button', { name: 'Send forms to Linda Adeyemi' })).toBeTruthy();
    expect(within(missing!).getByRole('link', { name: 'Open patient Linda Adeyemi' }).getAttribute('href')).toBe(
      '/org/office/patients/p-a2',
    );
  });

  it('ticks the NPO instructions through the server and shows its answer', async () => {
    const replace = vi.fn();
    const ticked = { ...MISSING, npo: { byId: 'u1', byName: 'Dana Desk', at: new Date().toISOString() } };
    vi.mocked(preop.savePreopNpo).mockResolvedValue(ticked);
    show([MISSING], replace);
    fireEvent.click(screen.getByRole('checkbox', { name: 'NPO instructions given to Linda Adeyemi' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(ticked));
    expect(preop.savePreopNpo).toHaveBeenCalledWith('office', 'a2', true);
  });

  it('says so when every patient of the days is ready and only incomplete ones are asked for', () => {
    show([]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only incomplete' }));
    expect(screen.getByText('Every patient in these days is ready.')).toBeTruthy();
  });
});
