import { Stack } from '@mantine/core';
import { anesthesiaMinutes, anesthesiaUnits, type TimelineEventId } from '@vigil/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { LightGroup, LightText } from '../../../ui/LightLayout.js';
import { SectionFrame } from '../../../ui/SectionFrame.js';
import { hhmm } from '../../../ui/format.js';
import { timelineRows } from './timeline.js';
import classes from './CaseTimeline.module.css';

export interface CaseTimelineProps {
  times: Readonly<Record<TimelineEventId, number | null>>;
  now?: () => number;
}

const COLOURS: Readonly<Record<string, string>> = {
  Monitoring: 'var(--mantine-color-blue-6)',
  IV: 'var(--mantine-color-teal-6)',
  Procedure: 'var(--mantine-color-grape-6)',
  Anesthesia: 'var(--mantine-color-orange-6)',
  Recovery: 'var(--mantine-color-green-7)',
};

/** The case timeline (spec 002 §2): one horizontal bar per phase with its times or status text. */
export function CaseTimeline({ times, now = Date.now }: CaseTimelineProps): ReactNode {
  const [tick, setTick] = useState(() => now());
  useEffect(() => {
    const timer = window.setInterval(() => setTick(now()), 30_000);
    return () => window.clearInterval(timer);
  }, [now]);
  const rows = timelineRows(times, tick);
  const minutes = anesthesiaMinutes(times.anesthesiaStart, times.anesthesiaEnd);
  return (
    <SectionFrame id="case-timeline" title="Timeline">
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Case timeline">
        {rows.map((r) => {
          const times =
            r.start || r.end
              ? `${r.start ? `${r.start.label} ${hhmm(r.start.time)}` : ''}${r.start && r.end ? ' – ' : ''}${
                  r.end ? `${r.end.label} ${hhmm(r.end.time)}` : ''
                }`
              : '';
          return (
            <li key={r.name} data-testid={`timeline-${r.name}`}>
              <LightGroup gap="sm" wrap="nowrap">
                <LightText fw={600} size="sm" className={classes.name}>
                  {r.name}
                </LightText>
                <div aria-hidden className={classes.track}>
                  {r.bar && (
                    <div
                      className={classes.bar}
                      style={{
                        left: `${r.bar.left}%`,
                        width: `max(${r.bar.width}%, 4px)`,
                        background: COLOURS[r.name],
                        opacity: r.bar.open ? 0.6 : 1,
                      }}
                    />
                  )}
                </div>
                <LightText size="sm" className={classes.status} data-testid={`timeline-${r.name}-text`}>
                  {[times, r.statusText].filter(Boolean).join(' ') || '—'}
                </LightText>
              </LightGroup>
            </li>
          );
        })}
      </Stack>
      {minutes != null && (
        <LightText size="sm" data-testid="anesthesia-units">
          Anesthesia time {Math.round(minutes)} min, {anesthesiaUnits(minutes)} units
        </LightText>
      )}
    </SectionFrame>
  );
}
