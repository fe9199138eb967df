import { describe, expect, it } from 'vitest';
import {
  addListEntry,
  changeCase,
  putListEntry,
  readCase,
  readField,
  removeListEntry,
  setField,
  setRecordEntry,
} from './commands.js';
import { exchangeUpdates, newCaseDoc, onCaseUpdate } from './testing.js';

describe('the case document commands (issue 36 item 6)', () => {
  it('changes several keys in one transaction: one save', () => {
    const doc = newCaseDoc();
    setField(doc, 'weightSource', 'old');
    let saves = 0;
    onCaseUpdate(doc, () => saves++);
    changeCase(doc, (c) => {
      c.set('weight', { value: 16 });
      c.set('heightSource', null);
      c.delete('weightSource');
      expect(c.get('weight')).toEqual({ value: 16 });
      expect(c.has('heightSource')).toBe(true);
    });
    expect(saves).toBe(1);
    expect(readCase(doc)).toMatchObject({ weight: { value: 16 }, heightSource: null });
    expect('weightSource' in readCase(doc)).toBe(false);
  });

  it('deletes a plain value set to null', () => {
    const doc = newCaseDoc();
    setField(doc, 'procedure', 'Extraction');
    setField(doc, 'procedure', null);
    expect(readField(doc, 'procedure')).toBeUndefined();
  });

  it('puts an entry by its id in one transaction, removes one by id, and keeps what two tablets add', () => {
    const a = newCaseDoc();
    const b = newCaseDoc();
    addListEntry(a, 'positions', { id: 'p1', name: 'Supine', time: 1 });
    addListEntry(b, 'positions', { id: 'p2', name: 'Prone', time: 2 });
    exchangeUpdates(a, b);
    let saves = 0;
    onCaseUpdate(a, () => saves++);
    putListEntry(a, 'positions', { id: 'p1', name: 'Fowler', time: 3 });
    expect(saves).toBe(1);
    const names = (): string[] => (readField(a, 'positions') as { name: string }[]).map((p) => p.name).sort();
    expect(names()).toEqual(['Fowler', 'Prone']);
    removeListEntry(a, 'positions', 'p2');
    expect(names()).toEqual(['Fowler']);
  });

  it('refuses a key that is not a list of the case structure rather than create one', () => {
    const doc = newCaseDoc();
    expect(() => addListEntry(doc, 'notAList' as 'positions', { id: 'p', name: 'Supine', time: 1 })).toThrow(
      /not a list/,
    );
    expect(readField(doc, 'notAList')).toBeUndefined();
  });

  it('sets record entries apart, so two tablets keep both event times', () => {
    const a = newCaseDoc();
    const b = newCaseDoc();
    setRecordEntry(a, 'events', 'caseStart', 1);
    setRecordEntry(b, 'events', 'end', 2);
    exchangeUpdates(a, b);
    expect(readField(a, 'events')).toEqual({ caseStart: 1, end: 2 });
    setRecordEntry(a, 'events', 'end', null);
    expect(readField(a, 'events')).toEqual({ caseStart: 1 });
  });
});
