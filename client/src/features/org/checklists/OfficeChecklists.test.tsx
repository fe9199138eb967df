// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { OrgChecklistsView } from '@vigil/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memorySettingsStore } from '../../../data/settingsCache.js';
import { RequestError } from '../../../data/graphql.js';
import { OfficeChecklists } from './OfficeChecklists.js';

afterEach(cleanup);

const settle = (): Promise<void> =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

function renderLists(view: OrgChecklistsView, save = vi.fn()) {
  const store = memorySettingsStore();
  render(
    <MantineProvider>
      <OfficeChecklists orgId="office" options={{ store, fetch: () => Promise.resolve(view) }} save={save} />
    </MantineProvider>,
  );
  return { save, store };
}

describe('the office’s checklists on its settings page (issue 39)', () => {
  it('shows both lists, a list never saved as empty', async () => {
    renderLists({ preOpChecklist: ['Consent signed'], optChecks: null });
    await settle();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Pre-op checklist').value).toBe('Consent signed');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Operative checks').value).toBe('');
  });

  it('saves one list and keeps what the server answered on the device for new cases offline', async () => {
    const answered: OrgChecklistsView = { preOpChecklist: ['Consent signed'], optChecks: ['Count sponges'] };
    const { save, store } = renderLists(
      { preOpChecklist: ['Consent signed'], optChecks: null },
      vi.fn(() => Promise.resolve(answered)),
    );
    await settle();
    fireEvent.change(screen.getByLabelText('Operative checks'), { target: { value: 'Count sponges' } });
    const saveButtons = screen.getAllByRole<HTMLButtonElement>('button', { name: 'Save' });
    fireEvent.click(saveButtons[1]!);
    await settle();
    expect(save).toHaveBeenCalledWith('office', 'optChecks', ['Count sponges']);
    expect(await store.read('office', 'checklists')).toEqual(answered);
  });

  it('words a refusal with the catalogue’s text, never the bare code', async () => {
    renderLists(
      { preOpChecklist: ['Consent signed'], optChecks: null },
      vi.fn(() => Promise.reject(new RequestError('NOT_AUTHORIZED', 200))),
    );
    await settle();
    fireEvent.change(screen.getByLabelText('Pre-op checklist'), { target: { value: 'Escort present' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await settle();
    expect(screen.getByRole('alert').textContent).not.toContain('NOT_AUTHORIZED');
    expect(screen.getByRole('alert').textContent).not.toBe('');
  });
});
