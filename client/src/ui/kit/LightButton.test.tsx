// @vitest-environment happy-dom
import { ActionIcon, Button, MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme.js';
import { LightButton, LightIconButton } from './LightButton.js';
import { comparableMarkup } from '../markup.js';

afterEach(cleanup);

function markupOf(node: ReactNode): string {
  const { container, unmount } = render(<MantineProvider theme={theme}>{node}</MantineProvider>);
  const markup = comparableMarkup(container.querySelector('button')!);
  unmount();
  return markup;
}

describe("light buttons render as Mantine's in this app's theme", () => {
  it.each([
    ['light', 'blue', false],
    ['light', 'blue', true],
    ['light', 'gray', false],
    ['subtle', 'blue', false],
    ['subtle', 'blue', true],
    ['subtle', 'gray', false],
  ] as const)('Button variant %s, color %s, disabled %s', (variant, color, disabled) => {
    const mantine = markupOf(
      <Button
        variant={variant}
        color={color}
        mih={44}
        disabled={disabled}
        aria-label="Arrival: now"
        aria-expanded={false}
      >
        Now
      </Button>,
    );
    const light = markupOf(
      <LightButton variant={variant} color={color} disabled={disabled} aria-label="Arrival: now" aria-expanded={false}>
        Now
      </LightButton>,
    );
    expect(light).toBe(mantine);
  });

  it.each([false, true])('Button variant subtle, size sm (the section navigation), disabled %s', (disabled) => {
    const mantine = markupOf(
      <Button variant="subtle" size="sm" mih={44} disabled={disabled}>
        Vitals
      </Button>,
    );
    const light = markupOf(
      <LightButton variant="subtle" size="sm" disabled={disabled}>
        Vitals
      </LightButton>,
    );
    expect(light).toBe(mantine);
  });

  it.each([
    ['blue', false],
    ['red', false],
    ['red', true],
  ] as const)('Button variant subtle, size xs (a table row), color %s, disabled %s', (color, disabled) => {
    const mantine = markupOf(
      <Button variant="subtle" color={color} size="xs" mih={44} disabled={disabled} aria-label="Remove vitals at 14:05">
        Remove
      </Button>,
    );
    const light = markupOf(
      <LightButton variant="subtle" color={color} size="xs" disabled={disabled} aria-label="Remove vitals at 14:05">
        Remove
      </LightButton>,
    );
    expect(light).toBe(mantine);
  });

  it.each([false, true])('ActionIcon variant default, 44 px, disabled %s', (disabled) => {
    const mantine = markupOf(
      <ActionIcon size={44} variant="default" disabled={disabled} aria-label="Arrival: one minute later">
        +
      </ActionIcon>,
    );
    const light = markupOf(
      <LightIconButton disabled={disabled} aria-label="Arrival: one minute later">
        +
      </LightIconButton>,
    );
    expect(light).toBe(mantine);
  });
});

describe('light buttons behave as buttons', () => {
  it('are named, clickable when enabled and not when disabled', () => {
    const onNow = vi.fn();
    const onLater = vi.fn();
    render(
      <MantineProvider theme={theme}>
        <LightButton variant="light" aria-label="Arrival: now" onClick={onNow}>
          Now
        </LightButton>
        <LightIconButton aria-label="Arrival: one minute later" disabled onClick={onLater}>
          +
        </LightIconButton>
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Arrival: now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Arrival: one minute later' }));
    expect(onNow).toHaveBeenCalledTimes(1);
    expect(onLater).not.toHaveBeenCalled();
  });
});
