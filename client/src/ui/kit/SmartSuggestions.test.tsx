// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { SuggestionType } from '@vigil/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SmartSuggestions } from './SmartSuggestions.js';

afterEach(cleanup);

function Field({ type, start, items }: { type: SuggestionType; start: string; items: string[] }): ReactNode {
  const [value, setValue] = useState(start);
  return (
    <>
      <output data-testid="value">{value}</output>
      <SmartSuggestions label="Notes" type={type} suggestions={items} value={value} onChange={setValue} />
    </>
  );
}

const renderField = (type: SuggestionType, start: string, items: string[]): void => {
  render(
    <MantineProvider>
      <Field type={type} start={start} items={items} />
    </MantineProvider>,
  );
};
const value = (): string | null => screen.getByTestId('value').textContent;
const click = (name: string): void => {
  fireEvent.click(screen.getByRole('button', { name }));
};

describe('the smart suggestions panel (spec 002 §2, §5)', () => {
  it('[SS1] shows at most 5 suggestions', () => {
    renderField('sentence', '', ['A', 'B', 'C', 'D', 'E', 'F']);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('[SS2] appends a sentence after a period and a space', () => {
    renderField('sentence', 'Uneventful', ['No complications']);
    click('No complications');
    expect(value()).toBe('Uneventful. No complications');
  });

  it('[SS2] adds and takes a multiple choice from the comma-separated list, shown pressed', () => {
    renderField('multiple', 'Parent', ['Hygienist', 'Parent']);
    expect(screen.getByRole('button', { name: 'Parent' }).getAttribute('aria-pressed')).toBe('true');
    click('Hygienist');
    expect(value()).toBe('Parent, Hygienist');
    click('Parent');
    expect(value()).toBe('Hygienist');
    expect(screen.getByRole('button', { name: 'Parent' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('[SS2] replaces a single choice, and clears it when picked again', () => {
    renderField('single', 'Anxiety', ['Anxiety', 'Gag reflex']);
    click('Gag reflex');
    expect(value()).toBe('Gag reflex');
    click('Gag reflex');
    expect(value()).toBe('');
  });

  it('shows nothing without suggestions', () => {
    renderField('single', '', []);
    expect(screen.queryByRole('group')).toBeNull();
  });
});
