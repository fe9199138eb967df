// @vitest-environment happy-dom
import { MantineProvider, NativeSelect } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { comparableMarkup } from '../markup.js';
import { renderSideBySide } from '../sideBySide.js';
import { theme } from '../theme.js';
import { LightNativeSelect } from './LightNativeSelect.js';

afterEach(cleanup);

const DATA = [
  { value: 'tracked', label: 'Tracked' },
  { value: 'notTracked', label: 'Not tracked' },
];

describe('LightNativeSelect', () => {
  it.each([
    ['enabled', false],
    ['disabled', true],
  ])("renders as Mantine's NativeSelect with size md does (%s)", (_name, disabled) => {
    const { mantine, light } = renderSideBySide(
      <NativeSelect
        label="HR tracking"
        size="md"
        value="notTracked"
        disabled={disabled}
        data={DATA}
        onChange={() => undefined}
      />,
      <LightNativeSelect
        label="HR tracking"
        value="notTracked"
        disabled={disabled}
        data={DATA}
        onChange={() => undefined}
      />,
      theme,
    );
    expect(comparableMarkup(light)).toBe(comparableMarkup(mantine));
    expect(light.querySelector('select')!.value).toBe(mantine.querySelector('select')!.value);
  });

  it.each([
    ['enabled', false],
    ['disabled', true],
  ])("renders size sm with a width as the case forms' 44 px Mantine NativeSelect does (%s)", (_name, disabled) => {
    const { mantine, light } = renderSideBySide(
      <NativeSelect
        label="Unit"
        w={90}
        styles={{ input: { minHeight: 44 } }}
        value="notTracked"
        disabled={disabled}
        data={DATA}
        onChange={() => undefined}
      />,
      <LightNativeSelect
        label="Unit"
        size="sm"
        width={90}
        value="notTracked"
        disabled={disabled}
        data={DATA}
        onChange={() => undefined}
      />,
      theme,
    );
    expect(comparableMarkup(light)).toBe(comparableMarkup(mantine));
    expect(light.querySelector('select')!.style.minHeight).toBe('44px');
  });

  it('is named by its label and reports the chosen value', () => {
    const chosen: string[] = [];
    render(
      <MantineProvider theme={theme}>
        <LightNativeSelect
          label="SpO2 tracking"
          value="tracked"
          data={DATA}
          onChange={(e) => chosen.push(e.currentTarget.value)}
        />
      </MantineProvider>,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('SpO2 tracking');
    expect(select.value).toBe('tracked');
    fireEvent.change(select, { target: { value: 'notTracked' } });
    expect(chosen).toEqual(['notTracked']);
  });
});
