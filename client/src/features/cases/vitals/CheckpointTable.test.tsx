// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckpointTable } from './CheckpointTable.js';
import type { CheckpointRow } from './series.js';

afterEach(cleanup);

const at = (h: number, m: number): number => new Date(2026, 10, 22, h, m).getTime();

describe('CheckpointTable', () => {
  it('lists checkpoints newest first with HH:MM times, values, MAP (VC1), and where each came from', () => {
    const rows: CheckpointRow[] = [
      {
        time: at(9, 0),
        point: { time: at(9, 0), source: 'manual', simulated: false, values: { sbp: 118, dbp: 76, hr: 72 } },
      },
      { time: at(9, 5), point: { time: at(9, 5), source: 'monitor', simulated: true, values: { hr: 70, spo2: 98 } } },
      { time: at(9, 10), point: { time: at(9, 10), source: 'monitor', simulated: false, values: { hr: 68 } } },
      { time: at(14, 15), point: null },
    ];
    render(
      <MantineProvider>
        <CheckpointTable rows={rows} intervalMinutes={5} />
      </MantineProvider>,
    );
    // A focusable, named box, so the keyboard can scroll a long case's rows.
    expect(screen.getByRole('region', { name: 'Checkpoints, every 5 minutes' }).tabIndex).toBe(0);
    const body = within(screen.getByRole('table', { name: 'Vitals every 5 minutes' }))
      .getAllByRole('row')
      .slice(1);
    const cells = body.map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ['14:15', '–', '–', '–', '–', '–', '–', '–', 'no data'],
      ['09:10', '–', '–', '–', '68', '–', '–', '–', 'Monitor'],
      ['09:05', '–', '–', '–', '70', '98', '–', '–', 'Simulated'],
      // MAP 76 + (118 − 76) / 3 = 90
      ['09:00', '118', '76', '90', '72', '–', '–', '–', 'Manual'],
    ]);
  });

  it('says when checkpoints start while there are none', () => {
    render(
      <MantineProvider>
        <CheckpointTable rows={[]} intervalMinutes={10} />
      </MantineProvider>,
    );
    expect(screen.getByText('Checkpoints start when the case starts.')).toBeTruthy();
  });
});
