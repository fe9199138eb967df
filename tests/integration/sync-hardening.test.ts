import { deflateSync } from 'fflate';
import { rmSync } from 'node:fs';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_REASONS, SAVE_FLAGS, SAVE_OUTCOME, SYNC_MESSAGE } from '@vigil/shared';
import { seededRandom } from '../utils/random.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { connectClient, connectVigilClient, eventually, synced } from '../utils/yjs-clients.js';

let server: TestServer;
let member: OrgMember;
beforeAll(async () => {
  server = await startServer();
  member = await orgMember(server.url);
});
afterAll(async () => {
  await server.dispose();
  // The first test restarts the server on the same (temporary) data directory.
  rmSync(server.dataDir, { recursive: true, force: true });
});

/** Opens a raw socket on a room, sends frames, and resolves with the close code. */
function sendRaw(room: string, frames: Uint8Array[], query = ''): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(
      `${server.url.replace('http', 'ws')}/api/sync/${member.orgId}/${room}?token=${member.token}${query}`,
    );
    ws.on('open', () => {
      for (const f of frames) ws.send(f);
    });
    ws.on('close', (code) => resolve(code));
    ws.on('error', () => undefined);
  });
}

function syncUpdateFrame(payload: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, SYNC_MESSAGE.sync);
  encoding.writeVarUint(e, 2); // y-protocols: update
  encoding.writeVarUint8Array(e, payload);
  return encoding.toUint8Array(e);
}

describe('a sync server under hostile input', () => {
  it('closes a socket that sends an update Yjs cannot decode, stores nothing, and keeps serving the document', async () => {
    const writer = connectClient(server.url, `${member.orgId}/cmp-hostile`, { token: member.token });
    await synced(writer.provider);
    writer.doc.getMap('case').set('procedure', 'before');
    await eventually(() => expect(writer.provider.wsconnected).toBe(true));

    expect(await sendRaw('cmp-hostile', [syncUpdateFrame(new Uint8Array([5]))])).toBe(1003);
    // Random garbage, seeded: every frame is refused, none reaches storage.
    const random = seededRandom(99);
    for (let i = 0; i < 20; i++) {
      const junk = Uint8Array.from({ length: 1 + Math.floor(random() * 40) }, () => Math.floor(random() * 256));
      await sendRaw('cmp-hostile', [syncUpdateFrame(junk)]);
    }
    expect(server.process.exitCode).toBeNull();

    // The server restarts on the same data and the document still opens.
    await server.stop();
    server = await startServer({ dataDir: server.dataDir });
    const reader = connectClient(server.url, `${member.orgId}/cmp-hostile`, { token: member.token });
    await synced(reader.provider);
    await eventually(() => expect(reader.doc.getMap('case').get('procedure')).toBe('before'));
    reader.destroy();
    writer.destroy();
  });

  it('refuses a compressed save that would inflate beyond the update cap (UPDATE_TOO_LARGE), without inflating it all', async () => {
    const bomb = deflateSync(new Uint8Array(80 * 1024 * 1024));
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, SYNC_MESSAGE.save);
    encoding.writeVarUint(e, 1);
    encoding.writeVarUint(e, SAVE_FLAGS.deflated);
    encoding.writeVarString(e, '');
    encoding.writeVarUint8Array(e, bomb);
    const reply = await new Promise<{ outcome: number; reason: string }>((resolve, reject) => {
      const ws = new WebSocket(
        `${server.url.replace('http', 'ws')}/api/sync/${member.orgId}/cmp-bomb?token=${member.token}&vigil=1`,
      );
      ws.on('open', () => ws.send(encoding.toUint8Array(e)));
      ws.on('message', (data: Buffer) => {
        const d = decoding.createDecoder(new Uint8Array(data));
        if (decoding.readVarUint(d) !== SYNC_MESSAGE.saved) return;
        decoding.readVarUint(d);
        const outcome = decoding.readVarUint(d);
        decoding.readVarString(d);
        resolve({ outcome, reason: decoding.readVarString(d) });
        ws.close();
      });
      ws.on('close', (code) => reject(new Error(`closed ${code}`)));
    });
    expect(reply).toEqual({ outcome: SAVE_OUTCOME.refused, reason: REFUSAL_REASONS.UPDATE_TOO_LARGE });
    expect(server.process.exitCode).toBeNull();
  });

  it('disconnects a socket whose user signed out (4401), within the 10 s re-authorisation', async () => {
    const other = await orgMember(server.url);
    const client = connectVigilClient(server.url, `${other.orgId}/cmp-signout`, { params: { token: other.token } });
    await eventually(() => expect(client.provider.status.connection).toBe('connected'));
    const out = await other.browser.gql('mutation { signOut }');
    expect(out.errors).toBeUndefined();
    await eventually(() => expect(client.provider.status.connection).toBe('signedOut'), 20_000);
    client.destroy();
  });
});
