// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type PatientConsent, type Policy } from '@vigil/shared';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_OPEN_CHECKS, SignoffChecksSection, type SignoffPolicies } from './SignoffChecksSection.js';
import {
  addListEntry,
  changeCase,
  putListEntry,
  readField,
  removeListEntries,
  setField,
  type CaseDoc,
} from '../../../case/index.js';
import { newCaseDoc, pushEntries } from '../../../case/testing.js';

const T0 = Date.UTC(2026, 10, 26, 10, 0);
const at = (m: number): number => T0 + m * 60_000;
const scrolled: Element[] = [];

beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(cleanup);

/** A moderate case with every sign-off rule satisfied but what each test takes away. */
function completeDoc(): CaseDoc {
  const doc = newCaseDoc();
  changeCase(doc, (root) => {
    root.set('sedationLevel', 'moderate');
    root.set('asaClassification', '2');
    root.set('lastFood', '20:00');
    root.set('lastDrink', '06:00');
    root.set('healthHistoryId', 'hhx1');
    root.set('finalRoomAirSpO2', 97);
    root.set('events', { caseStart: at(0), recoveryStart: at(30), vitalsEnd: at(30), end: at(45) });
    root.set('dischargeScoreType', 'aldrete');
    const full = { score: 2 };
    root.set('dischargeScoreEntries', {
      aldreteOxygenation: full,
      aldreteRespiratoryStability: full,
      aldreteConsciousness: full,
      aldretePain: full,
      aldreteNausea: full,
      aldreteGait: full,
    });
  });
  addListEntry(doc, 'preOpChecklist', { id: 'c1', label: 'Consent signed', order: 1, complete: true });
  pushEntries(
    doc,
    'manualVitals',
    [0, 5, 10, 15, 20, 25, 30].map((m) => ({
      id: `v${m}`,
      time: at(m),
      temperatureUnit: 'F',
      vitals: { sbp: 120, dbp: 80, hr: 72, spo2: 98, rr: 14 },
    })),
  );
  addListEntry(doc, 'signatures', { id: 's', name: 'Dr A', signature: 'M0 0', time: at(46) });
  return doc;
}

function sectionOf(
  doc: CaseDoc,
  policies: SignoffPolicies | null = null,
  patientConsent: PatientConsent | null = null,
): ReactNode {
  return (
    <MantineProvider>
      <section id="case-start">
        <h2 tabIndex={-1}>Start case</h2>
      </section>
      <div id="case-vitals">
        <h2 id="vitals-title">Vitals</h2>
      </div>
      <SignoffChecksSection
        doc={doc}
        readOnly={false}
        context={{ orgId: 'o', caseId: 'c', weightKg: 70, ageYears: 40, tempsInCelsius: false }}
        plannedSedationLevel="moderate"
        policies={policies}
        timeZone="UTC"
        readEveryMs={10}
        patientConsent={patientConsent}
      />
    </MantineProvider>
  );
}

function renderSection(doc: CaseDoc, policies: SignoffPolicies | null = null): ReturnType<typeof render> {
  return render(sectionOf(doc, policies));
}

