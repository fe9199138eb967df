// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PositionForm } from './PositionForm.js';

afterEach(cleanup);
const NOW = new Date(2026, 10, 22, 10, 0).getTime();

describe('positions (spec 001 §3: name, time)', () => {
  it('charts a named position now, or at a typed time', () => {
    const onAdd = vi.fn();
    render(
      <MantineProvider>
        <PositionForm disabled={false} onAdd={onAdd} now={() => NOW} />
      </MantineProvider>,
    );
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add position' });
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'Supine' } });
    fireEvent.click(add);
    expect(onAdd.mock.calls[0]![0]).toMatchObject({ name: 'Supine', time: NOW });
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'Semi-Fowler' } });
    fireEvent.change(screen.getByLabelText('Position time'), { target: { value: '9:05' } });
    fireEvent.click(add);
    expect(onAdd.mock.calls[1]![0]).toMatchObject({
      name: 'Semi-Fowler',
      time: new Date(2026, 10, 22, 9, 5).getTime(),
    });
  });
});
