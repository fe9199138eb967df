// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CaseDocumentState } from '../../../sync/caseDocument.js';
import { CaseHeader, HEADING_GAP, scrollDelta } from './CaseHeader.js';
import { caseHeaderModel } from './caseHeaderModel.js';
import { SectionFrame } from '../../../ui/SectionFrame.js';

afterEach(cleanup);

const state: CaseDocumentState = {
  sync: { status: 'synced', connection: 'connected', failures: 0, retryAt: null, refused: null, issues: [] },
  device: 'saved',
  deviceError: null,
  loadError: null,
  peers: [{ clientId: 2, name: 'Dr. Ray', role: 'provider', device: 'tablet' }],
  schema: 'current',
};
/** A case whose state does not change, as the header reads an open case's. */
const caseState = { getState: () => state, subscribe: () => () => undefined };
const model = caseHeaderModel({
  patientName: 'Sam Lee',
  birthDate: '2020-03-04',
  weightKg: 20,
  heightCm: 110,
  allergiesSummary: 'Latex',
  reportedAllergies: [],
  sedationLevel: 'moderate',
  status: 'recovery',
  now: Date.UTC(2026, 10, 21),
});

/** The header with one section in its navigation, over what the page has of that section (`body`). */
function headerOver(
  section: { id: string; label: string },
  body: ReactNode,
  reason: string | null = null,
): ReactElement {
  return (
    <MantineProvider>
      <CaseHeader model={model} caseState={caseState} readOnlyReason={reason} sections={[section]} />
      {body}
    </MantineProvider>
  );
}

function renderHeader(reason: string | null = null): void {
  const notes = (
    <SectionFrame id="case-notes" title="Notes">
      <p>notes</p>
    </SectionFrame>
  );
  render(headerOver({ id: 'case-notes', label: 'Notes' }, notes, reason));
}

describe('case header', () => {
  it('shows the patient, BMI badge, sedation level, status, save status and who else is charting', () => {
    renderHeader();
    expect(screen.getByTestId('case-patient').textContent).toBe('Sam Lee');
    expect(screen.getByTestId('case-weight').textContent).toBe('20 kg');
    expect(screen.getByLabelText('BMI 16.5')).toBeTruthy();
    expect(screen.getByLabelText('Sedation level: Moderate')).toBeTruthy();
    expect(screen.getByLabelText('Case status: In recovery')).toBeTruthy();
    expect(screen.getByTestId('save-status').textContent).toBe('saved');
    expect(screen.getByTestId('peers').textContent).toBe('Also charting: Dr. Ray (provider, tablet)');
  });

  it('raises allergies as an alert and shows why the case is read-only', () => {
    renderHeader('This case has been finalized. Its record can no longer be changed.');
    expect(screen.getByText('Allergies: Latex').getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('read-only-reason').textContent).toContain('This case has been finalized.');
  });

  it('moves the keyboard focus to a section heading from the section navigation', () => {
    Element.prototype.scrollIntoView = (): void => undefined;
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Notes' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Notes' }));
  });

  it.each([
    ['not in the page yet', false],
    ["still the case screen's placeholder", true],
  ])(
    'goes to a section tapped while it is %s, once it mounts (CI of stop 50: the focus stayed put)',
    async (_, placeholder) => {
      const page = (mounted: boolean): ReactElement =>
        headerOver(
          { id: 'case-discharge', label: 'Discharge' },
          mounted ? (
            <SectionFrame id="case-discharge" title="Discharge">
              <p>discharge</p>
            </SectionFrame>
          ) : (
            placeholder && <div id="case-discharge" data-section-placeholder />
          ),
        );
      const { rerender } = render(page(false));
      fireEvent.click(screen.getByRole('button', { name: 'Discharge' }));
      expect(document.activeElement).toBe(document.body);
      rerender(page(true));
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Discharge' })));
    },
  );
});

describe('the section navigation brings a heading just under the header (issue 25)', () => {
  it('scrolls by how far the heading is from HEADING_GAP under the header, and not within a pixel', () => {
    // Header bottom at 150: the heading should rest at 158.
    expect(scrollDelta(900, 150)).toBe(900 - 158);
    expect(scrollDelta(100, 150)).toBe(-58);
    expect(scrollDelta(158.5, 150)).toBe(0);
    expect(HEADING_GAP).toBe(8);
  });
});
