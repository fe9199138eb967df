// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SECOND } from '@vigil/shared';
import type { VitalsRecord } from './monitor.js';
import { VitalsBanner } from './VitalsBanner.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
const T0 = 1_800_000_000_000;
const record: VitalsRecord = {
  id: 'r1',
  lastUpdated: T0,
  simulated: true,
  monitorLabel: 'Simulated monitor',
  monitorId: 'mon-other',
  selectedVitals: ['hr'],
  vitals: { hr: { value: 72, time: T0 } },
};
const show = (records: VitalsRecord[], now: number, manualCount = 0): void => {
  render(
    <MantineProvider>
      <VitalsBanner records={records} manualCount={manualCount} localMonitorId={null} now={() => now} />
    </MantineProvider>,
  );
};

describe('vitals banner texts (spec 002 §4)', () => {
  it("says 'No vitals measurements recorded yet.' with nothing recorded", () => {
    show([], T0);
    expect(screen.getByText('No vitals measurements recorded yet.')).toBeTruthy();
  });

  it('shows a fresh simulated reading with its marker and no delay', () => {
    show([record], T0 + 5 * SECOND);
    expect(screen.getByTestId('banner-hr').textContent).toContain('72');
    expect(screen.getByText('Simulated')).toBeTruthy();
    expect(screen.queryByText('Data is delayed')).toBeNull();
  });

  it("warns 'Data is delayed' after 20 s and shows 'no data' after 60 s", () => {
    show([record], T0 + 25 * SECOND);
    expect(screen.getByText('Data is delayed')).toBeTruthy();
    cleanup();
    show([record], T0 + 61 * SECOND);
    expect(screen.getByText('no data')).toBeTruthy();
  });
});

describe('vitals banner clock (spec 002 §4)', () => {
  it("turns to 'Data is delayed' on its own as the reading ages, rendering only when that changes", () => {
    vi.useFakeTimers();
    let clock = T0 + 5 * SECOND;
    let commits = 0;
    render(
      <MantineProvider>
        <Profiler id="banner" onRender={() => (commits += 1)}>
          <VitalsBanner records={[record]} manualCount={0} localMonitorId={null} now={() => clock} />
        </Profiler>
      </MantineProvider>,
    );
    expect(screen.queryByText('Data is delayed')).toBeNull();
    const mounted = commits;
    // 5 s → 19 s: the clock ticks each second, the banner shows the same thing: no render.
    for (let s = 6; s <= 19; s++) {
      clock = T0 + s * SECOND;
      act(() => {
        vi.advanceTimersByTime(SECOND);
      });
    }
    expect(commits).toBe(mounted);
    expect(screen.queryByText('Data is delayed')).toBeNull();
    // Past 20 s the reading is delayed: one render, and the warning shows.
    clock = T0 + 21 * SECOND;
    act(() => {
      vi.advanceTimersByTime(SECOND);
    });
    expect(screen.getByText('Data is delayed')).toBeTruthy();
    expect(commits).toBe(mounted + 1);
  });
});
