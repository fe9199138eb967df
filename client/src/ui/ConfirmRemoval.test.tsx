// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmRemoval } from './ConfirmRemoval.js';

afterEach(cleanup);

function show(question: string | null, onKeep = vi.fn(), onConfirm = vi.fn()): (q: string | null) => void {
  const ui = (q: string | null): React.JSX.Element => (
    <MantineProvider>
      <ConfirmRemoval title="Remove vitals?" question={q} onKeep={onKeep} onConfirm={onConfirm} />
    </MantineProvider>
  );
  const { rerender } = render(ui(question));
  return (q) => rerender(ui(q));
}

describe('ConfirmRemoval', () => {
  it('puts nothing in the page until a question is asked, then asks it with Keep and Remove', async () => {
    const onKeep = vi.fn();
    const onConfirm = vi.fn();
    const ask = show(null, onKeep, onConfirm);
    // No Mantine portal for a question never asked.
    expect(document.querySelector('[data-portal]')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    ask('Remove the vitals recorded at 14:05?');
    const dialog = await screen.findByRole('dialog', { name: 'Remove vitals?' });
    expect(within(dialog).getByText('Remove the vitals recorded at 14:05?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(onKeep).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
