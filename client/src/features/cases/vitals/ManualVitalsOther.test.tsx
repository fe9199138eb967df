// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualVitalsDialog, otherVitalsText } from './ManualVitals.js';

afterEach(cleanup);

function renderDialog(onSave = vi.fn()): ReturnType<typeof vi.fn> {
  render(
    <MantineProvider>
      <ManualVitalsDialog opened initial={null} temperatureUnit="C" onSave={onSave} onClose={() => undefined} />
    </MantineProvider>,
  );
  return onSave;
}
const type = (label: RegExp, text: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
};
const saveButton = (): HTMLButtonElement => screen.getByRole('button', { name: 'Save vitals' });

describe('manual PEEP, PIP, tidal volume, RSS, GCS and ESS (spec 001 §5, VT1)', () => {
  it.each([
    [/^PEEP/, '51', 'max is 50'],
    [/^PIP/, '51', 'max is 50'],
    [/^Tidal volume/, '10001', 'max is 10000'],
    [/^RSS/, '7', 'max is 6'],
    [/^GCS/, '2', 'min is 3'],
    [/^GCS/, '16', 'max is 15'],
    [/^ESS/, '-6', 'min is -5'],
    [/^ESS/, '5', 'max is 4'],
  ])('[VT1] refuses %s = %s with "%s"', (label, text, error) => {
    renderDialog();
    type(/Heart rate/, '72');
    type(label, text);
    expect(screen.getByText(error)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('[VT2] saves the values within their limits, ESS 0 kept, and leaves untyped ones out', () => {
    const onSave = renderDialog();
    type(/^PEEP/, '5');
    type(/^PIP/, '18');
    type(/^Tidal volume/, '450');
    type(/^RSS/, '3');
    type(/^GCS/, '15');
    type(/^ESS/, '0');
    fireEvent.click(saveButton());
    expect(onSave).toHaveBeenCalledTimes(1);
    const entry = onSave.mock.calls[0]![0] as { vitals: Record<string, number | null> };
    expect(entry.vitals).toMatchObject({ peep: 5, pip: 18, tidalVolume: 450, rss: 3, gcs: 15, ess: 0 });
    const onlyHr = renderDialogAgain();
    type(/Heart rate/, '70');
    fireEvent.click(saveButton());
    expect(Object.keys((onlyHr.mock.calls[0]![0] as { vitals: object }).vitals)).not.toContain('peep');
  });

  it('shows the other vitals of an entry in one cell', () => {
    expect(otherVitalsText({ peep: 5, gcs: 15, hr: 80 })).toBe('PEEP 5 · GCS 15');
    expect(otherVitalsText({ hr: 80 })).toBe('–');
  });
});

function renderDialogAgain(): ReturnType<typeof vi.fn> {
  cleanup();
  return renderDialog();
}
