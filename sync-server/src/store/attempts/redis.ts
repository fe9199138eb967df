import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AuditStore } from '../audit/types.js';
import type { AttemptRequest, AttemptStore, Places } from './types.js';

/*
 * Rate-limit places in Redis (issue 43): the places every instance counts, whatever its storage.
 * Per limit key, a sorted set of the attempts holding a place (member: attempt id, score: when
 * the place expires) and a "last release" marker (the id of the attempt that released last).
 *
 * The audit count cannot be read inside Redis, so a reservation is optimistic: it reads every
 * key's marker, then the audit counts, then runs one script that takes the places only when no
 * marker moved since (else it starts again). An attempt records its failure before it releases
 * its place, and its release moves the marker: so an attempt whose place the script no longer
 * sees either released before the markers were read (its failure is in the counts) or moved a
 * marker (the reservation starts again). No attempt is missed; as in SQLite, one between
 * recording its failure and releasing its place is counted twice (stricter, never looser).
 */

/** Takes a place under every key, or none: KEYS are the places' sets then the keys' markers. */
const RESERVE = `
local n = #KEYS / 2
local now = tonumber(ARGV[1])
local expires = tonumber(ARGV[2])
local ttl = tonumber(ARGV[3])
local id = ARGV[4]
for i = 1, n do
  local marker = redis.call('GET', KEYS[n + i])
  if (marker or '') ~= ARGV[4 + i] then return 'moved' end
end
for i = 1, n do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now)
  if redis.call('ZCARD', KEYS[i]) + tonumber(ARGV[4 + n + i]) >= tonumber(ARGV[4 + 2 * n + i]) then return 'full' end
end
for i = 1, n do
  redis.call('ZADD', KEYS[i], expires, id)
  redis.call('PEXPIRE', KEYS[i], ttl)
end
return 'taken'
`;

/** Gives an attempt's places back; moves the marker of each key it held a place under. */
const RELEASE = `
local n = #KEYS / 2
for i = 1, n do
  if redis.call('ZREM', KEYS[i], ARGV[1]) == 1 then
    redis.call('SET', KEYS[n + i], ARGV[1], 'PX', tonumber(ARGV[2]))
  end
end
return 0
`;

/** Reservations that found a marker moved start again at most this often, then refuse (the safe side). */
const MAX_TRIES = 20;

export class RedisAttemptStore implements AttemptStore {
  constructor(
    private readonly redis: Redis,
    private readonly audit: Pick<AuditStore, 'count'>,
    private readonly prefix = 'vigil:',
  ) {}

  private placesKey(key: string): string {
    return `${this.prefix}attempts:places:${key}`;
  }

  private markerKey(key: string): string {
    return `${this.prefix}attempts:released:${key}`;
  }

  async reserve({ action, since, limits, now, ttlMs }: AttemptRequest): Promise<Places | null> {
    // One entry per key: a key under two limits keeps the stricter.
    const byKey = new Map<string, (typeof limits)[number]>();
    for (const l of limits) {
      const seen = byKey.get(l.key);
      if (!seen || l.limit < seen.limit) byKey.set(l.key, l);
    }
    const keyed = [...byKey.values()];
    const keys = [...keyed.map((l) => this.placesKey(l.key)), ...keyed.map((l) => this.markerKey(l.key))];
    const id = randomUUID();
    for (let tries = 0; tries < MAX_TRIES; tries += 1) {
      const markers = await this.redis.mget(...keyed.map((l) => this.markerKey(l.key)));
      const recorded = await Promise.all(keyed.map((l) => this.audit.count(action, since, l.by)));
      const outcome = (await this.redis.eval(
        RESERVE,
        keys.length,
        ...keys,
        now,
        now + ttlMs,
        ttlMs,
        id,
        ...markers.map((m) => m ?? ''),
        ...recorded,
        ...keyed.map((l) => l.limit),
      )) as string;
      if (outcome === 'taken') return { id, keys: [...new Set(limits.map((l) => l.key))] };
      if (outcome === 'full') return null;
    }
    return null;
  }

  async release(places: Places): Promise<void> {
    if (places.keys.length === 0) return;
    const keys = [...places.keys.map((k) => this.placesKey(k)), ...places.keys.map((k) => this.markerKey(k))];
    await this.redis.eval(RELEASE, keys.length, ...keys, places.id, MARKER_TTL_MS);
  }

  async held(key: string, now: number): Promise<number> {
    return this.redis.zcount(this.placesKey(key), `(${now}`, '+inf');
  }
}

/**
 * How long a release marker is kept: far longer than a reservation takes between reading it and
 * its script (an expired marker reads as moved, which only starts a reservation again).
 */
const MARKER_TTL_MS = 10 * 60_000;
