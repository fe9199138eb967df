// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TOUR_STEPS } from '@vigil/shared';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewCasePage } from '../NewCasePage.js';
import { TourPage } from './TourPage.js';

afterEach(cleanup);
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

/** What the tour may never do: open a device store or a socket (TOUR3). */
const opened = { indexedDB: 0, sockets: 0 };
beforeEach(() => {
  opened.indexedDB = 0;
  opened.sockets = 0;
  vi.stubGlobal('indexedDB', {
    open: () => {
      opened.indexedDB++;
      throw new Error('the tour opened IndexedDB');
    },
  });
  vi.stubGlobal(
    'WebSocket',
    class {
      constructor() {
        opened.sockets++;
        throw new Error('the tour opened a socket');
      }
    },
  );
  Element.prototype.scrollIntoView = () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string): void {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/org/:orgId/tour" element={<TourPage />} />
          <Route path="/org/:orgId/new-case" element={<NewCasePage />} />
          <Route path="/org/:orgId/cases" element={<p>The cases list</p>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

const stepDialog = async (title: string): Promise<HTMLElement> =>
  screen.findByRole('dialog', { name: title }, { timeout: 10_000 });

describe('tour mode (spec 000 §2, issue 40)', { timeout: 60_000 }, () => {
  it('[TOUR1] walks its steps with Next and Back, one tip at a time, and Leave tour discards the case', async () => {
    renderAt('/org/acme/tour');
    let tip = await stepDialog(TOUR_STEPS[0].title);
    expect(within(tip).queryByRole('button', { name: 'Back' })).toBeNull();
    fireEvent.click(within(tip).getByRole('button', { name: 'Next' }));
    tip = await stepDialog(TOUR_STEPS[1].title);
    fireEvent.click(within(tip).getByRole('button', { name: 'Back' }));
    tip = await stepDialog(TOUR_STEPS[0].title);
    for (let i = 1; i < TOUR_STEPS.length; i++) {
      fireEvent.click(within(tip).getByRole('button', { name: 'Next' }));
      tip = await stepDialog(TOUR_STEPS[i]!.title);
    }
    expect(tip.textContent).toContain(`Step ${TOUR_STEPS.length} of ${TOUR_STEPS.length}`);
    expect(within(tip).queryByRole('button', { name: 'Next' })).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    fireEvent.click(within(tip).getByRole('button', { name: 'Leave tour' }));
    await screen.findByText('The cases list');
  });

  it('[TOUR3] charts on a case held in memory: a time and a note, with no device store and no socket', async () => {
    renderAt('/org/acme/tour');
    const now = await screen.findByRole<HTMLButtonElement>('button', { name: 'Started Monitoring: now' });
    await waitFor(() => expect(now.disabled).toBe(false));
    fireEvent.click(now);
    await waitFor(() => expect(screen.getByTestId('event-caseStart').textContent).not.toContain('--:--'));
    fireEvent.change(screen.getByLabelText('Procedure notes'), { target: { value: 'Tour note' } });
    expect(screen.getByLabelText<HTMLTextAreaElement>('Procedure notes').value).toBe('Tour note');
    expect(opened).toEqual({ indexedDB: 0, sockets: 0 });
  });

  it('hides its tips and shows them again; the local practice case has none', async () => {
    renderAt('/org/acme/tour');
    const tip = await stepDialog(TOUR_STEPS[0].title);
    fireEvent.click(within(tip).getByRole('button', { name: 'Hide tips' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Show tips' }));
    const again = await stepDialog(TOUR_STEPS[0].title);
    // Escape on the tip hides the tips too.
    fireEvent.keyDown(again, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    cleanup();
    renderAt('/org/acme/tour?local=1');
    await screen.findByText('Practice case');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Leave practice case' }).length).toBeGreaterThan(0);
  });

  it('[TOUR2] opens from the start-case entry point with the tour or local flag', async () => {
    renderAt('/org/acme/new-case?tour=1');
    await stepDialog(TOUR_STEPS[0].title);
    cleanup();
    renderAt('/org/acme/new-case?local=1');
    await screen.findByText('Practice case');
  });
});
