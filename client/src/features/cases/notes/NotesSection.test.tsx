// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readField, signNotes, type CaseDoc } from '../../../case/index.js';
import { newCaseDoc } from '../../../case/testing.js';
import { NotesSection } from './NotesSection.js';

afterEach(cleanup);
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

function renderNotes(readOnly = false, doc: CaseDoc = newCaseDoc()): CaseDoc {
  render(
    <MantineProvider>
      <NotesSection
        doc={doc}
        readOnly={readOnly}
        context={{ orgId: 'o', caseId: 'c', weightKg: null, ageYears: null, tempsInCelsius: false }}
      />
    </MantineProvider>,
  );
  return doc;
}

describe('the notes’ signatures (spec 002 §3 procedureNotesSignature, recoveryNotesSignature)', () => {
  it('asks for the signer before the pad opens', () => {
    renderNotes();
    const sign = screen.getByRole<HTMLButtonElement>('button', { name: 'Sign procedure notes' });
    expect(sign.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Procedure signer'), { target: { value: 'Dr. Ray' } });
    expect(sign.disabled).toBe(false);
    fireEvent.click(sign);
    // The pad opens with nothing drawn: its Sign waits for a drawing (spec 002 §2).
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign' }).disabled).toBe(true);
  });

  it('shows who signed the notes, redraws it on Change and takes it off on Remove', async () => {
    const doc = newCaseDoc();
    signNotes(doc, 'recoveryNotesSignature', { name: 'Dr. Ray', signature: 'M 0 0 L 9 9', time: 5 });
    renderNotes(false, doc);
    expect(screen.getByTestId('recoveryNotesSignature-signed').textContent).toContain('Signed by Dr. Ray');
    expect(screen.getByRole('img', { name: 'Signature of Dr. Ray' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change the recovery signature' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(readField(doc, 'recoveryNotesSignature')).toMatchObject({ name: 'Dr. Ray', signature: 'M 0 0 L 9 9' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the recovery signature' }));
    expect(readField(doc, 'recoveryNotesSignature')).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Sign recovery notes' })).toBeTruthy();
  });

  it('[SS2] appends a suggested sentence to the procedure notes in the case', () => {
    const doc = renderNotes();
    fireEvent.change(screen.getByLabelText('Procedure notes'), { target: { value: 'Extraction of 3 teeth' } });
    fireEvent.click(screen.getByRole('button', { name: 'No complications' }));
    expect(readField(doc, 'procedureNotes')).toBe('Extraction of 3 teeth. No complications');
  });

  it('offers no signing on a read-only case', () => {
    renderNotes(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign procedure notes' }).disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Recovery signer').disabled).toBe(true);
  });
});
