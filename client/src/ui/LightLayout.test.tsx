// @vitest-environment happy-dom
import { Group, Stack, Text } from '@mantine/core';
import { cleanup } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LightGroup, LightStack, LightText } from './LightLayout.js';
import { comparableMarkup } from './markup.js';
import { renderSideBySide } from './sideBySide.js';
import { theme } from './theme.js';

afterEach(cleanup);

function markupOf(mantine: ReactNode, light: ReactNode): { mantine: string; light: string } {
  const both = renderSideBySide(mantine, light, theme);
  return { mantine: comparableMarkup(both.mantine), light: comparableMarkup(both.light) };
}

describe("light layout components render Mantine's markup", () => {
  it.each([
    ['default gap', <Stack key="m">a</Stack>, <LightStack key="l">a</LightStack>],
    [
      'a numeric gap, a class and a test id',
      <Stack key="m" gap={2} className="x" data-testid="t">
        a
      </Stack>,
      <LightStack key="l" gap={2} className="x" data-testid="t">
        a
      </LightStack>,
    ],
    ['a spacing gap', <Stack key="m" gap="xs" />, <LightStack key="l" gap="xs" />],
  ])('Stack: %s', (_name, mantine, light) => {
    const { mantine: m, light: l } = markupOf(mantine, light);
    expect(l).toBe(m);
  });

  it.each([
    ['defaults', <Group key="m">a</Group>, <LightGroup key="l">a</LightGroup>],
    [
      'gap, align, wrap',
      <Group key="m" gap={6} align="flex-start" wrap="nowrap">
        a
      </Group>,
      <LightGroup key="l" gap={6} align="flex-start" wrap="nowrap">
        a
      </LightGroup>,
    ],
    [
      'a minimum height and a test id',
      <Group key="m" gap="sm" mih={44} data-testid="event-x">
        a
      </Group>,
      <LightGroup key="l" gap="sm" mih={44} data-testid="event-x">
        a
      </LightGroup>,
    ],
  ])('Group: %s', (_name, mantine, light) => {
    const { mantine: m, light: l } = markupOf(mantine, light);
    expect(l).toBe(m);
  });

  it.each([
    ['plain', <Text key="m">a</Text>, <LightText key="l">a</LightText>],
    [
      'weight',
      <Text key="m" fw={500}>
        a
      </Text>,
      <LightText key="l" fw={500}>
        a
      </LightText>,
    ],
    [
      'small, dimmed, with an id',
      <Text key="m" size="sm" c="dimmed" id="d">
        a
      </Text>,
      <LightText key="l" size="sm" c="dimmed" id="d">
        a
      </LightText>,
    ],
    [
      'an alert in red',
      <Text key="m" size="sm" c="red" role="alert">
        a
      </Text>,
      <LightText key="l" size="sm" c="red" role="alert">
        a
      </LightText>,
    ],
    [
      'a label',
      <Text key="m" component="label" htmlFor="f" fw={500}>
        a
      </Text>,
      <LightText key="l" htmlFor="f" fw={500}>
        a
      </LightText>,
    ],
    [
      'extra small',
      <Text key="m" size="xs" c="dimmed">
        a
      </Text>,
      <LightText key="l" size="xs" c="dimmed">
        a
      </LightText>,
    ],
  ])('Text: %s', (_name, mantine, light) => {
    const { mantine: m, light: l } = markupOf(mantine, light);
    expect(l).toBe(m);
  });
});
