// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CaseTimeline } from './CaseTimeline.js';

afterEach(cleanup);

const at = (h: number, m: number): number => new Date(2026, 10, 21, h, m).getTime();
const none = {
  caseStart: null,
  vitalsEnd: null,
  ivStart: null,
  ivEnd: null,
  surgeryStart: null,
  surgeryEnd: null,
  anesthesiaStart: null,
  anesthesiaEnd: null,
  recoveryStart: null,
  end: null,
};

describe('case timeline section', () => {
  it('[ET9] shows each bar with its event labels and times, or its status text (spec 002 §2–§4)', () => {
    render(
      <MantineProvider>
        <CaseTimeline times={{ ...none, caseStart: at(9, 0), surgeryEnd: at(9, 40) }} now={() => at(9, 50)} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('timeline-Monitoring-text').textContent).toBe('Started Monitoring 09:00 (no end time)');
    expect(screen.getByTestId('timeline-Procedure-text').textContent).toBe('Procedure End 09:40 (missing start)');
    expect(screen.getByTestId('timeline-IV-text').textContent).toBe('(no data)');
    expect(screen.queryByTestId('anesthesia-units')).toBeNull();
  });

  it('[ET7] gives anesthesia minutes and units (minutes / 15, 1 decimal; spec 001 §9)', () => {
    render(
      <MantineProvider>
        <CaseTimeline times={{ ...none, anesthesiaStart: at(9, 0), anesthesiaEnd: at(9, 50) }} now={() => at(10, 0)} />
      </MantineProvider>,
    );
    // 50 / 15 = 3.33… → 3.3
    expect(screen.getByTestId('anesthesia-units').textContent).toBe('Anesthesia time 50 min, 3.3 units');
  });
});
