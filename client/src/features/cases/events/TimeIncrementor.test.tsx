// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimeIncrementor, type TimeIncrementorProps } from './TimeIncrementor.js';

afterEach(cleanup);

const day = '2026-11-21';
const at = (h: number, m: number): number => new Date(2026, 10, 21, h, m).getTime();

function renderIt(props: Partial<TimeIncrementorProps> = {}): ReturnType<typeof vi.fn> {
  const onChange = vi.fn();
  render(
    <MantineProvider>
      <TimeIncrementor label="Anes. Start" value={null} referenceDate={day} onChange={onChange} {...props} />
    </MantineProvider>,
  );
  return onChange;
}
const field = (): HTMLInputElement => screen.getByLabelText('Anes. Start');
const type = (text: string): void => {
  fireEvent.change(field(), { target: { value: text } });
  fireEvent.keyDown(field(), { key: 'Enter' });
};

describe('time incrementor (spec 002 §2, §5)', () => {
  it.each([
    ['09:30', 9, 30],
    ['930', 9, 30],
    ['0930', 9, 30],
    ['1:30p', 13, 30],
  ])('[TI1][TI2] reads "%s" as %s:%s on the case day', (text, h, m) => {
    const onChange = renderIt();
    type(text);
    expect(onChange).toHaveBeenCalledWith(at(h, m));
  });

  it("[TI1] shows 'Invalid time input use HH:MM' for an unreadable time and writes nothing", () => {
    const onChange = renderIt();
    type('25:99');
    expect(screen.getByText('Invalid time input use HH:MM')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('describes the field by its description and, once shown, its error, and marks it invalid', () => {
    renderIt({ description: 'Set Anes. Start first' });
    const description = screen.getByText('Set Anes. Start first');
    expect(field().getAttribute('aria-describedby')).toBe(description.id);
    expect(field().hasAttribute('aria-invalid')).toBe(false);
    type('25:99');
    const error = screen.getByText('Invalid time input use HH:MM');
    expect(field().getAttribute('aria-describedby')).toBe(`${description.id} ${error.id}`);
    expect(field().getAttribute('aria-invalid')).toBe('true');
  });

  it('[TI3] shows a set time as HH:MM with a 2-digit hour', () => {
    renderIt({ value: at(7, 5) });
    expect(field().value).toBe('07:05');
  });

  it("[TI4] refuses a time after the max with 'max is {date}'", () => {
    const onChange = renderIt({ max: at(10, 0) });
    type('10:01');
    expect(screen.getByText('max is 10:00')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("[TI4] the minus button stops at the min with 'min is {date}'", () => {
    const onChange = renderIt({ value: at(9, 0), min: at(9, 0) });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Anes. Start: one minute earlier' }), { button: 0 });
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Anes. Start: one minute earlier' }));
    expect(screen.getByText('min is 09:00')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('steps one minute with plus and sets now to the minute', () => {
    const onChange = renderIt({ value: at(9, 0), now: () => at(11, 42) + 30_000 });
    const plus = screen.getByRole('button', { name: 'Anes. Start: one minute later' });
    fireEvent.pointerDown(plus, { button: 0 });
    fireEvent.pointerUp(plus);
    expect(onChange).toHaveBeenLastCalledWith(at(9, 1));
    fireEvent.click(screen.getByRole('button', { name: 'Anes. Start: now' }));
    expect(onChange).toHaveBeenLastCalledWith(at(11, 42));
  });

  it('edits the date while keeping the time (optional date edit)', () => {
    const onChange = renderIt({ value: at(23, 50) });
    fireEvent.click(screen.getByRole('button', { name: 'Anes. Start: change date' }));
    fireEvent.change(screen.getByLabelText('Anes. Start date'), { target: { value: '2026-11-20' } });
    expect(onChange).toHaveBeenCalledWith(new Date(2026, 10, 20, 23, 50).getTime());
  });

  it('clears the time', () => {
    const onChange = renderIt({ value: at(9, 0) });
    fireEvent.click(screen.getByRole('button', { name: 'Anes. Start: clear' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
