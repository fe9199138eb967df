// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignaturesSection } from './SignaturesSection.js';
import { addListEntry, readField, type CaseDoc } from '../../../case/index.js';
import { newCaseDoc } from '../../../case/testing.js';

afterEach(cleanup);

function renderSection(fullyAuthenticated: boolean): {
  doc: CaseDoc;
  load: ReturnType<typeof vi.fn>;
  save: ReturnType<typeof vi.fn>;
} {
  const doc = newCaseDoc();
  const load = vi.fn(() => Promise.resolve({ path: 'M 1 1 L 50 50' }));
  const save = vi.fn(() => Promise.resolve());
  render(
    <MantineProvider>
      <SignaturesSection
        doc={doc}
        readOnly={false}
        context={{ orgId: 'o', caseId: 'c', weightKg: null, ageYears: null, tempsInCelsius: false }}
        userName="Dr. Ray"
        fullyAuthenticated={fullyAuthenticated}
        loadSavedSignature={load}
        saveSignature={save}
        now={() => 1234}
      />
    </MantineProvider>,
  );
  return { doc, load, save };
}

describe('signatures (spec 002 §2 signature pad)', () => {
  it('offers a fully authenticated user their saved signature and adds it to the case', async () => {
    const { doc, load } = renderSection(true);
    expect(screen.getByLabelText<HTMLInputElement>('Signer name').value).toBe('Dr. Ray');
    fireEvent.click(screen.getByRole('button', { name: 'Add Signature' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign' })).toBeTruthy());
    expect(load).toHaveBeenCalledTimes(1);
    // The saved signature is shown, so Sign is enabled without drawing.
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    const signatures = readField(doc, 'signatures') as unknown[];
    expect(signatures).toEqual([expect.objectContaining({ name: 'Dr. Ray', signature: 'M 1 1 L 50 50', time: 1234 })]);
  });

  it('never reads or offers a saved signature to a user who is not fully authenticated', async () => {
    const { load } = renderSection(false);
    fireEvent.click(screen.getByRole('button', { name: 'Add Signature' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign' })).toBeTruthy());
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign' }).disabled).toBe(true);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('changes a signature in place: the pad starts from it and the new one replaces it (spec 002 §2 Change)', async () => {
    const { doc } = renderSection(false);
    addListEntry(doc, 'signatures', { id: 'sig-1', name: 'Dr. Cut', signature: 'M 0 0 L 9 9', time: 5 });
    fireEvent.click(await screen.findByRole('button', { name: 'Change signature of Dr. Cut' }));
    // The old signature is shown, so Sign is enabled without drawing.
    fireEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    expect(readField(doc, 'signatures')).toEqual([
      { id: 'sig-1', name: 'Dr. Cut', signature: 'M 0 0 L 9 9', time: 1234 },
    ]);
  });

  it('needs a signer name', () => {
    renderSection(false);
    fireEvent.change(screen.getByLabelText('Signer name'), { target: { value: ' ' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add Signature' }).disabled).toBe(true);
  });
});
