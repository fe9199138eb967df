import { Box } from '@mantine/core';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartCell, ChartModel } from './charts.js';

export interface UPlotChartProps<C extends { value: number } = ChartCell> {
  model: ChartModel<C>;
  kind: 'bars' | 'lines';
  /** What the chart shows, for screen readers (its table beside it holds the numbers). */
  label: string;
  /** A bar or point clicked: the cases it stands for. */
  onPick?: (cell: C) => void;
  height?: number;
  /** The y axis's top at least this (100 for percents). */
  yMax?: number;
}

/** uPlot's legend row under the plot, kept free while the chart is made (no jump). */
const LEGEND_PX = 28;

/** The cell a click at the cursor stands for: the only series', else the series nearest the pointer. */
function pickedCell<C extends { value: number }>(u: uPlot, model: ChartModel<C>): C | null {
  const idx = u.cursor.idx;
  if (idx == null) return null;
  const cells = model.series.map((s) => s.cells[idx] ?? null);
  if (cells.length === 1) return cells[0]!;
  const y = u.posToVal(u.cursor.top ?? 0, 'y');
  let best: C | null = null;
  for (const c of cells) if (c && (!best || Math.abs(c.value - y) < Math.abs(best.value - y))) best = c;
  return best;
}

/**
 * A chart of the analytics page (issue 41), drawn with uPlot (already the vitals chart's library):
 * categories along x (months, drugs, scores, figures), bars for one series or lines with points for
 * several. Made after the first paint with uPlot loaded on demand, like VitalsChart; clicking a bar
 * or point drills down. The canvas is an image to assistive technology; the table under each chart
 * holds the same numbers and the same drill-downs as buttons.
 */
export function UPlotChart<C extends { value: number } = ChartCell>({
  model,
  kind,
  label,
  onPick,
  height = 220,
  yMax,
}: UPlotChartProps<C>): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const data = useMemo(
    () =>
      [
        model.categories.map((_, i) => i),
        ...model.series.map((s) => s.cells.map((c) => (c ? c.value : kind === 'bars' ? 0 : null))),
      ] as uPlot.AlignedData,
    [model, kind],
  );

  useEffect(() => {
    const el = box.current;
    if (!el || model.categories.length === 0) return;
    let made: { u: uPlot; resize: ResizeObserver } | null = null;
    let gone = false;
    import('uplot')
      .then(({ default: UPlot }) => {
        if (gone) return;
        const n = model.categories.length;
        const bars = UPlot.paths.bars!({ size: [0.6, 64] });
        const opts: uPlot.Options = {
          width: Math.max(300, el.clientWidth),
          height,
          scales: {
            x: { time: false, range: () => [-0.5, n - 0.5] },
            y: { auto: true, range: (_u, _min, max) => [0, Math.max(yMax ?? 1, max * 1.1)] },
          },
          series: [
            { label: '', value: (_u, v) => (v == null ? '' : (model.categories[v] ?? '')) },
            ...model.series.map((s) => ({
              label: s.label,
              stroke: s.colour,
              fill: kind === 'bars' ? `${s.colour}cc` : undefined,
              width: kind === 'bars' ? 1 : 2,
              ...(kind === 'bars' ? { paths: bars, points: { show: false } } : { points: { show: true, size: 7 } }),
            })),
          ],
          axes: [
            {
              splits: () => model.categories.map((_, i) => i),
              values: (_u, splits) => splits.map((i) => model.categories[i] ?? ''),
              grid: { show: false },
            },
            { grid: { show: true } },
          ],
          legend: { show: model.series.length > 1 },
          cursor: { drag: { x: false, y: false } },
          hooks: {
            ready: [
              (u) =>
                u.over.addEventListener('click', () => {
                  const cell = pickedCell(u, model);
                  if (cell) pick.current?.(cell);
                }),
            ],
          },
        };
        const u = new UPlot(opts, data, el);
        const resize = new ResizeObserver(() => u.setSize({ width: Math.max(300, el.clientWidth), height }));
        resize.observe(el);
        made = { u, resize };
      })
      .catch((err: unknown) => console.warn('An analytics chart could not load', err));
    return () => {
      gone = true;
      made?.resize.disconnect();
      made?.u.destroy();
    };
  }, [model, kind, data, height, yMax]);

  return (
    <Box
      ref={box}
      role="img"
      aria-label={label}
      data-testid="analytics-chart"
      style={{ minHeight: height + LEGEND_PX, cursor: onPick ? 'pointer' : undefined }}
    />
  );
}
