// @vitest-environment happy-dom
import { MantineProvider, TextInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { comparableMarkup } from '../markup.js';
import { renderSideBySide } from '../sideBySide.js';
import { TimeField } from './TimeField.js';

afterEach(cleanup);

describe('TimeField', () => {
  it.each([
    ['empty (now)', '', null],
    ['with an error', '25:00', 'Enter a time as HH:MM'],
  ])("renders %s as the case forms' Mantine TextInput did", (_name, value, error) => {
    const { mantine, light } = renderSideBySide(
      <TextInput
        label="Given at"
        placeholder="now"
        inputMode="numeric"
        w={110}
        styles={{ input: { minHeight: 44 } }}
        value={value}
        error={error ?? undefined}
        onChange={() => undefined}
      />,
      <TimeField label="Given at" value={value} error={error} onChange={() => undefined} />,
    );
    expect(comparableMarkup(light)).toBe(comparableMarkup(mantine));
  });

  it('takes the width of its column when asked', () => {
    render(
      <MantineProvider>
        <TimeField label="Placed at" value="" error={null} width="auto" onChange={() => undefined} />
      </MantineProvider>,
    );
    const root = screen.getByLabelText('Placed at').closest('[data-size]')!.parentElement!;
    expect(root.getAttribute('style')).toBeNull();
  });

  it('hands back the text typed, says "now" when empty and keeps a numeric keyboard', () => {
    const typed: string[] = [];
    render(
      <MantineProvider>
        <TimeField label="Given at" value="" error={null} onChange={(t) => typed.push(t)} />
      </MantineProvider>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Given at');
    expect(input.placeholder).toBe('now');
    expect(input.inputMode).toBe('numeric');
    fireEvent.change(input, { target: { value: '930' } });
    expect(typed).toEqual(['930']);
  });
});
