import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CASE_DATA_SCHEMA_VERSION, CASE_ROOT } from '@vigil/shared';
import { migrateCaseDocument } from './migrateCaseDocument.js';

function docWith(data: Record<string, unknown>): Y.Doc {
  const doc = new Y.Doc();
  const root = doc.getMap(CASE_ROOT);
  for (const [k, v] of Object.entries(data)) root.set(k, v);
  return doc;
}

describe('case document migrations', () => {
  it('brings a version-1 document written by last month’s build up to the current schema', () => {
    const doc = docWith({ schemaVersion: 1, height: 120, height_raw: '4 ft', weight: 20, procedure: 'Extraction' });
    expect(migrateCaseDocument(doc)).toBe('migrated');
    expect(doc.getMap(CASE_ROOT).toJSON()).toEqual({
      schemaVersion: CASE_DATA_SCHEMA_VERSION,
      height: { value: 120, raw: '4 ft' },
      height_raw: '4 ft',
      weight: { value: 20 },
      procedure: 'Extraction',
    });
  });

  it('keeps keys it does not know', () => {
    const doc = docWith({ schemaVersion: 1, futureField: { a: 1 } });
    migrateCaseDocument(doc);
    expect(doc.getMap(CASE_ROOT).get('futureField')).toEqual({ a: 1 });
  });

  it('leaves a current document and an empty one untouched', () => {
    const doc = docWith({ schemaVersion: CASE_DATA_SCHEMA_VERSION, procedure: 'x' });
    let updates = 0;
    doc.on('update', () => updates++);
    // A current document is not converted to JSON at all (the cost of opening a long case).
    const root = doc.getMap(CASE_ROOT);
    let conversions = 0;
    const toJSON = root.toJSON.bind(root);
    root.toJSON = () => {
      conversions++;
      return toJSON();
    };
    expect(migrateCaseDocument(doc)).toBe('current');
    expect(conversions).toBe(0);
    expect(migrateCaseDocument(new Y.Doc())).toBe('current');
    expect(updates).toBe(0);
  });

  it('never touches a document from a newer build', () => {
    const doc = docWith({ schemaVersion: CASE_DATA_SCHEMA_VERSION + 1, height: 5 });
    expect(migrateCaseDocument(doc)).toBe('tooNew');
    expect(doc.getMap(CASE_ROOT).toJSON()).toEqual({ schemaVersion: CASE_DATA_SCHEMA_VERSION + 1, height: 5 });
  });

  it('converges when two tablets migrate the same old document at once', () => {
    const a = docWith({ schemaVersion: 1, weight: 31.5, weight_raw: '69.4 lb' });
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    migrateCaseDocument(a);
    migrateCaseDocument(b);
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(a.getMap(CASE_ROOT).toJSON()).toEqual(b.getMap(CASE_ROOT).toJSON());
    expect(a.getMap(CASE_ROOT).get('weight')).toEqual({ value: 31.5, raw: '69.4 lb' });
  });
});
