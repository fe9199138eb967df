// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualVitalsDialog } from './ManualVitals.js';

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
