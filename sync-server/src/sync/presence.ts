import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { WebSocket } from 'ws';
import type { Room } from './room.js';

/** The largest awareness state (presence) one client may announce, as JSON. */
export const MAX_AWARENESS_STATE_CHARS = 4096;

/**
 * A connection's presence update after checking it: a socket changes only client ids that are
 * its own or new, each state is stamped with the socket's signed-in user (id and name),
 * whatever the client claimed, and oversized states are dropped. Null when nothing is left.
 */
export function checkedAwareness(
  room: Room,
  conn: WebSocket,
  update: Uint8Array,
  userId: string | null,
  userName: string | null,
): Uint8Array | null {
  const owned = room.conns.get(conn);
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  const kept: { clientId: number; clock: number; state: string }[] = [];
  for (let i = 0; i < count; i++) {
    const clientId = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const state = decoding.readVarString(decoder);
    if (state.length > MAX_AWARENESS_STATE_CHARS) continue;
    if (!owned?.has(clientId) && [...room.conns.entries()].some(([c, ids]) => c !== conn && ids.has(clientId)))
      continue;
    const stamped = userId ? stampUser(state, userId, userName) : state;
    if (stamped !== null) kept.push({ clientId, clock, state: stamped });
  }
  if (kept.length === 0) return null;
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, kept.length);
  for (const k of kept) {
    encoding.writeVarUint(encoder, k.clientId);
    encoding.writeVarUint(encoder, k.clock);
    encoding.writeVarString(encoder, k.state);
  }
  return encoding.toUint8Array(encoder);
}

/**
 * A presence state (JSON) with its `user` set to the signed-in user: id and name from the
 * server, role and device kept from the client only as short strings. Null drops the entry
 * (not JSON, or not an object); `null` (a client leaving) passes unchanged.
 */
export function stampUser(state: string, userId: string, userName: string | null): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(state);
  } catch {
    return null;
  }
  if (parsed === null) return state;
  if (typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const claimed = (parsed as { user?: unknown }).user;
  const given = claimed !== null && typeof claimed === 'object' ? (claimed as Record<string, unknown>) : {};
  const short = (v: unknown): string | undefined => (typeof v === 'string' ? v.slice(0, 100) : undefined);
  const user: Record<string, string> = { id: userId, name: userName ?? userId };
  const role = short(given.role);
  const device = short(given.device);
  if (role !== undefined) user.role = role;
  if (device !== undefined) user.device = device;
  return JSON.stringify({ ...(parsed as Record<string, unknown>), user });
}
