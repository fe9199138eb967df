// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualVitalsDialog, readVitalsTime, type VitalsTimeBounds } from './ManualVitals.js';

afterEach(cleanup);

function renderDialog(onSave = vi.fn()): ReturnType<typeof vi.fn> {
  render(
    <MantineProvider>
      <ManualVitalsDialog opened initial={null} temperatureUnit="F" onSave={onSave} onClose={() => undefined} />
    </MantineProvider>,
  );
  return onSave;
}
const type = (label: RegExp, text: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
};
const saveButton = (): HTMLButtonElement => screen.getByRole('button', { name: 'Save vitals' });

describe('manual vitals dialog (spec 002 §5)', () => {
  it('needs at least one value before it can save', () => {
    renderDialog();
    expect(saveButton().disabled).toBe(true);
    type(/Heart rate/, '72');
    expect(saveButton().disabled).toBe(false);
  });

  it.each([
    [/Systolic BP/, '401', 'max is 400'],
    [/SpO2/, '0.5', 'min is 1'],
    [/Heart rate/, '7x2', 'invalid value'],
    [/Temperature/, '123', 'max is 122'],
  ])('shows the limit error for %s = %s and blocks saving', (label, text, error) => {
    renderDialog();
    type(/Resp. rate/, '14');
    type(label, text);
    expect(screen.getByText(error)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('treats zero as empty and saves the values typed, in the temperature unit shown', () => {
    const onSave = renderDialog();
    type(/Systolic BP/, '118');
    type(/Diastolic BP/, '76');
    type(/Heart rate/, '0');
    type(/Temperature/, '98.7');
    fireEvent.click(saveButton());
    expect(onSave).toHaveBeenCalledTimes(1);
    const entry = onSave.mock.calls[0]![0] as { vitals: Record<string, number | null>; temperatureUnit: string };
    expect(entry.temperatureUnit).toBe('F');
    expect(entry.vitals).toEqual({ sbp: 118, dbp: 76, hr: null, spo2: null, rr: null, etco2: null, temp: 98.7 });
  });

  it('stays in the page and is empty again for the next reading after a save', () => {
    const onSave = renderDialog();
    type(/Heart rate/, '72');
    fireEvent.click(saveButton());
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText<HTMLInputElement>(/Heart rate/).value).toBe('');
    expect(saveButton().disabled).toBe(true);
  });
});

describe('the next reading on a busy tablet (session 32)', () => {
  /** The case screen's use: Save closes the dialog, 'Add vitals' opens it again. */
  function Section(): ReactNode {
    const [opened, setOpened] = useState(true);
    return (
      <MantineProvider>
        <button type="button" onClick={() => setOpened(true)}>
          Add vitals
        </button>
        <ManualVitalsDialog
          opened={opened}
          initial={null}
          temperatureUnit="F"
          onSave={() => setOpened(false)}
          onClose={() => setOpened(false)}
        />
      </MantineProvider>
    );
  }
  /** React's discrete updates run in microtasks; a transition waits for a later task. */
  const microtasks = async (): Promise<void> => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };

  it('opens empty for the next reading while the emptying after the last save still waits behind other work', async () => {
    render(<Section />);
    type(/Heart rate/, '72');
    // Clicks outside act(), as a browser delivers them: act would run the waiting transition at once.
    const reactAct = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const before = reactAct.IS_REACT_ACT_ENVIRONMENT;
    reactAct.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      saveButton().click();
      await microtasks();
      screen.getByRole('button', { name: 'Add vitals', hidden: true }).click();
      await microtasks();
      // Read before any task runs: the transition that empties the form has not.
      const heartRate = screen.getByLabelText<HTMLInputElement>(/Heart rate/);
      expect(heartRate.value).toBe('');
    } finally {
      reactAct.IS_REACT_ACT_ENVIRONMENT = before;
    }
    // Typing the next reading gives that reading, not the last one's digits followed by it.
    type(/Heart rate/, '64');
    expect(screen.getByLabelText<HTMLInputElement>(/Heart rate/).value).toBe('64');
  });
});

describe('the time of a manual vitals entry (issue 25)', () => {
  const at = (h: number, m: number, s = 0): number => new Date(2026, 10, 22, h, m, s).getTime();
  const NOW = at(11, 0);
  // Started Monitoring 09:00:30, Recovery Completed 10:30:40
  const BOUNDS: VitalsTimeBounds = { min: at(9, 0, 30), max: at(10, 30, 40) };

  function renderBounded(bounds: VitalsTimeBounds, onSave = vi.fn()): ReturnType<typeof vi.fn> {
    render(
      <MantineProvider>
        <ManualVitalsDialog
          opened
          initial={null}
          temperatureUnit="F"
          onSave={onSave}
          onClose={() => undefined}
          bounds={bounds}
          now={() => NOW}
        />
      </MantineProvider>,
    );
    return onSave;
  }

  it.each([
    ['', { min: null, max: null }, NOW, null],
    ['0945', BOUNDS, at(9, 45), null],
    ['9:00', BOUNDS, at(9, 0), null], // the start's own minute
    ['10:30', BOUNDS, at(10, 30), null], // the end's own minute
    ['10:31', BOUNDS, null, 'max is 10:30'],
    ['', BOUNDS, null, 'max is 10:30'], // now (11:00) is after Recovery Completed
    ['0859', BOUNDS, null, 'min is 09:00'],
    ['11:30', { min: null, max: null }, null, 'max is 11:00'], // never in the future
    ['99:99', BOUNDS, null, 'Invalid time input use HH:MM'],
  ] as const)('reads %j within %j as %s (%s)', (text, bounds, value, error) => {
    expect(readVitalsTime(text, NOW, bounds, NOW)).toEqual({ value, error });
  });

  it('defaults to now, and a backdated entry is saved at its time', () => {
    const onSave = renderBounded({ min: at(9, 0), max: null });
    type(/Heart rate/, '72');
    type(/^Time/, '0945');
    fireEvent.click(saveButton());
    expect((onSave.mock.calls[0]![0] as { time: number }).time).toBe(at(9, 45));
    // the form is empty again: the next entry is now
    type(/Heart rate/, '75');
    fireEvent.click(saveButton());
    expect((onSave.mock.calls[1]![0] as { time: number }).time).toBe(NOW);
  });

  it('refuses an entry after Recovery Completed until it is backdated', () => {
    const onSave = renderBounded(BOUNDS);
    type(/Heart rate/, '72');
    expect(screen.getByText('max is 10:30')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    type(/^Time/, '10:15');
    expect(screen.queryByText('max is 10:30')).toBeNull();
    fireEvent.click(saveButton());
    expect((onSave.mock.calls[0]![0] as { time: number }).time).toBe(at(10, 15));
  });
});
