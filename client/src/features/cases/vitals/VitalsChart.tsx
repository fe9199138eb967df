import { Box, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { REPORT_CHART, timeAxisTicks } from '@vigil/shared';
import { CHART_VITALS, chartColumns, timeAxisLabels, type VitalsPoint } from './series.js';
import { clockTime } from '../../../ui/format.js';

/** uPlot's legend row under the plot, kept free while the chart is made (no jump). */
const CHART_LEGEND_PX = 28;

/** Runs `run` after the next paint (a timer set in an animation frame fires after that frame). */
function afterPaint(run: () => void): () => void {
  let timer: number | undefined;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

export interface VitalsChartProps {
  points: readonly VitalsPoint[];
  /** The vitals interval (VT4): a vital's line breaks where a checkpoint was missed (VC3). */
  intervalMinutes: 5 | 10;
  height?: number;
}

/** The least room a time label takes on the axis (HH:MM and space either side), px. */
const TIME_LABEL_PX = 64;

/**
 * The vitals over time, drawn with uPlot (canvas): a 4-hour case with a reading every 5 s is
 * 2,880 points a series, redrawn in a few milliseconds. The chart is made once and only its
 * data replaced as readings arrive; the y axis reaches at least 130 (spec 002 §9 "vitals axis
 * minimum max 130").
 */
export function VitalsChart({ points, intervalMinutes, height = 260 }: VitalsChartProps): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const data = useMemo(
    () => chartColumns(points, intervalMinutes) as unknown as uPlot.AlignedData,
    [points, intervalMinutes],
  );
  const simulated = useMemo(() => points.some((p) => p.simulated), [points]);
  const latest = useRef(data);
  latest.current = data;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const opts: uPlot.Options = {
      width: 320,
      height,
      scales: {
        x: { time: true },
        y: { auto: true, range: (_u, min, max) => [Math.min(0, min), Math.max(REPORT_CHART.vitalsAxisMinMax, max)] },
      },
      series: [
        { value: (_u, v) => (v == null ? '' : clockTime(v * 1000)) },
        ...CHART_VITALS.map((v) => ({
          label: v.label,
          stroke: v.colour,
          width: 1.5,
          // Undefined (a reading without this vital) is joined across; null is a missed checkpoint (VC3).
          spanGaps: false,
          points: { show: false },
        })),
      ],
      axes: [
        {
          // Whole-minute ticks, never two with the same HH:MM label, on the device's clock (VC2).
          splits: (u, _i, min, max) =>
            timeAxisTicks(
              min * 1000,
              max * 1000,
              u.bbox.width / devicePixelRatio / TIME_LABEL_PX,
              -new Date(min * 1000).getTimezoneOffset(),
            ).map((t) => t / 1000),
          values: (_u, splits) => timeAxisLabels(splits),
        },
        { grid: { show: true } },
      ],
      legend: { live: false },
    };
    let made: { u: uPlot; resize: ResizeObserver } | null = null;
    let gone = false;
    // Made once the screen is painted: building the chart of a 4-hour case (11,520 points) took
    // about 135 ms of a throttled tablet in front of the first paint of an opened case. uPlot's
    // module loads then too (it sets up an Intl number format, locale data, as it loads).
    // The service worker keeps uPlot's chunk with the app, so this loads offline too; were it
    // missing, the chart stays empty and the tables below still show every reading.
    const cancel = afterPaint(() => {
      import('uplot')
        .then(({ default: UPlot }) => {
          if (gone) return;
          const u = new UPlot({ ...opts, width: Math.max(320, el.clientWidth) }, latest.current, el);
          const resize = new ResizeObserver(() => u.setSize({ width: Math.max(320, el.clientWidth), height }));
          resize.observe(el);
          plot.current = u;
          made = { u, resize };
        })
        .catch((err: unknown) => console.warn('The vitals chart could not load', err));
    });
    return () => {
      gone = true;
      cancel();
      made?.resize.disconnect();
      made?.u.destroy();
      plot.current = null;
    };
  }, [height]);

  useEffect(() => {
    plot.current?.setData(data);
  }, [data]);

  return (
    <Box>
      <div
        ref={box}
        role="img"
        aria-label={`Vitals chart, ${points.length} readings`}
        style={{ minHeight: height + CHART_LEGEND_PX }}
      />
      {simulated && (
        <Text size="sm" c="orange.9" fw={700} data-testid="vitals-chart-simulated">
          Includes simulated monitor readings: not from the patient, and left out of the discharge score.
        </Text>
      )}
      {points.length === 0 && (
        <Text size="sm" c="dimmed">
          The chart fills in as vitals are recorded.
        </Text>
      )}
    </Box>
  );
}
