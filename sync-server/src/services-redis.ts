/** The Redis the instances share (REDIS_URL; issue 43), as the server's services connect to it. */
import { Redis } from 'ioredis';
import type { Logger } from './log.js';

/** A connection to the shared Redis; ioredis reconnects by itself, and an error is logged, never thrown. */
export function connectRedis(url: string, log: Logger): Redis {
  const client = new Redis(url);
  client.on('error', (err) => log.warn({ err }, 'redis connection error'));
  return client;
}
