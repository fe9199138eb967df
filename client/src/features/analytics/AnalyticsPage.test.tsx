// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { AnalyticsSummaryView } from '@vigil/shared';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../data/graphql.js';
import * as api from './api.js';
import { AnalyticsPage } from './AnalyticsPage.js';

vi.mock('./api.js', () => ({ DRILL_PAGE: 20, fetchAnalytics: vi.fn(), fetchAnalyticsCases: vi.fn() }));
// happy-dom has no canvas drawing: uPlot draws on a context that does nothing.
const noop = (): undefined => undefined;
const set: Record<string | symbol, unknown> = {};
const context = new Proxy(set, {
  get: (target, key): unknown => (key in target ? target[key] : key === 'measureText' ? () => ({ width: 10 }) : noop),
});
HTMLCanvasElement.prototype.getContext = (() => context) as unknown as HTMLCanvasElement['getContext'];
globalThis.Path2D ??= class {
  moveTo = noop;
  lineTo = noop;
  rect = noop;
  arc = noop;
  closePath = noop;
  bezierCurveTo = noop;
} as unknown as typeof Path2D;

const SUMMARY: AnalyticsSummaryView = {
  cases: 3,
  months: [
    {
      month: '2026-11',
      sedationLevel: 'moderate',
      providerId: 'p1',
      providerName: 'Dr One',
      cases: 3,
      anesthesiaMinutes: 120,
      anesthesiaUnits: 8,
    },
  ],
  drugs: [{ name: 'Midazolam', unit: 'mg', cases: 2, total: 4 }],
  discharge: [{ type: 'aldrete', score: 14, cases: 2 }],
  quality: {
    finalized: 2,
    preOpComplete: 2,
    vitalsAtEveryCheckpoint: 2,
    dischargeBeforeSignoff: 2,
    signedWithin24h: 1,
    noOverride: 2,
  },
  providers: [{ id: 'p1', name: 'Dr One' }],
  locations: [{ id: 'loc-1', name: 'Office' }],
};

const settle = (): Promise<void> =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

function renderPage(path = '/org/office/analytics'): void {
  render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/org/:orgId/analytics" element={<AnalyticsPage />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.mocked(api.fetchAnalytics).mockReset();
  vi.mocked(api.fetchAnalyticsCases).mockReset();
});

describe('the office’s analytics page (issue 41)', () => {
  it('shows the figures, and a number of a chart’s table opens the cases behind it, each linking to the case', async () => {
    vi.mocked(api.fetchAnalytics).mockResolvedValue(SUMMARY);
    vi.mocked(api.fetchAnalyticsCases).mockResolvedValue([
      {
        caseId: 'apt-1',
        status: 'finalized',
        startAt: '2026-11-02T09:00:00.000Z',
        providerName: 'Dr One',
        locationName: 'Office',
        sedationLevel: 'moderate',
        anesthesiaMinutes: 40,
        dischargeScore: 14,
        cursor: '1~apt-1',
      },
    ]);
    renderPage();
    await settle();
    expect(screen.getByTestId('analytics-total').textContent).toBe('3 cases, 2 signed.');
    // Six charts drawn by uPlot (loaded on demand), each on its canvas.
    await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="analytics-chart"] canvas')).toHaveLength(6));
    const quality = screen.getByRole('region', { name: 'Chart quality' });
    expect(within(quality).getByText('50%')).toBeTruthy();
    fireEvent.click(within(quality).getByRole('button', { name: '1 missed' }));
    await settle();
    expect(api.fetchAnalyticsCases).toHaveBeenLastCalledWith(
      'office',
      {},
      { figure: 'signedWithin24h', met: false },
      null,
    );
    const drugs = screen.getByRole('region', { name: 'Drugs used' });
    fireEvent.click(within(drugs).getByRole('button', { name: 'Midazolam: 2 cases, 4 mg in all' }));
    await settle();
    expect(api.fetchAnalyticsCases).toHaveBeenLastCalledWith('office', {}, { drug: 'Midazolam' }, null);
    const link = within(screen.getByTestId('analytics-drilldown')).getByRole('link', { name: '2026-11-02 09:00' });
    expect(link.getAttribute('href')).toBe('/org/office/cases/apt-1');
  });

  it('opens over the dates its address names (a parent’s comparison passes its range)', async () => {
    vi.mocked(api.fetchAnalytics).mockResolvedValue(SUMMARY);
    renderPage('/org/office/analytics?from=2026-09-01&to=2026-11-29&x=1');
    await settle();
    expect(api.fetchAnalytics).toHaveBeenCalledWith('office', { from: '2026-09-01', to: '2026-11-29' });
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-09-01');
  });

  it('asks again with the filters applied', async () => {
    vi.mocked(api.fetchAnalytics).mockResolvedValue(SUMMARY);
    renderPage();
    await settle();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await settle();
    expect(api.fetchAnalytics).toHaveBeenLastCalledWith('office', { from: '2026-11-01' });
  });

  it('names the plan that includes analytics when the office’s plan does not', async () => {
    vi.mocked(api.fetchAnalytics).mockRejectedValue(new RequestError('PLAN_REQUIRED'));
    renderPage();
    await settle();
    expect(screen.getByTestId('plan-required').textContent).toContain('Enterprise');
  });
});
