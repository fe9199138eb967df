// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChecklistForm, CHECKLIST_FORM_TEXTS } from './ChecklistForm.js';

afterEach(cleanup);

function renderForm(items: readonly string[] | null, onSave = vi.fn(() => Promise.resolve())) {
  const view = render(
    <MantineProvider>
      <ChecklistForm label="Pre-op checklist" items={items} onSave={onSave} />
    </MantineProvider>,
  );
  return { ...view, onSave };
}

const textarea = (): HTMLTextAreaElement => screen.getByLabelText<HTMLTextAreaElement>('Pre-op checklist');
const button = (name: string): HTMLButtonElement => screen.getByRole<HTMLButtonElement>('button', { name });

/** A promise the test settles by hand: the server's answer. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the checklist form (spec 002 §2, §4)', () => {
  it('says Loading... until the list is read', () => {
    renderForm(null);
    expect(screen.getByRole('status').textContent).toBe(CHECKLIST_FORM_TEXTS.loading);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('[LT2] shows the list one item a line with its count, in at least 4 rows', () => {
    renderForm(['Consent signed', 'Escort present']);
    expect(textarea().value).toBe('Consent signed\nEscort present');
    expect(textarea().getAttribute('rows')).toBe('4');
    expect(screen.getByText('Contains 2 items')).toBeTruthy();
  });

  it('[LT3] enables Save only once the text changed and the list is not empty', () => {
    renderForm(['Consent signed']);
    expect(button('Save').disabled).toBe(true);
    fireEvent.change(textarea(), { target: { value: 'Consent signed\nMonitors applied' } });
    expect(button('Save').disabled).toBe(false);
    fireEvent.change(textarea(), { target: { value: '\n  \n' } });
    expect(screen.getByText('Contains 0 items')).toBeTruthy();
    expect(button('Save').disabled).toBe(true);
  });

  it('[LT1] saves the list as the textarea reads it: Saving updated list..., then the saved message', async () => {
    const answer = deferred();
    const { onSave } = renderForm(
      ['Consent signed'],
      vi.fn(() => answer.promise),
    );
    fireEvent.change(textarea(), { target: { value: '1. Consent signed\n\n- Escort present\n__Monitors applied' } });
    expect(screen.getByText('Contains 3 items')).toBeTruthy();
    fireEvent.click(button('Save'));
    expect(onSave).toHaveBeenCalledWith(['Consent signed', 'Escort present', 'Monitors applied']);
    expect(screen.getByText(CHECKLIST_FORM_TEXTS.saving)).toBeTruthy();
    expect(button('Save').disabled).toBe(true);
    expect(textarea().disabled).toBe(true);
    await act(async () => {
      answer.resolve();
      await answer.promise;
    });
    expect(screen.getByText(CHECKLIST_FORM_TEXTS.saved)).toBeTruthy();
  });

  it('keeps the typed text and says why when the save is refused', async () => {
    const answer = deferred();
    renderForm(
      ['Consent signed'],
      vi.fn(() => answer.promise),
    );
    fireEvent.change(textarea(), { target: { value: 'Escort present' } });
    fireEvent.click(button('Save'));
    await act(async () => {
      answer.reject(new Error('You are not allowed to do this.'));
      await answer.promise.catch(() => undefined);
    });
    expect(screen.getByRole('alert').textContent).toBe('You are not allowed to do this.');
    expect(textarea().value).toBe('Escort present');
    expect(button('Save').disabled).toBe(false);
  });

  it('Cancel puts back the list as kept', () => {
    renderForm(['Consent signed']);
    expect(button('Cancel').disabled).toBe(true);
    fireEvent.change(textarea(), { target: { value: 'Something else' } });
    fireEvent.click(button('Cancel'));
    expect(textarea().value).toBe('Consent signed');
    expect(button('Save').disabled).toBe(true);
  });
});
