import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_MESSAGE } from '@vigil/shared';
import { randomAlphanumeric } from '@vigil/shared';
import { createOrg, join, person, type Person } from '../integration/orgs-helpers.js';
import { uniqueOrgId } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { connectClient, eventually, synced } from '../utils/yjs-clients.js';

// Issue 24 item 8: presence (awareness) shows who else has a case open. The server stamps every
// state with the socket's signed-in user, so no one can appear under another user's name.

let server: TestServer;
let alice: Person;
let mallory: Person;
const orgId = uniqueOrgId('aware');

async function rename(who: Person, name: string): Promise<void> {
  const res = await who.browser.gql('mutation ($name: String!) { updateUser(properties: { name: $name }) { name } }', {
    name,
  });
  expect(res.code).toBeUndefined();
}

beforeAll(async () => {
  server = await startServer();
  alice = await person(server, `alice-${randomAlphanumeric(6).toLowerCase()}@vigil.test`);
  expect((await createOrg(alice, orgId)).code).toBeUndefined();
  mallory = await person(server, `mallory-${randomAlphanumeric(6).toLowerCase()}@vigil.test`);
  await join(server, alice, orgId, mallory, ['member']);
  await rename(alice, 'Dr. Alice Admin');
  await rename(mallory, 'Mallory Assistant');
});
afterAll(async () => {
  await server.dispose();
});

type User = { id?: string; name?: string; role?: string; device?: string };
const usersSeenBy = (client: ReturnType<typeof connectClient>): Map<number, User | undefined> =>
  new Map([...client.provider.awareness.getStates()].map(([id, s]) => [id, (s as { user?: User }).user]));

describe('presence on a shared case', () => {
  it("stamps each presence with the socket's own user, whatever name and id the client claims", async () => {
    const room = `${orgId}/cmp-presence`;
    const a = connectClient(server.url, room, { token: alice.browser.token! });
    a.provider.awareness.setLocalStateField('user', { name: 'Dr. Alice Admin', role: 'admin', device: 'tablet' });
    await synced(a.provider);
    const m = connectClient(server.url, room, { token: mallory.browser.token! });
    // Mallory claims to be Alice.
    m.provider.awareness.setLocalStateField('user', {
      name: 'Dr. Alice Admin',
      id: alice.userId,
      role: 'provider',
      device: 'tablet',
    });
    await synced(m.provider);

    await eventually(() => {
      const seen = usersSeenBy(a).get(m.doc.clientID);
      expect(seen).toEqual({ id: mallory.userId, name: 'Mallory Assistant', role: 'provider', device: 'tablet' });
    });
    // Alice, as the others see her, is stamped too.
    await eventually(() =>
      expect(usersSeenBy(m).get(a.doc.clientID)).toMatchObject({ id: alice.userId, name: 'Dr. Alice Admin' }),
    );

    // Mallory's raw socket tries to overwrite Alice's own presence (her client id, a later clock).
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, SYNC_MESSAGE.awareness);
    const inner = encoding.createEncoder();
    encoding.writeVarUint(inner, 1);
    encoding.writeVarUint(inner, a.doc.clientID);
    encoding.writeVarUint(inner, 1000);
    encoding.writeVarString(inner, JSON.stringify({ user: { name: 'Alice has left', id: alice.userId } }));
    encoding.writeVarUint8Array(e, encoding.toUint8Array(inner));
    const raw = new WebSocket(`${server.url.replace('http', 'ws')}/api/sync/${room}?token=${mallory.browser.token!}`);
    await new Promise<void>((resolve) => raw.once('open', () => resolve()));
    raw.send(encoding.toUint8Array(e));
    // And announces a presence of its own as Alice: it arrives as Mallory.
    const own = encoding.createEncoder();
    encoding.writeVarUint(own, SYNC_MESSAGE.awareness);
    const ownInner = encoding.createEncoder();
    encoding.writeVarUint(ownInner, 1);
    encoding.writeVarUint(ownInner, 424242);
    encoding.writeVarUint(ownInner, 1);
    encoding.writeVarString(ownInner, JSON.stringify({ user: { name: 'Dr. Alice Admin', id: alice.userId } }));
    encoding.writeVarUint8Array(own, encoding.toUint8Array(ownInner));
    raw.send(encoding.toUint8Array(own));

    await eventually(() =>
      expect(usersSeenBy(m).get(424242)).toEqual({ id: mallory.userId, name: 'Mallory Assistant' }),
    );
    expect(usersSeenBy(m).get(a.doc.clientID)).toMatchObject({ id: alice.userId, name: 'Dr. Alice Admin' });
    // As others see them, nobody but Alice appears under her name (Mallory's own client keeps
    // its local claim; what the server relays is stamped).
    for (const [clientId, user] of usersSeenBy(a)) {
      if (user?.name === 'Dr. Alice Admin') expect(clientId).toBe(a.doc.clientID);
    }
    raw.close();
    m.destroy();
    a.destroy();
  });
});
