import { describe, expect, it } from 'vitest';
import { presetMacroSchema } from '@vigil/shared';
import { addListEntry, editText, readCase, readField } from './commands.js';
import { applyPresets } from './presets.js';
import { newCaseDoc, onCaseUpdate } from './testing.js';

const moderate = presetMacroSchema().parse({
  values: { sedationLevel: 'moderate', procedureNotes: 'Routine extractions' },
  parenDrugs: [{ drugId: 'midazolam', name: 'Midazolam', route: 'IV', unit: 'mg', dose: 2, draw: null }],
  vitalTypes: ['hr'],
});
const minimal = presetMacroSchema().parse({
  values: { sedationLevel: 'minimal' },
  preMeds: [{ drugId: 'triazolam', name: 'Triazolam', route: 'PO', unit: 'mg', dose: 0.25, draw: null }],
});

describe('applying presets to a case (issue 39)', () => {
  it('writes several presets in the chosen order as one change: one save', () => {
    const doc = newCaseDoc();
    let saves = 0;
    onCaseUpdate(doc, () => saves++);
    const applied = applyPresets(doc, [moderate, minimal], 5000);
    expect(saves).toBe(1);
    // Two values (the level set twice counts once), a dose, a pre-med and the vital types.
    expect(applied.written).toBe(5);
    const data = readCase(doc);
    // The later preset's level wins; lists add up.
    expect(data).toMatchObject({ sedationLevel: 'minimal', procedureNotes: 'Routine extractions', vitalTypes: ['hr'] });
    // [PS9] The preset's vital types are tracked on the case.
    expect(readField(doc, 'vitalTracking')).toEqual({ hr: 'selected' });
    expect(data.drugsAdministered).toEqual([
      expect.objectContaining({ name: 'Midazolam', doses: [expect.objectContaining({ amount: 2, time: 5000 })] }),
    ]);
    expect(data.preMeds).toEqual([expect.objectContaining({ drugName: 'Triazolam', dosage: 0.25 })]);
  });

  it('undoes exactly the application, keeping what was charted before and after', () => {
    const doc = newCaseDoc();
    editText(doc, 'recoveryNotes', 'Before');
    addListEntry(doc, 'preMeds', {
      id: 'p0',
      drugId: 'x',
      drugName: 'Earlier',
      route: 'PO',
      dosage: 1,
      unit: 'mg',
      time: 1,
    });
    const applied = applyPresets(doc, [moderate], 5000);
    addListEntry(doc, 'positions', { id: 'pos1', name: 'Supine', time: 6000 });
    expect(applied.undo()).toBe(true);
    const data = readCase(doc);
    expect(data.drugsAdministered).toEqual([]);
    expect(readField(doc, 'sedationLevel')).toBeUndefined();
    expect(data.procedureNotes).toBe('');
    expect(data.recoveryNotes).toBe('Before');
    expect(data.preMeds).toEqual([expect.objectContaining({ id: 'p0' })]);
    expect(data.positions).toEqual([expect.objectContaining({ id: 'pos1' })]);
    expect('vitalTypes' in data).toBe(false);
    expect(readField(doc, 'vitalTracking')).toBeUndefined();
    expect(applied.undo()).toBe(false);
    // The screen lets go of it afterwards too: nothing happens.
    expect(() => applied.forget()).not.toThrow();
  });

  it('keeps the application once its undo is given up', () => {
    const doc = newCaseDoc();
    const applied = applyPresets(doc, [moderate], 5000);
    applied.forget();
    expect(applied.undo()).toBe(false);
    expect(readField(doc, 'sedationLevel')).toBe('moderate');
  });
});
