import { describe, expect, it } from 'vitest';
import { HEALTH_HISTORY_TYPE, type Composition, type HealthHistoryData } from '@vigil/shared';
import {
  alertCountOf,
  CASE_DATA_EXTENSION_URL,
  healthHistoryCards,
  healthHistoryContent,
  healthHistorySearch,
  isPatientHealthHistory,
} from './healthHistories.js';

const NOW = Date.parse('2026-11-26T08:00:00Z');

function history(
  id: string,
  opts: { status?: Composition['status']; date: string; data?: HealthHistoryData; draft?: boolean },
): Composition {
  const json = JSON.stringify(opts.data ?? {});
  return {
    resourceType: 'Composition',
    id,
    status: opts.status ?? 'final',
    type: { coding: [{ ...HEALTH_HISTORY_TYPE }] },
    ...(opts.draft
      ? { identifier: { system: 'https://vigil.example/draft-patient', value: 'pat-1' } }
      : { subject: { reference: 'Patient/pat-1' } }),
    date: opts.date,
    author: [{ reference: 'Practitioner/p1' }],
    title: 'Health History',
    extension: [
      {
        url: CASE_DATA_EXTENSION_URL,
        valueAttachment: { contentType: 'application/json', data: Buffer.from(json).toString('base64') },
      },
    ],
  };
}

const signed = (at: string, name = 'Dr. Ada Lane'): HealthHistoryData => ({
  finalReportSignatureTime: at,
  finalReportSignerName: name,
  finalReportSignature: 'M 1 1 L 2 2',
});

describe('the health history summary (spec 002 §4, spec 001 §4)', () => {
  it('searches a patient’s histories by subject and LOINC 35089-2 (spec 001 §7)', () => {
    expect(healthHistorySearch('pat-1')).toEqual({ subject: 'Patient/pat-1', type: 'http://loinc.org|35089-2' });
  });

  it('reads the content the server projected into the Composition, unicode included', () => {
    const c = history('h1', { date: '2026-11-01', data: { allergiesSummary: 'Pénicilline' } });
    expect(healthHistoryContent(c)).toEqual({ allergiesSummary: 'Pénicilline' });
    expect(healthHistoryContent({ extension: [] })).toEqual({});
  });

  it('finds a preliminary history by its draft patient identifier', () => {
    expect(isPatientHealthHistory(history('h1', { date: '2026-11-01', draft: true }), 'pat-1')).toBe(true);
    expect(isPatientHealthHistory(history('h1', { date: '2026-11-01', draft: true }), 'pat-2')).toBe(false);
  });

  it('[HH3] sorts preliminary first, marks the newest non-preliminary current, pills by the 6-month cutoff', () => {
    const cards = healthHistoryCards(
      [
        history('old', { date: '2026-01-10', data: signed('2026-01-10T10:00:00Z') }),
        history('recent-older', { date: '2026-09-01', data: signed('2026-09-01T10:00:00Z') }),
        history('draft', { status: 'preliminary', date: '2026-11-20' }),
        history('recent', { date: '2026-10-01', data: signed('2026-10-01T10:00:00Z', 'Dr. Bo Chen') }),
      ],
      NOW,
    );
    expect(cards.map((c) => [c.id, c.status, c.isCurrent])).toEqual([
      ['draft', 'inProgress', false],
      ['recent', 'mostRecent', true],
      ['recent-older', 'previous', false],
      ['old', 'outdated', false],
    ]);
    expect(cards[1]?.signer).toEqual({ name: 'Dr. Bo Chen', how: 'signed' });
  });

  it('[HH4] shows the Make-changes button only on the newest: Continue when in progress, Update otherwise', () => {
    const withDraft = healthHistoryCards(
      [
        history('draft', { status: 'preliminary', date: '2026-11-20' }),
        history('recent', { date: '2026-10-01', data: signed('2026-10-01T10:00:00Z') }),
      ],
      NOW,
    );
    expect(withDraft.map((c) => c.makeChanges)).toEqual(['Continue Health History', null]);
    const signedOnly = healthHistoryCards(
      [history('recent', { date: '2026-10-01', data: signed('2026-10-01T10:00:00Z') })],
      NOW,
    );
    expect(signedOnly[0]?.makeChanges).toBe('Update Health History');
    const outdatedOnly = healthHistoryCards(
      [history('old', { date: '2026-01-01', data: signed('2026-01-01T10:00:00Z') })],
      NOW,
    );
    expect(outdatedOnly[0]?.makeChanges).toBe('Update Health History');
  });

  it('shows who marked a history complete when nobody signed it', () => {
    const [card] = healthHistoryCards(
      [history('m', { date: '2026-11-01', data: { markedCompleteTime: NOW, markedCompleteByName: 'Sam Front' } })],
      NOW,
    );
    expect(card?.signer).toEqual({ name: 'Sam Front', how: 'markedComplete' });
  });

  it('[HH2] counts medical alerts: BMI, each allergy, medication, non-negative summary and systems entry', () => {
    // 9-year-old, 28 kg, 132 cm: BMI 28 / 1.32² = 16.1 (≤ 18: one alert).
    const data: HealthHistoryData = {
      weight: { value: 28 },
      height: { value: 132 },
      allergies: [{ id: 'a1', substance: 'Penicillin' }],
      allergiesSummary: 'Penicillin',
      medications: [{ id: 'm1', name: 'Albuterol' }],
      surgicalHistorySummary: 'Tonsillectomy 2022',
      anesthesiaHistorySummary: 'No known anesthesia complications',
      hospitalizationSummary: 'none',
      systemsReview: { pulmonary: { hasEntries: true, entries: [{ id: 'e1' }] } },
    };
    // 1 BMI + 1 allergy (not counted again as a summary) + 1 medication + 1 surgical + 1 systems entry.
    expect(alertCountOf(data)).toBe(5);
    expect(alertCountOf({})).toBe(0);
  });
});
