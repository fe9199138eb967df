import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type WebSocket from 'ws';
import * as Y from 'yjs';
import { SYNC_MESSAGE } from '@vigil/shared';
import { roomUrl } from './cold-load.js';
import type { BenchServer } from './servers.js';
import { quantiles, type Quantiles } from './stats.js';
import { openSocket } from './tablet.js';
import { caseDoc, caseEdits, caseSkeleton, chart, type CaseEdit } from './workload.js';

function saveMessage(requestId: number, update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, SYNC_MESSAGE.save);
  encoding.writeVarUint(encoder, requestId);
  encoding.writeVarUint(encoder, 0); // flags: not deflated
  encoding.writeVarString(encoder, ''); // the client's hash: the server answers with its own either way
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** Resolves with the request id of the next `saved` reply on the socket; rejects if it closes first. */
function nextSaved(socket: WebSocket): Promise<number> {
  return new Promise((resolve, reject) => {
    const onClose = (code: number): void => reject(new Error(`closed with ${code} before the save was acknowledged`));
    const onMessage = (data: ArrayBuffer): void => {
      const decoder = decoding.createDecoder(new Uint8Array(data));
      if (decoding.readVarUint(decoder) !== SYNC_MESSAGE.saved) return;
      socket.off('message', onMessage);
      socket.off('close', onClose);
      resolve(decoding.readVarUint(decoder));
    };
    socket.on('message', onMessage);
    socket.once('close', onClose);
  });
}

/**
 * Round trip of Vigil's acknowledged save (one vitals record, uncompressed) into a room that
 * holds `caseState` (or only the case's empty lists): the server commits it, then answers with
 * its content hash. The first tenth of the saves is warm-up.
 */
export async function saveRoundTrips(
  server: BenchServer,
  room: string,
  caseState: Uint8Array | null,
  saves: number,
): Promise<Quantiles> {
  const socket = await openSocket(roomUrl(server, room, { vigil: '1' }));
  const initial = caseState ?? caseSkeleton();
  const stored = nextSaved(socket);
  socket.send(saveMessage(0, initial));
  await stored;
  const doc = caseDoc();
  Y.applyUpdate(doc, initial);
  const edits = caseEdits(1, 11).filter((e) => e.kind === 'vitals');
  const samples: number[] = [];
  for (let i = 1; i <= saves; i++) {
    const before = Y.encodeStateVector(doc);
    chart(doc, edits[i % edits.length] as CaseEdit);
    const start = performance.now();
    const acknowledged = nextSaved(socket);
    socket.send(saveMessage(i, Y.encodeStateAsUpdate(doc, before)));
    await acknowledged;
    samples.push(performance.now() - start);
  }
  socket.close();
  doc.destroy();
  return quantiles(samples.slice(Math.floor(saves / 10)));
}
