// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PresetView } from '@vigil/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../ui/theme.js';
import { unusableText, usablePresets } from './model.js';
import { PresetListItem } from './PresetListItem.js';

const view = (over: Partial<PresetView>): PresetView => ({
  id: 'p1',
  name: 'Office GA',
  ownerType: 'org',
  ownerId: 'office',
  ownerName: 'Bright Smile',
  macroJSON: JSON.stringify({
    values: { sedationLevel: 'ga' },
    parenDrugs: [{ drugId: 'propofol', name: 'Propofol', route: 'IV', unit: 'mg', dose: 50, draw: null }],
  }),
  editable: false,
  updated: '2026-01-01T00:00:00.000Z',
  ...over,
});

function show(v: PresetView, maxLevel: string, order: number | null = null): { onToggle: ReturnType<typeof vi.fn> } {
  const [preset] = usablePresets([v]);
  const onToggle = vi.fn();
  render(
    <MantineProvider theme={theme}>
      <PresetListItem
        preset={preset!}
        order={order}
        onToggle={onToggle}
        unusable={unusableText(preset!, maxLevel)}
        portions={new Set(['values.sedationLevel'])}
        onPortions={() => undefined}
      />
    </MantineProvider>,
  );
  return { onToggle };
}

afterEach(cleanup);

describe('a preset in the list (spec 002 §2, §5, §6)', () => {
  it('[SL3] cannot be chosen when its sedation level is above the plan’s, and says why', () => {
    show(view({}), 'moderate');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Use Office GA' }).disabled).toBe(true);
    expect(screen.getByTestId('preset-unusable').textContent).toBe(
      'This preset cannot be used because it sets sedation level to "ga", which is not allowed by your organization\'s subscription.',
    );
  });

  it('[PS6] shows its owner, its order when chosen, and in its details the tip and the portions to apply', () => {
    const { onToggle } = show(view({ ownerType: 'otherUser', ownerName: 'Dr B' }), 'ga', 2);
    expect(screen.getByTestId('preset-owner').textContent).toBe('other user: Dr B');
    expect(screen.getByTestId('preset-order').textContent).toBe('2');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use Office GA' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('preset-tip')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByTestId('preset-tip').textContent).toMatch(/owned by another owner/);
    const portions = screen.getByRole('group', { name: 'Portions of Office GA to apply' });
    expect(portions.querySelectorAll('input[type=checkbox]')).toHaveLength(2);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Propofol/ }).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByTestId('preset-tip')).toBeNull();
  });
});
