// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListTextarea } from './ListTextarea.js';

afterEach(cleanup);

function Field({ start }: { start: string }): ReactNode {
  const [value, setValue] = useState(start);
  return <ListTextarea label="Items" value={value} onChange={setValue} />;
}

describe('the list textarea (spec 002 §5)', () => {
  it('[LT1] [LT2] counts the items as the list reads them, in at least 4 rows, described by the count', () => {
    render(
      <MantineProvider>
        <Field start="" />
      </MantineProvider>,
    );
    const box = screen.getByLabelText<HTMLTextAreaElement>('Items');
    expect(box.getAttribute('rows')).toBe('4');
    expect(screen.getByText('Contains 0 items')).toBeTruthy();
    fireEvent.change(box, { target: { value: '1. One\n\n  \n- Two\n_._3' } });
    expect(screen.getByText('Contains 2 items')).toBeTruthy();
    // The count is part of the field's description: heard with the field.
    const described = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toContain('Contains 2 items');
  });
});
