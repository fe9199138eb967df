// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaseDialog } from './CaseDialog.js';

afterEach(cleanup);

function Harness({ onClose }: { onClose: () => void }): ReactNode {
  const [opened, setOpened] = useState(false);
  return (
    <MantineProvider>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <CaseDialog
        opened={opened}
        title="Add vitals"
        onClose={() => {
          onClose();
          setOpened(false);
        }}
      >
        <input aria-label="First" />
        <input aria-label="Second" data-autofocus />
      </CaseDialog>
    </MantineProvider>
  );
}

describe('CaseDialog', () => {
  it('is hidden until opened, then a labelled modal dialog with the focus on its data-autofocus field', async () => {
    render(<Harness onClose={vi.fn()} />);
    const frame = screen.getByText('Add vitals').closest('dialog')?.parentElement;
    expect(frame?.hasAttribute('data-opened')).toBe(false);
    const open = screen.getByRole('button', { name: 'Open' });
    open.focus();
    fireEvent.click(open);
    expect(frame?.hasAttribute('data-opened')).toBe(true);
    const dialog = screen.getByRole('dialog', { name: 'Add vitals' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Second')));
  });

  it('closes on Escape, on the close button and on the backdrop, not on a click inside, and gives the focus back', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const open = screen.getByRole('button', { name: 'Open' });
    const openIt = async (): Promise<HTMLElement> => {
      open.focus();
      fireEvent.click(open);
      const dialog = screen.getByRole('dialog', { name: 'Add vitals' });
      await waitFor(() => expect(document.activeElement).not.toBe(open));
      return dialog;
    };

    await openIt();
    fireEvent.keyDown(screen.getByLabelText('First'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(open);

    await openIt();
    fireEvent.click(screen.getByLabelText('First'));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);

    const dialog = await openIt();
    const backdrop = dialog.parentElement as HTMLElement;
    // A press that starts in a field and ends on the backdrop (selecting text) keeps it open.
    fireEvent.pointerDown(screen.getByLabelText('First'));
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(document.activeElement).toBe(open);
  });
});
