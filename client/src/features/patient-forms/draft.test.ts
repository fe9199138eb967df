import { describe, expect, it } from 'vitest';
import { EMPTY_ANSWERS, type FieldAnswers } from './answers.js';
import { clearDraft, clearStaleDrafts, DRAFT_KEEP_MS, readDraft, writeDraft } from './draft.js';

/** localStorage's interface over a Map; `full` makes every write fail as a full device does. */
function memoryStorage(full = false): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      if (full) throw new DOMException('full', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
  };
}

const T0 = Date.UTC(2026, 10, 28, 9, 0);
const ANSWERS: FieldAnswers = {
  ...EMPTY_ANSWERS,
  text: { signerName: 'Grace Hopper' },
  signature: { sig: 'M 30 200 L 60 90 M 180 80 L 220 230' },
  allergies: { allergies: { none: false, items: [{ name: 'Peanuts', reaction: 'anaphylaxis' }] } },
  healthHistory: {
    history: { categories: { cardiac: { answer: 'yes', conditions: ['hypertension'], details: '' } }, extra: {} },
  },
};

describe('[FC24] the patient answers kept on the phone', () => {
  it('gives back the answers of the same link, not of another', () => {
    const storage = memoryStorage();
    expect(writeDraft(storage, 'link-a', ANSWERS, T0)).toBe(true);
    expect(readDraft(storage, 'link-a', T0 + 60_000)).toEqual(ANSWERS);
    expect(readDraft(storage, 'link-b', T0 + 60_000)).toEqual(EMPTY_ANSWERS);
  });

  it('keeps them 24 hours after the last change and no longer', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'link-a', ANSWERS, T0);
    expect(readDraft(storage, 'link-a', T0 + DRAFT_KEEP_MS)).toEqual(ANSWERS);
    expect(readDraft(storage, 'link-a', T0 + DRAFT_KEEP_MS + 1)).toEqual(EMPTY_ANSWERS);
  });

  it('forgets them once cleared (the server has them, or the link is gone)', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'link-a', ANSWERS, T0);
    clearDraft(storage, 'link-a');
    expect(readDraft(storage, 'link-a', T0)).toEqual(EMPTY_ANSWERS);
    expect(storage.length).toBe(0);
  });

  it('reads back only answers of the shape the form gives them, so a changed copy cannot break the form', () => {
    const storage = memoryStorage();
    storage.setItem(
      'vigil.patient-form.link-a',
      JSON.stringify({
        savedAt: T0,
        answers: {
          text: { signerName: 'Grace Hopper', weight: 70 },
          signature: ['M 1 1'],
          allergies: { allergies: { none: false, items: [{ name: 'Peanuts' }] } },
          medications: { meds: { none: true, items: [] } },
          healthHistory: { history: { categories: { cardiac: { answer: 'maybe' } }, extra: {} } },
        },
      }),
    );
    expect(readDraft(storage, 'link-a', T0)).toEqual({
      ...EMPTY_ANSWERS,
      text: { signerName: 'Grace Hopper' },
      medications: { meds: { none: true, items: [] } },
    });
    storage.setItem('vigil.patient-form.link-b', '{not json');
    expect(readDraft(storage, 'link-b', T0)).toEqual(EMPTY_ANSWERS);
  });

  it("removes other links' answers past 24 hours when a form opens, and nothing else", () => {
    const storage = memoryStorage();
    writeDraft(storage, 'old', ANSWERS, T0);
    writeDraft(storage, 'recent', ANSWERS, T0 + DRAFT_KEEP_MS);
    storage.setItem('vigil.patient-form.broken', 'null');
    storage.setItem('vigil.units', 'kg');
    clearStaleDrafts(storage, T0 + DRAFT_KEEP_MS + 1);
    expect([...Array(storage.length).keys()].map((i) => storage.key(i)).sort()).toEqual([
      'vigil.patient-form.recent',
      'vigil.units',
    ]);
  });

  it('says so when the phone will not store them', () => {
    expect(writeDraft(memoryStorage(true), 'link-a', ANSWERS, T0)).toBe(false);
  });
});
