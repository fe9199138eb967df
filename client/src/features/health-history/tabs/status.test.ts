import type { HealthHistoryData } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { tabStatus } from './status.js';

const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = 86_400_000;

const height = { value: 140, raw: '140 cm' };
const weight = { value: 32, raw: '32 kg' };

describe('tabStatus (spec 002 §4 section status)', () => {
  it('[HH9] Physical: incomplete until height, weight and ASA are given, then complete', () => {
    expect(tabStatus('Physical', {}, false, NOW)).toBe('incomplete');
    expect(tabStatus('Physical', { height, weight }, false, NOW)).toBe('incomplete');
    expect(tabStatus('Physical', { height, weight, asaClassification: '1' }, false, NOW)).toBe('complete');
  });

  it('[HH9] an incomplete tab the user skipped is skipped; a done one stays complete', () => {
    expect(tabStatus('Allergies', { skippedSections: ['Allergies'] }, false, NOW)).toBe('skipped');
    expect(tabStatus('Allergies', { skippedSections: ['Allergies'], allergiesSummary: 'NKDA' }, false, NOW)).toBe(
      'complete',
    );
  });

  it('[HH5] Medications: the text none with an empty list is an answer', () => {
    expect(tabStatus('Medications', { medications: [] }, false, NOW)).toBe('incomplete');
    expect(tabStatus('Medications', { medications: [], medicationsText: 'none' }, false, NOW)).toBe('complete');
    expect(tabStatus('Medications', { medications: [{ id: 'med:aspirin', name: 'aspirin' }] }, false, NOW)).toBe(
      'complete',
    );
  });

  it('[HH5] entered elsewhere, the in-app fields are optional: an empty tab is partial, not incomplete', () => {
    expect(tabStatus('Medications', {}, true, NOW)).toBe('partial');
    expect(tabStatus('Surgical', {}, true, NOW)).toBe('partial');
    expect(tabStatus('Airway Assessment', {}, true, NOW)).toBe('partial');
    expect(tabStatus('Airway Assessment', {}, false, NOW)).toBe('incomplete');
  });

  it('[HH9] Required Info: partial without the EMR summary, complete with it', () => {
    const required: HealthHistoryData = { height, weight, asaClassification: '2', allergiesSummary: 'NKDA' };
    expect(tabStatus('Required Info', {}, true, NOW)).toBe('incomplete');
    expect(tabStatus('Required Info', required, true, NOW)).toBe('partial');
    expect(tabStatus('Required Info', { ...required, healthHistorySummary: 'See chart' }, true, NOW)).toBe('complete');
  });

  it('[HH9] Airway: Mallampati alone is partial; every airway field makes it complete', () => {
    expect(tabStatus('Airway Assessment', { mallampati: 'II' }, false, NOW)).toBe('partial');
    const all: HealthHistoryData = {
      mallampati: 'II',
      brodsky: '1+',
      ulbt: '1',
      tmd: '7',
      iid: '4.5',
      lungAuscultation: 'CTAB',
      heartAuscultation: 'RRR w/o murmur',
    };
    expect(tabStatus('Airway Assessment', all, false, NOW)).toBe('complete');
  });

  it('[HH9] Consult: No is complete; Yes without notes is partial', () => {
    expect(tabStatus('Consult', {}, false, NOW)).toBe('incomplete');
    expect(tabStatus('Consult', { medicalConsult: false }, false, NOW)).toBe('complete');
    expect(tabStatus('Consult', { medicalConsult: true }, false, NOW)).toBe('partial');
    expect(
      tabStatus('Consult', { medicalConsult: true, medicalConsultNotes: 'Cardiology clearance' }, false, NOW),
    ).toBe('complete');
  });

  it('[HH8] Systems: incomplete until every category is answered or an entry is still being edited', () => {
    const allNo = Object.fromEntries(
      [
        'cns',
        'muscular',
        'hepatic',
        'gastro',
        'cardiac',
        'endocrine',
        'pulmonary',
        'gyn',
        'hematologic',
        'renal',
        'habits',
        'oncology',
        'psychiatric',
        'developmental',
        'general',
      ].map((c) => [c, { hasEntries: false, entries: [] }]),
    );
    expect(tabStatus('Systems', {}, false, NOW)).toBe('incomplete');
    expect(tabStatus('Systems', { systemsReview: { cardiac: { hasEntries: false } } }, false, NOW)).toBe('incomplete');
    expect(tabStatus('Systems', { systemsReview: allNo }, false, NOW)).toBe('complete');
    const editing = {
      ...allNo,
      cardiac: { hasEntries: true, entries: [{ id: 'e', condition: 'mi', answers: {}, editing: true }] },
    };
    expect(tabStatus('Systems', { systemsReview: editing }, false, NOW)).toBe('incomplete');
    const saved = {
      ...allNo,
      cardiac: { hasEntries: true, entries: [{ id: 'e', condition: 'mi', answers: {}, editing: false }] },
    };
    expect(tabStatus('Systems', { systemsReview: saved }, false, NOW)).toBe('complete');
  });

  it('[HH6] Pre-Op Vitals: complete with vitals from the last 30 days, incomplete with older ones', () => {
    const entry = (time: number | string) => ({ id: 'v', time, vitals: { hr: 70 } });
    expect(tabStatus('Pre-Op Vitals', {}, false, NOW)).toBe('incomplete');
    expect(tabStatus('Pre-Op Vitals', { manualVitals: [entry(NOW - 31 * DAY)] }, false, NOW)).toBe('incomplete');
    expect(tabStatus('Pre-Op Vitals', { manualVitals: [entry(NOW - 30 * DAY)] }, false, NOW)).toBe('complete');
    expect(tabStatus('Pre-Op Vitals', { manualVitals: [entry(new Date(NOW - DAY).toISOString())] }, false, NOW)).toBe(
      'complete',
    );
  });

  it('Other Notes are optional: partial while empty; Review & Complete is complete once signed or marked', () => {
    expect(tabStatus('Other Notes', {}, false, NOW)).toBe('partial');
    expect(tabStatus('Other Notes', { healthHistoryNotes: 'Anxious patient' }, false, NOW)).toBe('complete');
    expect(tabStatus('Review & Complete', {}, false, NOW)).toBe('incomplete');
    expect(tabStatus('Review & Complete', { markedCompleteTime: NOW }, false, NOW)).toBe('complete');
  });
});
