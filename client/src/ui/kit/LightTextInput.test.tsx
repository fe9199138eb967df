// @vitest-environment happy-dom
import { MantineProvider, TextInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LightTextInput } from './LightTextInput.js';
import { comparableMarkup } from '../markup.js';
import { renderSideBySide } from '../sideBySide.js';
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
  return renderSideBySide(
    <TextInput label="Procedure" value="Extractions" onChange={() => undefined} {...TOUCH_INPUT} {...props} />,
    <LightTextInput label="Procedure" value="Extractions" onChange={() => undefined} {...props} />,
  );
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
    const { mantine, light } = renderSideBySide(
      <TextInput
        label="Drug"
        value="Midaz"
        onChange={() => undefined}
        w={200}
        list="vigil-drug-catalogue"
        autoComplete="off"
        styles={{ input: { minHeight: 44 } }}
        {...props}
      />,
      <LightTextInput
        label="Drug"
        value="Midaz"
        onChange={() => undefined}
        size="sm"
        width={200}
        list="vigil-drug-catalogue"
        autoComplete="off"
        {...props}
      />,
    );
    expect(comparableMarkup(light)).toBe(comparableMarkup(mantine));
    expect(light.querySelector('input')?.getAttribute('list')).toBe('vigil-drug-catalogue');
  });

  it.each([
    ['a required date field', { type: 'date' as const }],
    ['a required time field with an error', { type: 'time' as const, error: 'Enter the start' }],
  ])("renders %s of size sm as Mantine's default TextInput does, with its asterisk", (_name, props) => {
    // The new case form's fields (NewCasePage), with the kit's 44 px input.
    const { mantine, light } = renderSideBySide(
      <TextInput
        label="Start"
        required
        value=""
        onChange={() => undefined}
        styles={{ input: { minHeight: 44 } }}
        {...props}
      />,
      <LightTextInput label="Start" required size="sm" value="" onChange={() => undefined} {...props} />,
    );
    expect(comparableMarkup(light)).toBe(comparableMarkup(mantine));
    expect(light.querySelector('input')?.required).toBe(true);
    expect(light.querySelector('label [aria-hidden="true"]')?.textContent).toBe(' *');
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

  it.each([
    ['valid', false],
    ['invalid', true],
  ])("renders a %s time field labelled elsewhere as the event times' Mantine TextInput did", (_name, invalid) => {
    const style = { textAlign: 'center', fontVariantNumeric: 'tabular-nums' } as const;
    const { mantine, light } = renderSideBySide(
      <TextInput
        id="caseStart"
        aria-describedby="caseStart-description"
        value="09:05"
        placeholder="HH:MM"
        inputMode="numeric"
        autoComplete="off"
        w={110}
        size="md"
        styles={{ input: { minHeight: 44, ...style } }}
        error={invalid}
        onChange={() => undefined}
      />,
      <LightTextInput
        id="caseStart"
        describedBy="caseStart-description"
        value="09:05"
        placeholder="HH:MM"
        inputMode="numeric"
        autoComplete="off"
        width={110}
        inputStyle={style}
        invalid={invalid}
        onChange={() => undefined}
      />,
    );
    // Mantine's TextInput dropped the aria-describedby it was given, so the event's description
    // and error were never announced with the field; the plain field keeps it.
    expect(mantine.querySelector('input')?.hasAttribute('aria-describedby')).toBe(false);
    expect(light.querySelector('input')?.getAttribute('aria-describedby')).toBe('caseStart-description');
    const lightWithout = light.cloneNode(true) as Element;
    lightWithout.querySelector('input')?.removeAttribute('aria-describedby');
    expect(comparableMarkup(lightWithout)).toBe(comparableMarkup(mantine));
    expect(light.querySelector('input')?.getAttribute('aria-invalid')).toBe(invalid ? 'true' : null);
  });

  it('reports leaving the field and its keys', () => {
    const onBlur = vi.fn();
    const keys: string[] = [];
    const onKeyDown = vi.fn((e: { key: string }) => keys.push(e.key));
    render(
      <MantineProvider>
        <LightTextInput
          label="Started Monitoring"
          value=""
          onChange={() => undefined}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
      </MantineProvider>,
    );
    const input = screen.getByLabelText('Started Monitoring');
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    expect(keys).toEqual(['Enter']);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
