import { describe, expect, it } from 'vitest';
import {
  CASE_HISTORY_NOTICE_TEXTS,
  HISTORY_FIELD_PLACES,
  caseHistoryNotice,
  copyHistoryIntoCase,
  defaultCaseHistory,
  historyAlertCount,
  historyFieldsAt,
  isSignatureOutdated,
  rankHealthHistories,
  compareHealthHistories,
  currentHealthHistoryId,
  type CaseHistoryItem,
} from './case-copy.js';
import { PATIENT_HISTORY_FIELDS } from './schema.js';

const NOW = Date.parse('2026-11-26T08:00:00Z');
const DAY = 86_400_000;

describe('health history into the case', () => {
  it('[HX1] gives every patient-history field exactly one place', () => {
    expect(Object.keys(HISTORY_FIELD_PLACES).sort()).toEqual([...PATIENT_HISTORY_FIELDS].sort());
    const all = [...historyFieldsAt('local'), ...historyFieldsAt('elsewhere'), ...historyFieldsAt('both')];
    expect(all.sort()).toEqual([...PATIENT_HISTORY_FIELDS].sort());
  });

  it.each([
    ['weight', 'both'],
    ['asaClassification', 'both'],
    ['mallampati', 'both'],
    ['allergiesSummary', 'both'],
    ['surgicalHistorySummary', 'elsewhere'],
    ['medications', 'elsewhere'],
    ['systemsReview', 'elsewhere'],
    ['pregnant', 'local'],
    ['breastfeedingInstructionsGiven', 'local'],
  ] as const)('[HX1] saves %s %s', (field, place) => {
    expect(HISTORY_FIELD_PLACES[field]).toBe(place);
  });

  it('[HX2] replaces elsewhere fields, fills empty both fields, keeps the case’s own both values and never copies local ones', () => {
    const history = {
      weight: { value: 28, raw: '28 kg' },
      weight_raw: '28 kg',
      height: { value: 132, raw: '132' },
      height_raw: '132',
      asaClassification: '2',
      allergiesSummary: 'Penicillin',
      surgicalHistorySummary: 'Tonsillectomy 2022',
      medications: [{ id: 'rx1', name: 'Albuterol' }],
      pregnant: 'n',
      breastfeeding: 'n',
    };
    const kase = {
      weight: { value: 30, raw: '30' },
      weight_raw: '30',
      allergiesSummary: 'Latex (reported today)',
      hospitalizationSummary: 'old text the history no longer has',
      medications: [{ id: 'rx1', name: 'Albuterol' }],
      pregnant: 'y',
    };
    const copy = copyHistoryIntoCase('cmpH1', history, kase);
    // weight: the case weighed 30 kg today and keeps it (and its raw text); height fills in.
    expect(copy.set).toEqual({
      height: { value: 132, raw: '132' },
      height_raw: '132',
      asaClassification: '2',
      surgicalHistorySummary: 'Tonsillectomy 2022',
      healthHistoryId: 'cmpH1',
    });
    expect(copy.kept).toEqual(['weight', 'allergiesSummary']);
    expect(copy.remove).toEqual(['hospitalizationSummary']);
    expect('pregnant' in copy.set).toBe(false);
    expect('breastfeeding' in copy.set).toBe(false);
  });

  it('[HX2] copying the same history again writes nothing', () => {
    const history = { asaClassification: '1', healthHistorySummary: 'Asthma' };
    const first = copyHistoryIntoCase('cmpH1', history, {});
    const again = copyHistoryIntoCase('cmpH1', history, { ...first.set });
    expect(again).toEqual({ set: {}, remove: [], kept: [] });
  });

  const item = (id: string, status: string, daysAgo: number, signedDaysAgo: number | null): CaseHistoryItem => ({
    id,
    status,
    updatedAt: NOW - daysAgo * DAY,
    data: signedDaysAgo == null ? {} : { finalReportSignatureTime: new Date(NOW - signedDaysAgo * DAY).toISOString() },
  });

  it('[HX3] lists preliminary histories first, then newest first, and marks the newest non-preliminary current', () => {
    const ranked = rankHealthHistories(
      [item('old', 'final', 100, 100), item('new', 'final', 10, 10), item('draft', 'preliminary', 300, null)],
      NOW,
    );
    expect(ranked.map((h) => [h.id, h.isCurrent, h.pill])).toEqual([
      ['draft', false, 'inProgress'],
      ['new', true, 'mostRecent'],
      ['old', false, 'previous'],
    ]);
    expect(defaultCaseHistory(ranked)?.id).toBe('new');
    expect(defaultCaseHistory(rankHealthHistories([item('draft', 'preliminary', 1, null)], NOW))?.id).toBe('draft');
    expect(defaultCaseHistory([])).toBeNull();
  });

  it('[HX3] one order for the summary and the case: the newest created first, an older history changed later stays below', () => {
    const older = { id: 'a', status: 'final', createdAt: NOW - 200 * DAY, updatedAt: NOW - DAY };
    const newer = { id: 'b', status: 'final', createdAt: NOW - 20 * DAY, updatedAt: NOW - 20 * DAY };
    const draft = { id: 'c', status: 'preliminary', createdAt: NOW - 400 * DAY, updatedAt: NOW - 400 * DAY };
    const ordered = [older, draft, newer].sort(compareHealthHistories);
    expect(ordered.map((h) => h.id)).toEqual(['c', 'b', 'a']);
    expect(currentHealthHistoryId(ordered)).toBe('b');
    expect(currentHealthHistoryId([draft])).toBeNull();
    // Same creation time: the latest changed first, then by id, so the order never depends on the input's.
    const x = { id: 'x', status: 'final', createdAt: NOW, updatedAt: NOW };
    const y = { id: 'y', status: 'final', createdAt: NOW, updatedAt: NOW };
    expect([x, y].sort(compareHealthHistories)).toEqual([y, x].sort(compareHealthHistories));
  });

  it('[HX4] says nothing while a history signed within 6 months exists', () => {
    expect(caseHistoryNotice(rankHealthHistories([item('a', 'final', 20, 20)], NOW))).toBeNull();
    // An update in progress over a signed one from 2 months ago: the signed one still stands.
    expect(
      caseHistoryNotice(rankHealthHistories([item('upd', 'final', 1, null), item('a', 'final', 60, 60)], NOW)),
    ).toBeNull();
  });

  it('[HX4] says missing, in progress or outdated otherwise', () => {
    expect(caseHistoryNotice([])).toEqual({ kind: 'missing', signedAt: null });
    expect(caseHistoryNotice(rankHealthHistories([item('a', 'final', 1, null)], NOW))?.kind).toBe('inProgress');
    // Signed 200 days ago (over 6 calendar months): outdated, with that date.
    const outdated = caseHistoryNotice(rankHealthHistories([item('a', 'final', 200, 200)], NOW));
    expect(outdated).toEqual({ kind: 'outdated', signedAt: NOW - 200 * DAY });
    expect(CASE_HISTORY_NOTICE_TEXTS.outdated('2026-05-10')).toBe(
      'Health history outdated: last signed 2026-05-10, over 6 months ago.',
    );
    expect(isSignatureOutdated(NOW - 200 * DAY, NOW)).toBe(true);
    expect(isSignatureOutdated(NOW - 170 * DAY, NOW)).toBe(false);
  });

  it('[HX5] counts a history’s alerts by HH2', () => {
    // BMI 28 / 1.32² = 16.1 (≤ 18): 1; 1 structured allergy (the summary then not again): 1;
    // 1 medication: 1; surgical history: 1 (anesthesia history 'none' is negative); 2 cardiac entries: 2.
    const count = historyAlertCount({
      weight: { value: 28 },
      height: { value: 132 },
      allergies: [{ id: 'a', substance: 'Penicillin' }],
      allergiesSummary: 'Penicillin',
      medications: [{ id: 'm', name: 'Albuterol' }],
      surgicalHistorySummary: 'Tonsillectomy',
      anesthesiaHistorySummary: 'none',
      systemsReview: { cardiac: { hasEntries: true, entries: [{}, {}] } },
    });
    expect(count).toBe(6);
    expect(historyAlertCount({ allergiesSummary: 'NKDA', medicationsText: 'none', medications: [] })).toBe(0);
    expect(historyAlertCount({ allergiesSummary: 'Latex' })).toBe(1);
  });
});
