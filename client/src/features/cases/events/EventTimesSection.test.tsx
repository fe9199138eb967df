// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EventTimesSection } from './EventTimesSection.js';
import { useCaseTimes } from './useCaseTimes.js';
import { setField, type CaseDoc } from '../../../case/index.js';
import { caseView, newCaseDoc, type CaseView } from '../../../case/testing.js';

afterEach(cleanup);

const at = (h: number, m: number): number => new Date(2026, 10, 21, h, m).getTime();

function Harness({ doc }: { doc: CaseDoc }): React.ReactNode {
  const times = useCaseTimes(doc);
  return (
    <EventTimesSection
      doc={doc}
      readOnly={false}
      caseTimes={times}
      now={() => at(9, 0)}
      context={{ orgId: 'o', caseId: 'c', weightKg: null, ageYears: null, tempsInCelsius: false }}
    />
  );
}

function renderSection(): CaseView {
  const doc = newCaseDoc();
  setField(doc, 'sedationLevel', 'moderate');
  render(
    <MantineProvider>
      <Harness doc={doc} />
    </MantineProvider>,
  );
  return caseView(doc);
}
const setTime = (label: string, text: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
  fireEvent.keyDown(screen.getByLabelText(label), { key: 'Enter' });
};

describe('event times section (spec 001 §3, §4)', () => {
  it("[ET1] keeps an event whose prerequisite has no time disabled, with 'Set … first'", () => {
    renderSection();
    expect(screen.getByLabelText<HTMLInputElement>('Recovery Start').disabled).toBe(true);
    expect(screen.getByText('Set Started Monitoring first')).toBeTruthy();
    setTime('Started Monitoring', '0900');
    expect(screen.getByLabelText<HTMLInputElement>('Recovery Start').disabled).toBe(false);
  });

  it('[ET3] shows the caseStart note while vitals are tracked and writes event times to the case', () => {
    const root = renderSection();
    expect(screen.getByText('Started monitoring vitals')).toBeTruthy();
    setTime('Started Monitoring', '0900');
    setTime('Anes. Start', '905');
    expect(root.get('events')).toEqual({ caseStart: at(9, 0), anesthesiaStart: at(9, 5) });
  });

  it("[ET2][TI4] refuses a time before its lower bound with 'min is {date}'", () => {
    const root = renderSection();
    setTime('Started Monitoring', '09:00');
    setTime('Anes. Start', '08:59');
    expect(screen.getByText('min is 09:00')).toBeTruthy();
    expect(root.get('events')).toEqual({ caseStart: at(9, 0) });
  });

  it('[ET4] [ET10] makes surgeryEnd required once surgeryStart is set, in red only once the case has moved past it', () => {
    renderSection();
    setTime('Started Monitoring', '09:00');
    setTime('Procedure Start', '09:10');
    expect(screen.getByTestId('event-surgeryEnd').textContent).toContain('Required');
    expect(screen.queryByText('Procedure End is required')).toBeNull();
    setTime('Anes. Start', '09:05');
    setTime('Anes. End', '09:40');
    expect(screen.getByText('Procedure End is required').getAttribute('role')).toBe('alert');
  });

  it('[ET3] shows caseStart derived from the first charted time when vitals tracking is off', () => {
    const root = renderSection();
    root.set('vitalsTrackingEnabled', false);
    setTime('Anes. Start', '09:20');
    expect(screen.getByTestId('event-caseStart').textContent).toContain('Case Start09:20');
  });
});
