import { describe, expect, it } from 'vitest';
import { readCase, readField, removeListEntries, setField } from './commands.js';
import { addRecentPreMed, copyCaseValues, OFFICE_CHECKLISTS_KEY, signNotes, startCaseChecklists } from './fields.js';
import { newCaseDoc, onCaseUpdate, pushEntries } from './testing.js';

const labels = (doc: ReturnType<typeof newCaseDoc>, key: string): unknown =>
  (readField(doc, key) as { label: string; order: number; complete: boolean }[]).map((i) => [
    i.label,
    i.order,
    i.complete,
  ]);

describe('a new case starts with the office’s checklists (issue 39)', () => {
  it('puts each office list into the case unticked, in order, in one save', () => {
    const doc = newCaseDoc();
    let saves = 0;
    onCaseUpdate(doc, () => saves++);
    expect(
      startCaseChecklists(doc, { preOpChecklist: ['Consent signed', 'Escort present'], optChecks: ['Count'] }),
    ).toBe(true);
    expect(saves).toBe(1);
    expect(labels(doc, 'preOpChecklist')).toEqual([
      ['Consent signed', 1, false],
      ['Escort present', 2, false],
    ]);
    expect(labels(doc, 'optChecks')).toEqual([['Count', 1, false]]);
  });

  it('takes them once: a list emptied on the case, or changed at the office later, stays as the case has it', () => {
    const doc = newCaseDoc();
    startCaseChecklists(doc, { preOpChecklist: ['Consent signed'], optChecks: null });
    removeListEntries(doc, 'preOpChecklist', () => true);
    expect(startCaseChecklists(doc, { preOpChecklist: ['Changed at the office'], optChecks: ['New'] })).toBe(false);
    expect(readField(doc, 'preOpChecklist')).toEqual([]);
    expect(readField(doc, 'optChecks')).toEqual([]);
  });

  it('keeps items the case already has, and waits while the office’s lists are not known', () => {
    const doc = newCaseDoc();
    expect(startCaseChecklists(doc, { preOpChecklist: null, optChecks: null })).toBe(false);
    expect(readField(doc, OFFICE_CHECKLISTS_KEY)).toBeUndefined();
    pushEntries(doc, 'preOpChecklist', [{ id: 'c1', label: 'Typed first', order: 1, complete: true }]);
    startCaseChecklists(doc, { preOpChecklist: ['Consent signed'], optChecks: ['Count'] });
    expect(labels(doc, 'preOpChecklist')).toEqual([['Typed first', 1, true]]);
    expect(labels(doc, 'optChecks')).toEqual([['Count', 1, false]]);
  });
});

describe('the notes’ signatures (spec 002 §3 procedureNotesSignature, recoveryNotesSignature)', () => {
  it('signs, replaces and removes a notes signature', () => {
    const doc = newCaseDoc();
    signNotes(doc, 'procedureNotesSignature', { name: 'Dr. Ray', signature: 'M0 0L1 1', time: 1000 });
    expect(readField(doc, 'procedureNotesSignature')).toEqual({ name: 'Dr. Ray', signature: 'M0 0L1 1', time: 1000 });
    signNotes(doc, 'procedureNotesSignature', { name: 'Dr. Lee', signature: 'M1 1', time: 2000 });
    expect(readField(doc, 'procedureNotesSignature')).toMatchObject({ name: 'Dr. Lee' });
    expect(readField(doc, 'recoveryNotesSignature')).toBeUndefined();
    signNotes(doc, 'procedureNotesSignature', null);
    expect(readField(doc, 'procedureNotesSignature')).toBeUndefined();
  });
});

describe('copying from the patient’s earlier case (CC1, CC2)', () => {
  it('fills only what the case has not set, the notes into their shared texts, in one save', () => {
    const doc = newCaseDoc();
    setField(doc, 'asaClassification', '3');
    let saves = 0;
    onCaseUpdate(doc, () => saves++);
    const written = copyCaseValues(doc, {
      asaClassification: '2',
      sedationLevel: 'moderate',
      procedureNotes: 'Extractions',
      ivEnabled: false,
    });
    expect(saves).toBe(1);
    expect(written).toEqual(['sedationLevel', 'procedureNotes', 'ivEnabled']);
    expect(readCase(doc)).toMatchObject({
      asaClassification: '3',
      sedationLevel: 'moderate',
      procedureNotes: 'Extractions',
      ivEnabled: false,
    });
  });

  it('adds a recent pre-med at the time given, not the earlier case’s', () => {
    const doc = newCaseDoc();
    addRecentPreMed(
      doc,
      { drugId: 'tri', drugName: 'Triazolam', route: 'PO', dosage: 0.25, unit: 'mg', givenAt: 100 },
      5000,
    );
    expect(readField(doc, 'preMeds')).toEqual([
      expect.objectContaining({
        drugId: 'tri',
        drugName: 'Triazolam',
        route: 'PO',
        dosage: 0.25,
        unit: 'mg',
        time: 5000,
      }),
    ]);
  });
});