describe('sign-off checks on the case screen (issue 29)', () => {
  it('says there is nothing open on a complete case', async () => {
    renderSection(completeDoc());
    expect((await screen.findByTestId('signoff-empty')).textContent).toBe(NO_OPEN_CHECKS);
    expect(screen.getByTestId('signoff-count').textContent).toBe('All clear');
  });

  it('lists a flag as the case changes, grouped by category, and jumps to the section of its field', async () => {
    const doc = completeDoc();
    renderSection(doc);
    await screen.findByTestId('signoff-empty');
    act(() => setField(doc, 'asaClassification', null));
    const row = await screen.findByRole('button', { name: /^The ASA classification is not recorded\.\s*Go to Start$/ });
    const group = screen.getByRole('list', { name: 'Not recorded (1)' });
    expect(within(group).getByRole('button')).toBe(row);
    expect(screen.getByTestId('signoff-count').textContent).toBe('1 open');

    fireEvent.click(row);
    // [SO1] The ASA field is on the Start section: it is brought to the top and its heading focused.
    const start = document.getElementById('case-start')!;
    expect(scrolled).toContain(start);
    expect(document.activeElement).toBe(start.querySelector('h2'));
  });

  it('jumps from a missed checkpoint to the vitals, focusing its heading', async () => {
    const doc = completeDoc();
    renderSection(doc);
    await screen.findByTestId('signoff-empty');
    // Take away the 10:15 reading: the 10:15 checkpoint of the moderate case is missed (SO6).
    act(() => removeListEntries(doc, 'manualVitals', (_entry, index) => index === 3));
    const row = await screen.findByRole('button', {
      name: /^No vitals at the 10:15 checkpoint \(every 5 minutes at moderate sedation\)\.\s*Go to Vitals$/,
    });
    fireEvent.click(row);
    const vitals = document.getElementById('case-vitals')!;
    expect(scrolled).toContain(vitals);
    expect(document.activeElement).toBe(document.getElementById('vitals-title'));
  });

  it("shows what the organisation's policies make of each flag and leaves out what they turn off", async () => {
    const doc = completeDoc();
    changeCase(doc, (root) => {
      root.delete('asaClassification');
      root.delete('finalRoomAirSpO2');
    });
    const policy = (ruleType: string, ruleValue: Policy['ruleValue']): Policy => ({
      id: ruleType,
      ownerType: 'org',
      ownerId: 'o',
      ruleSubject: 'anesthesiaRecord',
      ruleType,
      ruleValue,
      relevantSedationLevels: [],
    });
    renderSection(doc, { enabled: true, policies: [policy('SO1', 'warn'), policy('SO8', 'off')] });
    const row = await screen.findByRole('button', { name: /The ASA classification is not recorded/ });
    expect(within(row).getByText('Warning')).toBeTruthy();
    expect(screen.queryByText('The final room-air SpO2 is not recorded.')).toBeNull();
    expect(screen.getByTestId('signoff-count').textContent).toBe('1 open');
  });

  it('marks a blocking flag by default (missing category, PO3) and shows an override stored at finalize', async () => {
    const doc = completeDoc();
    changeCase(doc, (root) => {
      root.delete('asaClassification');
      root.set('signoffOverrides', [
        { flagKey: 'SO1', flagId: 'SO1', reason: 'ASA on the paper chart', userId: 'u', name: 'Dr A', time: at(50) },
      ]);
    });
    renderSection(doc, { enabled: true, policies: [] });
    const row = await screen.findByRole('button', { name: /The ASA classification is not recorded/ });
    expect(within(row).getByText('Blocks signing')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Overridden by Dr A: ASA on the paper chart')).toBeTruthy());
    expect(screen.getByTestId('signoff-count').textContent).toBe('1 open, 1 blocking');
  });

  it('[SO3] clears the consent flag when the patient signs the consent on their phone, with no tick (issue 35 item 13)', async () => {
    const doc = completeDoc();
    // The standard checklist's consent item, not ticked.
    putListEntry(doc, 'preOpChecklist', { id: 'c1', label: 'Consent signed', order: 1, complete: false });
    const view = renderSection(doc, { enabled: true, policies: [] });
    const row = await screen.findByRole('button', {
      name: /Consent is not ticked on the pre-op checklist \('Consent signed'\)\./,
    });
    expect(within(row).getByText('Blocks signing')).toBeTruthy();

    // The Contract the phone wrote reaches the device: the flag goes, the checklist stays unticked.
    const consent = { contractId: 'ctr-1', title: 'Sedation consent', signedAt: '2026-11-26T09:00:00.000Z' };
    view.rerender(sectionOf(doc, { enabled: true, policies: [] }, consent));
    expect((await screen.findByTestId('signoff-empty')).textContent).toBe(NO_OPEN_CHECKS);
    expect(screen.getByTestId('signoff-count').textContent).toBe('All clear');
    expect((readField(doc, 'preOpChecklist') as { complete: boolean }[])[0]!.complete).toBe(false);
  });
});
