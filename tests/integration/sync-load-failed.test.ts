import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { IndexeddbPersistence } from 'y-indexeddb';
import { openCaseDocument, type CaseDocument } from '../../client/src/sync/caseDocument.js';
import { saveMessage } from '../../client/src/sync/saveMessage.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import { connectClient, eventually, synced, type YClient } from '../utils/yjs-clients.js';

/** A y-indexeddb stand-in whose database cannot be opened (private mode, storage disabled). */
const unopenableStore = (): IndexeddbPersistence => {
  const failed = Promise.reject(new Error('The user denied permission to access the database.'));
  failed.catch(() => undefined);
  return {
    _db: failed,
    db: null,
    whenSynced: new Promise(() => undefined),
    destroy: () => failed.then(() => undefined),
  } as unknown as IndexeddbPersistence;
};

describe('a case whose local copy cannot open loads from the server (spec 001 §4 loadFailed)', () => {
  let server: TestServer;
  let member: OrgMember;
  const clients: YClient[] = [];
  let kase: CaseDocument | undefined;

  beforeAll(async () => {
    // The case module listens for pagehide / visibilitychange; nothing else of a browser is used.
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('document', new EventTarget());
    server = await startServer();
    member = await orgMember(server.url);
  });
  afterAll(async () => {
    await kase?.close();
    for (const c of clients) c.destroy();
    await server.dispose();
    vi.unstubAllGlobals();
  });

  it("reads 'failed to load' until the server's copy arrives, then charts with server-acknowledged saves", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const room = `${member.orgId}/cmp-LoadFailed0001`;
    const other = connectClient(server.url, room, { token: member.token });
    clients.push(other);
    await synced(other.provider);
    other.doc.getMap('case').set('procedure', 'Extraction #14');
    const probe = connectClient(server.url, room, { token: member.token });
    clients.push(probe);
    await eventually(() => expect(probe.doc.getMap('case').get('procedure')).toBe('Extraction #14'));

    const statuses: string[] = [];
    kase = openCaseDocument({
      orgId: member.orgId,
      docId: 'cmp-LoadFailed0001',
      user: { name: 'Dr. Alvarez', role: 'provider', device: 'tablet' },
      syncUrl: `${server.url.replace(/^http/, 'ws')}/api/sync`,
      params: { token: member.token },
      WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
      persistence: unopenableStore,
    });
    kase.subscribe(() => statuses.push(kase!.getState().sync.status));
    await kase.loaded;
    await eventually(() => expect(kase!.getState().sync.status).toBe('synced'));
    expect(statuses).toContain('loadFailed');
    expect(kase.getState().device).toBe('unavailable');
    expect(kase.getState().loadError).toBeNull();
    expect(kase.doc.getMap('case').get('procedure')).toBe('Extraction #14');

    kase.doc.getMap('case').set('asaClassification', '2');
    await eventually(() => expect(saveMessage(kase!.getState().sync, Date.now())).toBe('saved'));
    await eventually(() => expect(other.doc.getMap('case').get('asaClassification')).toBe('2'));
  });
});
