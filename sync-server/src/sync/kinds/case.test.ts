import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ECG_CAPTURE_NOT_IN_PLAN, waveformStripSvg, type WaveEntry, type WaveType } from '@vigil/shared';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { createLogger } from '../../log.js';
import { MemorySyncStore } from '../../store/sync/memory.js';
import { parseSyncPath } from '../protocol.js';
import { SyncRooms } from '../rooms.js';
import { caseKind, MON22_RECENT_MS } from './case.js';

/*
 * [MON22] An ECG strip in a case needs the plan's waveform capture, whoever writes it: the case
 * kind's check (the one place the server checks a case's waves) removes a tablet's ECG strip on a
 * plan without it and tells the tablet why; pleth and EtCO2 strips are never touched.
 */

async function until(check: () => unknown, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/** Offices by plan: `advanced` has waveform capture, `basic` does not. */
const ecgAllowed = (orgId: string): Promise<boolean> => Promise.resolve(orgId === 'advanced');
/** The server's clock: a minute after the strips below were captured. */
const CAPTURED = 1_790_000_000_000;
const now = (): number => CAPTURED + 60_000;

const strip = (id: string, type: WaveType): WaveEntry => ({
  id,
  name: type,
  time: CAPTURED,
  type,
  svg: waveformStripSvg(
    type,
    Array.from({ length: 600 }, (_, i) => Math.round(50 + 40 * Math.sin(i / 8))),
    100,
  )!,
  notes: null,
});
const STRIPS = [strip('wav-pleth', 'pleth'), strip('wav-ecg', 'II'), strip('wav-co2', 'etco2')];

describe('[MON22] the case kind’s check of ECG strips', () => {
  it('refuses an ECG strip on a plan without waveform capture: an issue naming it and a repair that removes it only', async () => {
    const kind = caseKind({ ecgAllowed, now });
    const check = await kind.validate!({ waves: STRIPS }, parseSyncPath('/api/sync/basic/apt-1')!);
    expect(check.issues.filter((i) => i.code === 'MON22')).toEqual([
      { severity: 'error', code: 'MON22', path: ['waves', 1], message: ECG_CAPTURE_NOT_IN_PLAN },
    ]);
    const doc = new Y.Doc();
    const root = doc.getMap('case');
    const waves = new Y.Array<WaveEntry>();
    root.set('waves', waves);
    waves.push(STRIPS);
    check.repair!(root);
    expect(waves.toArray().map((w) => w.id)).toEqual(['wav-pleth', 'wav-co2']);
  });

  it('keeps every strip on a plan with waveform capture, and asks no plan for a case without ECG', async () => {
    const asked: string[] = [];
    const kind = caseKind({ ecgAllowed: (orgId) => (asked.push(orgId), ecgAllowed(orgId)), now });
    const withEcg = await kind.validate!({ waves: STRIPS }, parseSyncPath('/api/sync/advanced/apt-1')!);
    expect(withEcg.issues.filter((i) => i.code === 'MON22')).toEqual([]);
    expect(withEcg.repair).toBeUndefined();
    const noEcg = await kind.validate!({ waves: [STRIPS[0], STRIPS[2]] }, parseSyncPath('/api/sync/basic/apt-2')!);
    expect(noEcg.repair).toBeUndefined();
    expect(asked).toEqual(['advanced']);
  });
  it('never removes an ECG strip captured before MON22_RECENT_MS: charted data stays in the case after a downgrade', async () => {
    const later = (): number => CAPTURED + MON22_RECENT_MS + 1;
    const kind = caseKind({ ecgAllowed, now: later });
    const check = await kind.validate!({ waves: STRIPS }, parseSyncPath('/api/sync/basic/apt-1')!);
    expect(check.issues.filter((i) => i.code === 'MON22')).toEqual([]);
    expect(check.repair).toBeUndefined();
    const atEdge = await caseKind({ ecgAllowed, now: () => CAPTURED + MON22_RECENT_MS }).validate!(
      { waves: STRIPS },
      parseSyncPath('/api/sync/basic/apt-1')!,
    );
    expect(atEdge.issues.filter((i) => i.code === 'MON22')).toHaveLength(1);
  });
});

describe('[MON22] a tablet’s ECG strip written through Yjs', () => {
  let server: Server | undefined;
  let rooms: SyncRooms | undefined;
  const providers: WebsocketProvider[] = [];

  afterEach(async () => {
    for (const p of providers.splice(0)) p.destroy();
    await rooms?.close();
    rooms = undefined;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  /** The rooms with the case kind of the server (its check in-process), the checks it made counted. */
  async function start(): Promise<{ url: string; checked: { room: string; waves: number; repair: boolean }[] }> {
    const checked: { room: string; waves: number; repair: boolean }[] = [];
    const kind = caseKind({ ecgAllowed, now });
    const validate = kind.validate!;
    kind.validate = async (content, address) => {
      const found = await validate(content, address);
      const waves = (content as { waves?: unknown[] }).waves?.length ?? 0;
      checked.push({ room: address.name, waves, repair: found.repair !== undefined });
      return found;
    };
    rooms = new SyncRooms({
      log: createLogger('fatal'),
      store: new MemorySyncStore(),
      kinds: [kind],
      validateAfterMs: 10,
      projectAfterMs: 10,
    });
    server = createServer();
    const r = rooms;
    server.on('upgrade', (req, socket, head) => r.handleUpgrade(req, socket, head));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/sync`, checked };
  }

  /** A tablet's case document with a pleth, an ECG II and an EtCO2 strip written into its waves. */
  function tablet(url: string, room: string): Y.Array<WaveEntry> {
    const doc = new Y.Doc();
    providers.push(
      new WebsocketProvider(url, room, doc, {
        WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
        disableBc: true,
      }),
    );
    const waves = new Y.Array<WaveEntry>();
    doc.getMap('case').set('waves', waves);
    waves.push(STRIPS);
    return waves;
  }

  it('is removed from the case on a plan without waveforms (the tablet sees it go); pleth and EtCO2 stay', async () => {
    const { url } = await start();
    const waves = tablet(url, 'basic/apt-1');
    await until(() => expect(waves.toArray().map((w) => w.id)).toEqual(['wav-pleth', 'wav-co2']));
    const kept = (await rooms!.snapshot(parseSyncPath('/api/sync/basic/apt-1')!)).content as { waves: WaveEntry[] };
    expect(kept.waves.map((w) => [w.id, w.type])).toEqual([
      ['wav-pleth', 'pleth'],
      ['wav-co2', 'etco2'],
    ]);
  });

  it('is kept on a plan with waveforms', async () => {
    const { url, checked } = await start();
    const waves = tablet(url, 'advanced/apt-1');
    // The check ran on the document holding the three strips, and had nothing to change.
    await until(() =>
      expect(checked.filter((c) => c.waves === 3)).toEqual([{ room: 'advanced/apt-1', waves: 3, repair: false }]),
    );
    const content = (await rooms!.snapshot(parseSyncPath('/api/sync/advanced/apt-1')!)).content as {
      waves: WaveEntry[];
    };
    expect(content.waves.map((w) => w.id)).toEqual(['wav-pleth', 'wav-ecg', 'wav-co2']);
    expect(waves.toArray().map((w) => w.id)).toEqual(['wav-pleth', 'wav-ecg', 'wav-co2']);
  });
});
