// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import { calendarGrid } from '@vigil/shared';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../ui/theme.js';
import { MonthGrid, type MonthGridItem } from './MonthGrid.js';

afterEach(cleanup);

function renderGrid(refreshing: boolean): HTMLElement {
  const { container } = render(
    <MantineProvider theme={theme}>
      <MonthGrid<MonthGridItem>
        grid={calendarGrid({ year: 2026, month: 11 })}
        byDay={new Map()}
        monthTitle="November 2026"
        month={11}
        todayKey="2026-11-30"
        selectedKey={null}
        refreshing={refreshing}
        onSelectDay={() => undefined}
        onCloseDay={() => undefined}
        popup={() => null}
      />
    </MantineProvider>,
  );
  return container;
}

describe('the month grid (spec 002 §9)', () => {
  it('owns only rows while it refreshes: the loading overlay and its status loader sit beside the grid (axe aria-required-children)', async () => {
    const container = renderGrid(true);
    const grid = container.querySelector('[role="grid"]');
    expect(grid?.getAttribute('aria-busy')).toBe('true');
    // The overlay's loader is shown, outside the grid.
    const loader = container.querySelector('[role="status"]');
    expect(loader).not.toBeNull();
    expect(grid?.contains(loader)).toBe(false);
    const result = await axe.run(container, { runOnly: ['aria-required-children', 'aria-required-parent'] });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('lays out the header row and one row per shown week', () => {
    const container = renderGrid(false);
    const rows = container.querySelectorAll('[role="grid"] > [role="row"]');
    expect(rows.length).toBe(1 + calendarGrid({ year: 2026, month: 11 }).weeks.length);
  });
});
