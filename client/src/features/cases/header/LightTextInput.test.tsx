// @vitest-environment happy-dom
import { MantineProvider, TextInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LightTextInput } from './LightTextInput.js';
import { comparableMarkup } from '../../../app/markup.js';
import { TOUCH_INPUT } from './touch.js';

afterEach(cleanup);

function renderBoth(props: {
  description?: string;
  disabled?: boolean;
  placeholder?: string;
  type?: 'date';
  error?: string;
  inputMode?: 'decimal';
}): {
  mantine: Element;
  light: Element;
} {
  render(
    <MantineProvider>
      <div data-testid="mantine">
        <TextInput label="Procedure" value="Extractions" onChange={() => undefined} {...TOUCH_INPUT} {...props} />
      </div>
      <div data-testid="light">
        <LightTextInput label="Procedure" value="Extractions" onChange={() => undefined} {...props} />
      </div>
    </MantineProvider>,
  );
  return {
    mantine: screen.getByTestId('mantine').firstElementChild!,
    light: screen.getByTestId('light').firstElementChild!,
  };
}

describe('LightTextInput', () => {
  it.each([
    ['a plain field', {}],
    [
      'a disabled field with a description and placeholder',
      { description: 'From the patient record', disabled: true, placeholder: 'NKDA' },
    ],
    ['a date field', { type: 'date' as const }],
    ['a decimal field with an error', { error: 'max is 300', inputMode: 'decimal' as const }],
    ['a field with a description and an error', { description: 'From the monitor', error: 'invalid value' }],
  ])("renders %s as Mantine's TextInput with the touch size does", (_name, props) => {
    const { mantine, light } = renderBoth(props);
    expect(comparableMarkup(light)).toBe(comparableMarkup(mantine));
  });

  it.each([
    ['a plain field', {}],
    ['a field with an error', { error: 'Enter the dose' }],
  ])("renders %s of size sm with a width and a datalist as Mantine's default TextInput does", (_name, props) => {
    // The drug form's fields: Mantine's default size with 44 px inputs (drugs/ui.tsx TOUCH_INPUT).
    render(
      <MantineProvider>
        <div data-testid="mantine">
          <TextInput
            label="Drug"
            value="Midaz"
            onChange={() => undefined}
            w={200}
            list="vigil-drug-catalogue"
            autoComplete="off"
            styles={{ input: { minHeight: 44 } }}
            {...props}
          />
        </div>
        <div data-testid="light">
          <LightTextInput
            label="Drug"
            value="Midaz"
            onChange={() => undefined}
            size="sm"
            width={200}
            list="vigil-drug-catalogue"
            autoComplete="off"
            {...props}
          />
        </div>
      </MantineProvider>,
    );
    const mantine = screen.getByTestId('mantine').firstElementChild!;
    const light = screen.getByTestId('light').firstElementChild!;
    expect(comparableMarkup(light)).toBe(comparableMarkup(mantine));
    expect(light.querySelector('input')?.getAttribute('list')).toBe('vigil-drug-catalogue');
  });

  it('is named by its label and described by its description, and reports typing', () => {
    const typed: string[] = [];
    const onChange = vi.fn((e: { currentTarget: HTMLInputElement }) => typed.push(e.currentTarget.value));
    render(
      <MantineProvider>
        <LightTextInput label="Birth date" value="" description="From the patient record" onChange={onChange} />
      </MantineProvider>,
    );
    const input = screen.getByLabelText('Birth date');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('From the patient record').id);
    fireEvent.change(input, { target: { value: '2019-04-02' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(typed).toEqual(['2019-04-02']);
  });
});
