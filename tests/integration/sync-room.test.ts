import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import { connectClient, eventually, synced, type YClient } from '../utils/yjs-clients.js';

describe('sync rooms with the official y-websocket client', () => {
  let server: TestServer;
  let member: OrgMember;
  const clients: YClient[] = [];
  const client = (room: string): YClient => {
    const c = connectClient(server.url, room.replace(/^org1\//, `${member.orgId}/`), { token: member.token });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startServer();
    member = await orgMember(server.url);
  });
  afterAll(async () => {
    for (const c of clients) c.destroy();
    await server.dispose();
  });

  it("two clients on one room see each other's edits", async () => {
    const a = client('org1/cmp-A1b2C3d4E5f6G7');
    const b = client('org1/cmp-A1b2C3d4E5f6G7');
    await Promise.all([synced(a.provider), synced(b.provider)]);

    a.doc.getMap('case').set('procedure', 'Extraction #14');
    b.doc.getArray('vitals').push([{ hr: 72 }]);

    await eventually(() => {
      expect(b.doc.getMap('case').get('procedure')).toBe('Extraction #14');
      expect(a.doc.getArray('vitals').toJSON()).toEqual([{ hr: 72 }]);
    });
  });

  it('keeps rooms apart', async () => {
    const a = client('org1/room-one');
    const b = client('org1/room-two');
    await Promise.all([synced(a.provider), synced(b.provider)]);
    a.doc.getMap('case').set('procedure', 'only in room one');
    const c = client('org1/room-one');
    await synced(c.provider);
    await eventually(() => expect(c.doc.getMap('case').get('procedure')).toBe('only in room one'));
    expect(b.doc.getMap('case').get('procedure')).toBeUndefined();
  });

  it('gives a client that joins later the content written before it came', async () => {
    const a = client('org1/late-join');
    await synced(a.provider);
    a.doc.getMap('case').set('asaClassification', '2');
    await eventually(() => expect(a.provider.wsconnected).toBe(true));
    // Let the update reach the server, then leave.
    const probe = client('org1/late-join');
    await synced(probe.provider);
    await eventually(() => expect(probe.doc.getMap('case').get('asaClassification')).toBe('2'));
    a.provider.disconnect();
    probe.provider.disconnect();

    const late = client('org1/late-join');
    await synced(late.provider);
    await eventually(() => expect(late.doc.getMap('case').get('asaClassification')).toBe('2'));
  });

  it('shares awareness: each client sees who else has the document open, under their signed-in name', async () => {
    const a = client('org1/awareness');
    const b = client('org1/awareness');
    a.provider.awareness.setLocalStateField('user', { name: 'Dr. Alvarez', device: 'tablet' });
    b.provider.awareness.setLocalStateField('user', { name: 'Sam (recorder)', device: 'desktop' });
    await eventually(() => {
      // The same member on two devices: the server stamps both with the account's name (issue 24).
      const other = a.provider.awareness.getStates().get(b.doc.clientID)?.user as { name: string; device: string };
      expect(other).toMatchObject({ name: 'Dr. Test Person, DDS', device: 'desktop' });
      expect(a.provider.awareness.getStates().size).toBe(2);
    });
    b.destroy();
    await eventually(() => expect(a.provider.awareness.getStates().size).toBe(1));
  });

  it('refuses an upgrade on a path that is not a room', async () => {
    const status = await new Promise<number | string>((resolve) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/sync/../../etc`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve('opened'));
      ws.on('error', () => undefined);
    });
    expect(status).toBe(404);
  });

  it('closes a connection that sends a malformed message, and the room keeps working', async () => {
    const a = client('org1/malformed');
    await synced(a.provider);
    const code = await new Promise<number>((resolve) => {
      const ws = new WebSocket(
        `${server.url.replace('http', 'ws')}/api/sync/${member.orgId}/malformed?token=${member.token}`,
      );
      ws.on('open', () => ws.send(Buffer.from([0, 7, 255, 255, 255])));
      ws.on('close', (c) => resolve(c));
    });
    expect(code).toBe(1003);
    a.doc.getMap('case').set('procedure', 'still fine');
    const b = client('org1/malformed');
    await synced(b.provider);
    await eventually(() => expect(b.doc.getMap('case').get('procedure')).toBe('still fine'));
  });
});

describe('who may open a case document', () => {
  let server: TestServer;
  let owner: OrgMember;
  let outsider: OrgMember;
  beforeAll(async () => {
    server = await startServer();
    [owner, outsider] = await Promise.all([orgMember(server.url), orgMember(server.url)]);
  });
  afterAll(async () => {
    await server.dispose();
  });

  const closeCode = (path: string, headers: Record<string, string> = {}): Promise<number> =>
    new Promise((resolve) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}${path}`, { headers });
      ws.on('close', (code) => resolve(code));
      ws.on('error', () => undefined);
    });

  it('refuses a client without a session with 4401', async () => {
    expect(await closeCode(`/api/sync/${owner.orgId}/cmp-secret`)).toBe(4401);
    expect(await closeCode(`/api/sync/${owner.orgId}/cmp-secret?token=not-a-session`)).toBe(4401);
  });

  it("refuses another organisation's member with 4403", async () => {
    expect(await closeCode(`/api/sync/${owner.orgId}/cmp-secret?token=${outsider.token}`)).toBe(4403);
  });

  it('refuses a document id that already belongs to another organisation with 4403', async () => {
    const a = connectClient(server.url, `${owner.orgId}/cmp-owned`, { token: owner.token });
    await synced(a.provider);
    a.doc.getMap('case').set('procedure', 'owned by the first practice');
    await eventually(() => expect(a.doc.getMap('case').size).toBe(1));
    // Let the write land so the document exists in storage.
    const probe = connectClient(server.url, `${owner.orgId}/cmp-owned`, { token: owner.token });
    await synced(probe.provider);
    await eventually(() => expect(probe.doc.getMap('case').get('procedure')).toBe('owned by the first practice'));
    a.destroy();
    probe.destroy();
    expect(await closeCode(`/api/sync/${outsider.orgId}/cmp-owned?token=${outsider.token}`)).toBe(4403);
  });

  it('refuses a browser page from another origin with 4403, and lets the same origin in by cookie', async () => {
    expect(
      await closeCode(`/api/sync/${owner.orgId}/cmp-origin?token=${owner.token}`, { origin: 'https://evil.example' }),
    ).toBe(4403);
    const opened = await new Promise<boolean>((resolve) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/sync/${owner.orgId}/cmp-origin`, {
        headers: { origin: server.url, cookie: `dev-tok=${owner.token}` },
      });
      ws.on('message', () => {
        ws.close();
        resolve(true);
      });
      ws.on('close', () => resolve(false));
      ws.on('error', () => undefined);
    });
    expect(opened).toBe(true);
  });
});
