import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CASE_ROOT, CASE_STRUCTURE_GROUPS } from '@vigil/shared';
import { caseStructureUpdate, ensureCaseStructure } from './caseStructure.js';

const sync = (a: Y.Doc, b: Y.Doc): void => {
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
};
const list = (doc: Y.Doc, key: string): Y.Array<unknown> => doc.getMap(CASE_ROOT).get(key) as Y.Array<unknown>;

describe('case document structure', () => {
  it('creates every list, text and record container of the case', () => {
    const doc = new Y.Doc();
    ensureCaseStructure(doc);
    for (const g of CASE_STRUCTURE_GROUPS) {
      for (const k of g.lists) expect(doc.getMap(CASE_ROOT).get(k)).toBeInstanceOf(Y.Array);
      for (const k of g.texts) expect(doc.getMap(CASE_ROOT).get(k)).toBeInstanceOf(Y.Text);
      for (const k of g.maps) expect(doc.getMap(CASE_ROOT).get(k)).toBeInstanceOf(Y.Map);
    }
  });

  it('is the same update on every device', () => {
    expect(Array.from(caseStructureUpdate())).toEqual(Array.from(caseStructureUpdate()));
  });

  it('keeps the doses of two tablets that each opened a new case offline and charted', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    ensureCaseStructure(a);
    ensureCaseStructure(b);
    list(a, 'localDoses').push([{ id: 'a1', mg: 36 }]);
    list(b, 'localDoses').push([{ id: 'b1', mg: 72 }]);
    (a.getMap(CASE_ROOT).get('procedureNotes') as Y.Text).insert(0, 'Alpha. ');
    (b.getMap(CASE_ROOT).get('procedureNotes') as Y.Text).insert(0, 'Bravo. ');
    sync(a, b);
    const ids = (list(a, 'localDoses').toJSON() as { id: string }[]).map((d) => d.id).sort();
    expect(ids).toEqual(['a1', 'b1']);
    expect(list(b, 'localDoses').toJSON()).toEqual(list(a, 'localDoses').toJSON());
    expect((a.getMap(CASE_ROOT).get('procedureNotes') as Y.Text).toJSON()).toHaveLength('Alpha. Bravo. '.length);
  });

  it('changes nothing when applied again, on a copy that already has it', () => {
    const a = new Y.Doc();
    ensureCaseStructure(a);
    list(a, 'manualVitals').push([{ id: 'v1' }]);
    const before = Y.encodeStateAsUpdate(a);
    ensureCaseStructure(a);
    expect(Array.from(Y.encodeStateAsUpdate(a))).toEqual(Array.from(before));
  });

  it('shows why lists are never created lazily: two lazily created arrays lose one side’s entries', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    a.getMap(CASE_ROOT).set('localDoses', new Y.Array());
    b.getMap(CASE_ROOT).set('localDoses', new Y.Array());
    list(a, 'localDoses').push([{ id: 'a1' }]);
    list(b, 'localDoses').push([{ id: 'b1' }]);
    sync(a, b);
    expect(list(a, 'localDoses').length).toBe(1);
  });
});
