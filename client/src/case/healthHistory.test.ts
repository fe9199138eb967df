import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { HEALTH_HISTORY_ROOT } from '@vigil/shared';
import { writePatch } from './healthHistory.js';

describe('writing a health history (HhxTabProps.set)', () => {
  it('writes every key of a patch in one transaction, and deletes keys set to null', () => {
    const doc = new Y.Doc();
    const root = doc.getMap(HEALTH_HISTORY_ROOT);
    root.set('healthHistoryNotes', 'old');
    let updates = 0;
    doc.on('update', () => updates++);
    writePatch(doc, { asaClassification: '2', tmd: 5.5, healthHistoryNotes: null });
    expect(updates).toBe(1);
    expect(root.toJSON()).toEqual({ asaClassification: '2', tmd: 5.5 });
  });

  it('writes nothing when the values are already there (no needless save)', () => {
    const doc = new Y.Doc();
    writePatch(doc, { ulbt: 'Class 3' });
    let updates = 0;
    doc.on('update', () => updates++);
    writePatch(doc, { ulbt: 'Class 3' });
    expect(updates).toBe(0);
  });
});
