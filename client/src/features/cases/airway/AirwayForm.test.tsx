// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AIRWAY_TYPES } from '@vigil/shared';
import { AirwayForm } from './AirwayForm.js';
import { AIRWAY_LABELS, airwayName, readLimited, type AirwayEntry } from './model.js';

afterEach(cleanup);
const NOW = new Date(2026, 10, 22, 10, 0).getTime();
const set = (label: string, value: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
const renderForm = (initial: AirwayEntry | null = null): ReturnType<typeof vi.fn> => {
  const onSave = vi.fn();
  render(
    <MantineProvider>
      <AirwayForm initial={initial} onSave={onSave} onCancel={() => undefined} now={() => NOW} />
    </MantineProvider>,
  );
  return onSave;
};
const save = (): HTMLButtonElement => screen.getByRole<HTMLButtonElement>('button', { name: 'Save airway' });

describe('airways (spec 001 §5 types, spec 002 §3 fields)', () => {
  it('names every airway type of spec 001 §5', () => {
    expect(Object.keys(AIRWAY_LABELS)).toEqual([...AIRWAY_TYPES]);
    expect(airwayName({ type: 'other', otherType: 'Nasal mask' })).toBe('Nasal mask');
  });

  it.each([
    ['peep', '51', 'max is 50'],
    ['peep', '-1', 'min is 0'],
    ['spo2', '101', 'max is 100'],
    ['spo2', '0', 'min is 1'],
  ] as const)('limits %s: %s gives %s (spec 001 §5)', (vital, text, error) => {
    expect(readLimited(text, vital)).toEqual({ value: null, error });
  });

  it('saves an LMA placed now with PEEP, SpO2 before and after removal, and pre-oxygenation', () => {
    const onSave = renderForm();
    set('Airway type', 'lma');
    set('PEEP (cmH2O)', '5');
    set('SpO2 before removal', '99');
    set('SpO2 after removal', '97');
    set('Airway secured with', 'Tape');
    fireEvent.click(screen.getByLabelText('Pre-oxygenated'));
    fireEvent.click(save());
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      type: 'lma',
      inflated: NOW,
      deflated: null,
      peep: 5,
      preRemovalSpo2: 99,
      postRemovalSpo2: 97,
      securedWith: 'Tape',
      preOx: true,
      removalComp: false,
    });
  });

  it('blocks saving while a value is outside its limit, and charts no PEEP for a nasal cannula', () => {
    const onSave = renderForm();
    set('SpO2 after removal', '120');
    expect(screen.getByText('max is 100')).toBeTruthy();
    expect(save().disabled).toBe(true);
    set('SpO2 after removal', '98');
    expect(screen.queryByLabelText('PEEP (cmH2O)')).toBeNull();
    fireEvent.click(save());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ type: 'nc', peep: null, postRemovalSpo2: 98 });
  });
});
