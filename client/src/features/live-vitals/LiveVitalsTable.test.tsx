// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_IS_DELAYED, SECOND, type LiveCaseView } from '@vigil/shared';
import { LiveVitalsTable } from './LiveVitalsTable.js';

afterEach(cleanup);
const T0 = 1_800_000_000_000;
const live: LiveCaseView = {
  caseId: 'apt-1',
  orgId: 'office',
  orgName: 'Bright Smile Dental',
  patient: 'Ada Lovelace',
  provider: 'Dr Grace Hopper',
  place: 'Operatory 2',
  startedAt: T0 - 600 * SECOND,
  lastReadingAt: T0,
  monitorLabel: 'Operatory 2 monitor',
  simulated: false,
  vitals: [
    { type: 'hr', value: 72, time: T0 },
    { type: 'spo2', value: 98, time: T0 },
  ],
  updatedAt: T0,
};

const show = (now: number): void => {
  render(
    <MantineProvider>
      <MemoryRouter>
        <LiveVitalsTable rows={[live]} now={now} label="Cases in progress" />
      </MemoryRouter>
    </MantineProvider>,
  );
};

describe('live vitals table (issue 38)', () => {
  it('[LV2] shows the latest vitals fresh, with a link that opens the case', () => {
    show(T0 + 5 * SECOND);
    expect(screen.getByTestId('live-hr').textContent).toBe('72');
    expect(screen.getByTestId('live-spo2').textContent).toBe('98');
    expect(screen.getByTestId('live-case').dataset.freshness).toBe('fresh');
    expect(screen.getByRole('link', { name: 'Open case: Ada Lovelace' }).getAttribute('href')).toBe(
      '/org/office/cases/apt-1',
    );
  });

  it.each([
    [21, 'orange'],
    [31, 'red'],
  ])('[LV2] says data %s s old is delayed, in %s', (age, colour) => {
    show(T0 + age * SECOND);
    expect(screen.getByTestId('live-case').dataset.freshness).toBe(colour);
    expect(screen.getByTestId('live-delayed').textContent).toBe(DATA_IS_DELAYED);
  });

  it('[LV2] hides the vitals after 60 s: no data', () => {
    show(T0 + 61 * SECOND);
    expect(screen.getByTestId('live-case').dataset.freshness).toBe('noData');
    expect(screen.getByTestId('live-hr').textContent).toBe('–');
    expect(screen.getByText('no data')).toBeTruthy();
  });
});
