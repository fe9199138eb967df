import { describe, expect, it } from 'vitest';
import { SYSTEMS_REVIEW_CATEGORIES } from '../enums.js';
import {
  canSaveSystemsReviewEntry,
  categoryConditions,
  findCondition,
  readSystemsReviewEntry,
  setUnansweredToNo,
  SYSTEMS_REVIEW_CATALOGUE,
  SYSTEMS_REVIEW_CATEGORY_ORDER,
  systemsReviewEntryText,
} from './systems-review.js';

describe('systems review catalogue', () => {
  it('[SR1] has the 15 categories in the order of spec 002 §3', () => {
    expect(SYSTEMS_REVIEW_CATEGORY_ORDER).toEqual([
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
    ]);
    expect([...SYSTEMS_REVIEW_CATEGORY_ORDER].sort()).toEqual([...SYSTEMS_REVIEW_CATEGORIES].sort());
  });

  it('[SR1] gives every category conditions with unique ids, each with follow-up questions, Other last', () => {
    for (const cat of SYSTEMS_REVIEW_CATALOGUE) {
      const conditions = categoryConditions(cat.id);
      expect(conditions.length).toBeGreaterThan(3);
      expect(new Set(conditions.map((c) => c.id)).size).toBe(conditions.length);
      expect(conditions.at(-1)).toMatchObject({ id: 'other', questions: [{ kind: 'longText' }] });
      for (const cond of conditions) {
        expect(cond.questions.length).toBeGreaterThan(0);
        expect(new Set(cond.questions.map((q) => q.id)).size).toBe(cond.questions.length);
        for (const q of cond.questions) if (q.kind === 'choice') expect(q.options.length).toBeGreaterThan(1);
      }
    }
  });

  it('[SR1] asks what a sedation provider asks: asthma attacks and inhaler, OSA and CPAP, a recent URI, tobacco', () => {
    const asthma = findCondition('pulmonary', 'asthma')!;
    expect(asthma.questions.map((q) => [q.label, q.kind])).toEqual(
      expect.arrayContaining([
        ['Last attack', 'date'],
        ['Uses an inhaler', 'choice'],
        ['Ever hospitalised for asthma', 'choice'],
      ]),
    );
    expect(findCondition('pulmonary', 'osa')!.questions.map((q) => q.label)).toContain('Uses CPAP');
    expect(findCondition('pulmonary', 'uri')!.label).toMatch(/last 2 weeks/);
    expect(categoryConditions('cardiac').map((c) => c.id)).toEqual(
      expect.arrayContaining(['hypertension', 'murmur', 'congenital', 'arrhythmia', 'mi', 'stent', 'pacemaker']),
    );
    expect(categoryConditions('habits').map((c) => c.id)).toEqual(
      expect.arrayContaining(['tobacco', 'alcohol', 'drugs']),
    );
    expect(findCondition('cardiac', 'nothing')).toBeNull();
  });
});

describe('systems review entries', () => {
  it('[SR2] reads an entry as one line: the condition and its answered questions', () => {
    const entry = {
      id: 'e1',
      condition: 'asthma',
      answers: { lastAttack: '2026-10-01', inhaler: 'Yes', hospitalised: '' },
      editing: false,
    };
    expect(systemsReviewEntryText('pulmonary', entry)).toBe('Asthma (Last attack: 2026-10-01; Uses an inhaler: Yes)');
    expect(systemsReviewEntryText('habits', { ...entry, condition: 'alcohol', answers: {} })).toBe('Alcohol');
    expect(
      systemsReviewEntryText('general', { ...entry, condition: 'other', answers: { description: 'Chronic hiccups' } }),
    ).toBe('Other: Chronic hiccups');
  });

  it('[SR3] saves an entry of a known condition; Other needs its description', () => {
    const base = { id: 'e1', answers: {}, editing: true };
    expect(canSaveSystemsReviewEntry('cardiac', { ...base, condition: 'murmur' })).toBe(true);
    expect(canSaveSystemsReviewEntry('cardiac', { ...base, condition: '' })).toBe(false);
    expect(canSaveSystemsReviewEntry('cardiac', { ...base, condition: 'other' })).toBe(false);
    expect(canSaveSystemsReviewEntry('cardiac', { ...base, condition: 'other', answers: { description: ' x ' } })).toBe(
      true,
    );
  });

  it('reads stored entries, keeping string answers and refusing what is not an entry', () => {
    expect(
      readSystemsReviewEntry({ id: 'a', condition: 'mi', answers: { when: '2020-01-01', n: 3 }, editing: true }),
    ).toEqual({
      id: 'a',
      condition: 'mi',
      answers: { when: '2020-01-01' },
      editing: true,
    });
    expect(readSystemsReviewEntry('Asthma')).toBeNull();
    expect(readSystemsReviewEntry({ id: 'a' })).toBeNull();
  });

  it("[SR4] 'Set all unanswered to No' answers No only where nothing was answered", () => {
    const patch = setUnansweredToNo({
      cardiac: { hasEntries: true, entries: [{}] },
      pulmonary: { hasEntries: false, entries: [] },
      renal: { hasEntries: null },
    });
    expect(Object.keys(patch)).toHaveLength(13);
    expect(patch.cardiac).toBeUndefined();
    expect(patch.pulmonary).toBeUndefined();
    expect(patch.renal).toEqual({ hasEntries: false, entries: [] });
    expect(Object.keys(setUnansweredToNo(null))).toHaveLength(15);
  });
});
