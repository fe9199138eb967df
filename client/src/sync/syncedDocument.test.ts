// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { CASE_DATA_SCHEMA_VERSION, CASE_ROOT, HEALTH_HISTORY_ROOT } from '@vigil/shared';
import { caseDatabaseName } from './caseDocument.js';
import { CASE_KIND, HEALTH_HISTORY_KIND, documentDatabaseName, type DocumentKind } from './documentKind.js';
import { ensureStructure, structureUpdate } from './documentStructure.js';
import { migrateDocument } from './migrateDocument.js';
import { openSyncedDocument, type SyncedDocument } from './syncedDocument.js';

/** A y-indexeddb stand-in that loads `initial` at once and records the database name it was opened with. */
function storeWith(initial: (doc: Y.Doc) => void): {
  persistence: (name: string, doc: Y.Doc) => IndexeddbPersistence;
  names: string[];
} {
  const names: string[] = [];
  const db = { transaction: () => ({ oncomplete: null }), addEventListener: () => undefined };
  return {
    names,
    persistence: (name, doc) => {
      names.push(name);
      initial(doc);
      return {
        _db: Promise.resolve(db),
        db,
        whenSynced: Promise.resolve(),
        _storeUpdate: () => undefined,
        destroy: () => Promise.resolve(),
      } as unknown as IndexeddbPersistence;
    },
  };
}

describe('document kinds of the generic sync layer (issue 27)', () => {
  let opened: SyncedDocument | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('keeps a case in the database it always had, and a health history in its own', () => {
    expect(caseDatabaseName('main-street', 'cmp-1')).toBe('vigil-case:main-street/cmp-1');
    expect(documentDatabaseName(CASE_KIND, 'main-street', 'cmp-1')).toBe('vigil-case:main-street/cmp-1');
    expect(documentDatabaseName(HEALTH_HISTORY_KIND, 'main-street', 'cmp-1')).toBe('vigil-hhx:main-street/cmp-1');
    expect(HEALTH_HISTORY_KIND.root).toBe(HEALTH_HISTORY_ROOT);
  });

  it("gives each kind its own structure: the case's lists, nothing for a health history", () => {
    const hhx = new Y.Doc();
    ensureStructure(hhx, HEALTH_HISTORY_KIND);
    expect(hhx.getMap(HEALTH_HISTORY_ROOT).size).toBe(0);
    expect(Y.encodeStateVector(hhx)).toEqual(Y.encodeStateVector(new Y.Doc()));
    const kase = new Y.Doc();
    ensureStructure(kase, CASE_KIND);
    expect(kase.getMap(CASE_ROOT).get('localDoses')).toBeInstanceOf(Y.Array);
    // One update per kind, the same every time (every device makes the same bytes).
    expect(structureUpdate(CASE_KIND)).toBe(structureUpdate(CASE_KIND));
  });

  it("migrates by the kind's own migrations: an old case is brought up, a health history is left as written", () => {
    const kase = new Y.Doc();
    kase.getMap(CASE_ROOT).set('weight', 28);
    expect(migrateDocument(kase, CASE_KIND)).toBe('migrated');
    expect(kase.getMap(CASE_ROOT).get('schemaVersion')).toBe(CASE_DATA_SCHEMA_VERSION);
    const hhx = new Y.Doc();
    hhx.getMap(HEALTH_HISTORY_ROOT).set('weight', { value: 28, raw: '28' });
    expect(migrateDocument(hhx, HEALTH_HISTORY_KIND)).toBe('current');
    expect(hhx.getMap(HEALTH_HISTORY_ROOT).toJSON()).toEqual({ weight: { value: 28, raw: '28' } });
  });

  it('refuses to edit a document a newer build wrote, whatever its kind (tooNew)', () => {
    const future: DocumentKind = {
      ...HEALTH_HISTORY_KIND,
      migrations: {
        version: 1,
        migrate: (raw) => ({ data: raw as Record<string, unknown>, fromVersion: 3, issues: [{ code: 'TOO_NEW' }] }),
        tooNewCode: 'TOO_NEW',
      },
    };
    const doc = new Y.Doc();
    doc.getMap(HEALTH_HISTORY_ROOT).set('schemaVersion', 3);
    expect(migrateDocument(doc, future)).toBe('tooNew');
  });

  it("opens a health history from this device's copy under its own root, saved on the device", async () => {
    const store = storeWith((doc) => doc.getMap(HEALTH_HISTORY_ROOT).set('asaClassification', '1'));
    opened = openSyncedDocument(HEALTH_HISTORY_KIND, {
      orgId: 'main-street',
      docId: 'cmp-HhxA1b2C3d4E5',
      syncUrl: 'ws://127.0.0.1:9/api/sync',
      WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
      persistence: store.persistence,
    });
    await opened.loaded;
    expect(store.names).toEqual(['vigil-hhx:main-street/cmp-HhxA1b2C3d4E5']);
    expect(opened.getState().device).toBe('saved');
    expect(opened.getState().schema).toBe('current');
    expect(opened.doc.getMap(HEALTH_HISTORY_ROOT).get('asaClassification')).toBe('1');
    // No case containers were made in a health history.
    expect(opened.doc.getMap(CASE_ROOT).size).toBe(0);
  });
});
