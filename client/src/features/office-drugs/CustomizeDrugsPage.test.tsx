// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { OfficeDrugsView } from '@vigil/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memorySettingsStore } from '../../data/settingsCache.js';
import { CustomizeDrugsPage } from './CustomizeDrugsPage.js';

afterEach(cleanup);

const settle = (): Promise<void> =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

const EMPTY: OfficeDrugsView = { drugs: [], inherited: [], inheritedFrom: [], editable: true };

function renderPage(
  view: OfficeDrugsView,
  save = vi.fn((_o: string, drugs: readonly unknown[]) => Promise.resolve({ ...view, drugs } as OfficeDrugsView)),
) {
  const store = memorySettingsStore();
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/org/office/customize-drugs']}>
        <Routes>
          <Route
            path="/org/:orgId/customize-drugs"
            element={<CustomizeDrugsPage options={{ store, fetch: () => Promise.resolve(view) }} save={save} />}
          />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
  return { save, store };
}

describe('/org/{orgId}/customize-drugs (issue 39)', () => {
  it('puts a catalogue drug first and saves the list with its unit and routes', async () => {
    const { save, store } = renderPage(EMPTY);
    await settle();
    fireEvent.change(screen.getByLabelText('Show first: oral sedatives'), { target: { value: 'triazolam' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add to the list' })[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Save drug list' }));
    await settle();
    expect(save).toHaveBeenCalledWith('office', [
      expect.objectContaining({ id: 'triazolam', category: 'oral', unit: 'mg', routes: ['PO', 'SL'], custom: false }),
    ]);
    expect(screen.getByRole('status').textContent).toBe('Saved.');
    expect(await store.read('office', 'officeDrugs')).toMatchObject({ drugs: [{ id: 'triazolam' }] });
  });

  it('refuses a drug of its own without a name with the spec’s text, then adds a named one without a maximum', async () => {
    renderPage(EMPTY);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    expect(screen.getByText('Every drug used must have a name')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Drug name'), { target: { value: 'Remimazolam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    expect(screen.getByText(/Remimazolam \(office drug\)/)).toBeTruthy();
    expect(screen.getByText(/No maximum on file/)).toBeTruthy();
  });

  it('asks for the source of a maximum', async () => {
    renderPage(EMPTY);
    await settle();
    fireEvent.change(screen.getByLabelText('Drug name'), { target: { value: 'Remimazolam' } });
    fireEvent.change(screen.getByLabelText('Absolute (mg)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    expect(screen.getByText('A maximum needs its source')).toBeTruthy();
    expect(screen.queryByText(/office drug/)).toBeNull();
  });

  it('shows a non-administrator the list read-only, and the parent’s drugs after the office’s', async () => {
    renderPage({
      drugs: [],
      inherited: [
        {
          id: 'diazepam',
          category: 'oral',
          name: 'Diazepam',
          custom: false,
          unit: 'mg',
          routes: ['PO'],
          commonDoses: [],
          maximum: null,
        },
      ],
      inheritedFrom: ['Smile Group'],
      editable: false,
    });
    await settle();
    expect(screen.queryByRole('button', { name: 'Save drug list' })).toBeNull();
    expect(screen.getByText('From Smile Group')).toBeTruthy();
    expect(screen.getByText('Oral sedatives: Diazepam')).toBeTruthy();
  });
});
