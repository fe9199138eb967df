import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';

/**
 * For the tests of the Light* components: renders a Mantine component and the plain element
 * that stands in for it side by side under one MantineProvider (the app's theme when given) and
 * returns the root element of each, for `comparableMarkup`.
 */
export function renderSideBySide(
  mantine: ReactNode,
  light: ReactNode,
  theme?: MantineThemeOverride,
): { mantine: Element; light: Element } {
  render(
    <MantineProvider theme={theme}>
      <div data-testid="mantine">{mantine}</div>
      <div data-testid="light">{light}</div>
    </MantineProvider>,
  );
  return {
    mantine: screen.getByTestId('mantine').firstElementChild!,
    light: screen.getByTestId('light').firstElementChild!,
  };
}
