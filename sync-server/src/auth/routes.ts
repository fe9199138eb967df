import { Hono } from 'hono';
import type { BotCheck } from './bot-check.js';

/** `GET /api/bot-check/challenge`: a fresh signed proof-of-work challenge for sign-up and sign-in. */
export function botCheckRoutes(botCheck: BotCheck): Hono {
  return new Hono().get('/bot-check/challenge', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await botCheck.challenge());
  });
}
