// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { refusalText } from '@vigil/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../data/graphql.js';
import * as api from './api.js';
import { saveBase64File } from './download.js';
import { ReportsPage } from './ReportsPage.js';

vi.mock('./api.js', () => ({ REPORT_PAGE: 2, fetchReportRows: vi.fn(), fetchReportFile: vi.fn() }));
vi.mock('./download.js', () => ({ saveBase64File: vi.fn() }));

const settle = (): Promise<void> =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

function renderPage(): void {
  render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={['/org/office/reports']}>
        <Routes>
          <Route path="/org/:orgId/reports" element={<ReportsPage />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

const row = (caseId: string, cursor: string) => ({
  cells: ['2026-11-02 09:00', caseId, 'Signed', 'Dr One', 'Office', 'moderate', '40', '2.7', '14', '', '0'],
  cursor,
});

afterEach(() => {
  cleanup();
  vi.mocked(api.fetchReportRows).mockReset();
  vi.mocked(api.fetchReportFile).mockReset();
  vi.mocked(saveBase64File).mockReset();
});

describe('the office’s reports page (issue 41)', () => {
  it('shows the case log a page at a time under its columns, and "Show more" fetches the next page', async () => {
    vi.mocked(api.fetchReportRows)
      .mockResolvedValueOnce([row('apt-1', '1'), row('apt-2', '2')])
      .mockResolvedValueOnce([row('apt-3', '3')]);
    renderPage();
    await settle();
    expect(screen.getByRole('columnheader', { name: 'Anesthesia units' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'apt-2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await settle();
    expect(vi.mocked(api.fetchReportRows).mock.calls[1]).toEqual(['office', 'caseLog', {}, '2']);
    expect(screen.getByRole('cell', { name: 'apt-3' })).toBeTruthy();
    // A short page was the last one.
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('asks for the date range chosen, and downloads the CSV the server made under its name', async () => {
    vi.mocked(api.fetchReportRows).mockResolvedValue([]);
    vi.mocked(api.fetchReportFile).mockResolvedValue({
      ...{ filename: 'case-log_2026-11-01_all.csv', contentType: 'text/csv; charset=utf-8', rows: 0 },
      base64: 'QQ==',
    });
    renderPage();
    await settle();
    expect(screen.getByText('No rows in this range.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await settle();
    expect(vi.mocked(api.fetchReportRows).mock.calls.at(-1)).toEqual([
      'office',
      'caseLog',
      { from: '2026-11-01' },
      null,
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await settle();
    expect(api.fetchReportFile).toHaveBeenCalledWith('office', 'caseLog', { from: '2026-11-01' }, 'csv');
    expect(saveBase64File).toHaveBeenCalledWith('case-log_2026-11-01_all.csv', 'text/csv; charset=utf-8', 'QQ==');
  });

  it('says why when the server refuses (a member who is not an admin)', async () => {
    vi.mocked(api.fetchReportRows).mockRejectedValue(new RequestError('NOT_AUTHORIZED'));
    renderPage();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(refusalText('NOT_AUTHORIZED'));
  });
});
