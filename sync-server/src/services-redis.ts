/** The Redis the instances share (REDIS_URL; issue 43), as the server's services connect to it. */
import { Redis, type RedisOptions } from 'ioredis';
import { pubSubBridgeRelay, type BridgeMemoryRelay } from './bridges/memory.js';
import { PubSubLiveVitalsBus } from './live/bus.js';
import type { Logger } from './log.js';
import { RedisPubSub, type PubSub } from './pubsub.js';

/** A connection to the shared Redis; ioredis reconnects by itself, and an error is logged, never thrown. */
export function connectRedis(url: string, log: Logger, options: RedisOptions = {}): Redis {
  const client = new Redis(url, options);
  client.on('error', (err) => log.warn({ err }, 'redis connection error'));
  return client;
}

/** What goes between the instances serving one deployment through Redis (docs/decisions.md, session 29). */
export interface Instances {
  /** The sync rooms' relay (sync/relay.ts): updates, presence and final flags per room. */
  relay: { pubsub: PubSub; prefix: string };
  /** The organisations' live summaries (live/bus.ts). */
  liveBus: PubSubLiveVitalsBus;
  /**
   * Sessions ended (sign-out, sign-in over a presented token, the team ending a user's sessions):
   * every instance, this one too, authorises its open sockets again at once.
   */
  sessionsEnded: { announce: () => void; hear: (listener: () => void) => void };
  /** The bridges' latest readings and waves each instance keeps for the screens (bridges/memory.ts). */
  bridgeMemory: BridgeMemoryRelay;
  close(): void;
}

/** The links between instances when REDIS_URL is set; null for one instance (nothing goes through Redis). */
export function instancesOf(redis: { url: string; prefix: string } | undefined, log: Logger): Instances | null {
  if (!redis) return null;
  const onError = (err: unknown): void => log.warn({ err }, 'a message between instances failed');
  // Named, so an operator (or a test) can tell each instance's subscription in CLIENT LIST.
  const subscriber = connectRedis(redis.url, log, {
    connectionName: `${redis.prefix}subscriber:${process.pid}`,
    // Back after a pause, from 0.5 s to 5 s: a lost connection is then caught up from storage.
    retryStrategy: (times) => Math.min(times * 500, 5_000),
  });
  const pubsub = new RedisPubSub(connectRedis(redis.url, log), subscriber, onError);
  const ended = `${redis.prefix}sessions-ended`;
  return {
    relay: { pubsub, prefix: redis.prefix },
    liveBus: new PubSubLiveVitalsBus(pubsub, `${redis.prefix}live`, onError),
    sessionsEnded: {
      announce: () => void pubsub.publish(ended, new Uint8Array([1])),
      hear: (listener) => void pubsub.subscribe(ended, listener).catch(onError),
    },
    bridgeMemory: pubSubBridgeRelay(pubsub, `${redis.prefix}bridge-memory`, onError),
    close: () => pubsub.close(),
  };
}
