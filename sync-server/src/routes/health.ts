import { Hono } from 'hono';

/** `GET /api/health` → `{"ok":true,"version":"…"}`. */
export function healthRoutes(version: string): Hono {
  return new Hono().get('/health', (c) => c.json({ ok: true, version }));
}
