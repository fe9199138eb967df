// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../theme.js';
import { CheckboxField } from './CheckboxField.js';
import { SelectField } from './SelectField.js';
import { SwitchField } from './SwitchField.js';

afterEach(cleanup);

/** The text field a label names (Mantine's Select also names its dropdown by the label). */
const inputLabelled = (label: string | RegExp): HTMLInputElement =>
  screen.getAllByLabelText<HTMLInputElement>(label).find((el) => el.tagName === 'INPUT')!;

describe('CheckboxField and SwitchField', () => {
  it('are named by their label, report a boolean and sit in a 44 px row', () => {
    const changes: boolean[] = [];
    render(
      <MantineProvider theme={theme}>
        <CheckboxField label="Pre-oxygenated" checked={false} onChange={(c) => changes.push(c)} />
        <SwitchField
          label="Simulated monitor"
          description="Writes sample readings"
          checked
          onChange={(c) => changes.push(c)}
        />
      </MantineProvider>,
    );
    const box = screen.getByRole('checkbox', { name: 'Pre-oxygenated' });
    const sw = screen.getByRole<HTMLInputElement>('switch');
    expect(sw.closest('label, div')?.parentElement?.textContent).toContain('Simulated monitor');
    fireEvent.click(box);
    fireEvent.click(sw);
    expect(changes).toEqual([true, false]);
    expect(screen.getByText('Writes sample readings')).toBeTruthy();
    for (const input of [box, sw]) {
      let row: HTMLElement | null = input;
      while (row && row.style.minHeight === '') row = row.parentElement;
      expect(row?.style.minHeight).toBe('44px');
    }
  });

  it('are not changed while disabled', () => {
    const changes: boolean[] = [];
    render(
      <MantineProvider theme={theme}>
        <CheckboxField label="Eye protection" checked={false} disabled onChange={(c) => changes.push(c)} />
      </MantineProvider>,
    );
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Eye protection' });
    expect(box.disabled).toBe(true);
  });
});

describe('SelectField', () => {
  const DATA = [
    { value: 'p1', label: 'Ada Lovelace' },
    { value: 'p2', label: 'Alan Turing' },
  ];

  it("is named by its label, 44 px high, and hands back the chosen value or '' for none", () => {
    const chosen: string[] = [];
    render(
      <MantineProvider theme={theme}>
        <SelectField label="Patient" required data={DATA} value="" onChange={(v) => chosen.push(v)} />
      </MantineProvider>,
    );
    const input = inputLabelled(/^Patient/);
    expect(input.style.minHeight).toBe('44px');
    expect(input.required).toBe(true);
    expect(input.value).toBe('');
    fireEvent.click(input);
    fireEvent.click(screen.getByRole('option', { name: 'Alan Turing' }));
    expect(chosen).toEqual(['p2']);
  });

  it('shows the chosen entry by its label', () => {
    render(
      <MantineProvider theme={theme}>
        <SelectField label="Provider" data={DATA} value="p1" onChange={() => undefined} />
      </MantineProvider>,
    );
    expect(inputLabelled('Provider').value).toBe('Ada Lovelace');
  });
});
