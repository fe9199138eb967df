import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { OutboxEntry, OutboxStore } from '../store/outbox/types.js';

/** True for an address of this machine: 127.0.0.0/8, ::1, or 127.x written as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const lower = address.toLowerCase();
  if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true;
  const v4 = lower.startsWith('::ffff:') ? lower.slice('::ffff:'.length) : lower;
  return /^127(\.\d{1,3}){3}$/.test(v4);
}

/**
 * True when a request comes from this machine: its socket's address is loopback and nothing
 * relayed it from elsewhere (a reverse proxy on this machine forwarding a tablet's request has a
 * loopback socket too, but says so in X-Forwarded-For or Forwarded).
 */
export function isLocalRequest(c: Context): boolean {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return false;
  }
  if (!isLoopbackAddress(address)) return false;
  if (c.req.header('forwarded') !== undefined) return false;
  const forwardedFor = c.req.header('x-forwarded-for');
  return forwardedFor === undefined || forwardedFor.split(',').every((hop) => isLoopbackAddress(hop.trim()));
}

/** Options of the development outbox. */
export interface OutboxAccess {
  /** Serve it to clients on other machines too (DEV_OUTBOX_REMOTE=on); otherwise this machine only. */
  remote: boolean;
}

/**
 * The outbox holds every sign-in code and reset link the server "sent" (issue 24 item 8): a
 * server started with HOST=0.0.0.0 so tablets can reach it must not hand those to anyone on the
 * network. Unless DEV_OUTBOX_REMOTE=on, a client that is not on this machine gets 403.
 */
function localOnly(access: OutboxAccess, refuse: (c: Context) => Response): MiddlewareHandler {
  return async (c, next) => {
    if (!access.remote && !isLocalRequest(c)) return refuse(c);
    await next();
  };
}

const REFUSED_TEXT =
  'The development outbox is served only on the machine running the server (set DEV_OUTBOX_REMOTE=on to serve it to other machines).';

/**
 * Development delivery: `GET /api/dev/outbox?to=ADDRESS` (JSON) and the `/dev/outbox` page show
 * every mail and SMS the server "sent". Mounted only outside production (see app.ts), and served
 * only to this machine unless DEV_OUTBOX_REMOTE=on.
 */
export function devApiRoutes(outbox: OutboxStore, access: OutboxAccess): Hono {
  const refuse = (c: Context): Response => c.json({ error: 'OUTBOX_LOCAL_ONLY', message: REFUSED_TEXT }, 403);
  return new Hono().get('/dev/outbox', localOnly(access, refuse), async (c) => {
    const filter = outboxFilter(c);
    if (!filter) return c.json({ error: 'INVALID_INPUT', message: BAD_QUERY_TEXT }, 400);
    return c.json({ messages: await outbox.list(filter.to) });
  });
}

/** `?to=ADDRESS`: an address (lowercased), or absent or empty for every message. */
const outboxQuery = z.object({
  to: z
    .string()
    .max(320)
    .optional()
    .transform((to) => (to === undefined || to.trim() === '' ? undefined : to.trim().toLowerCase())),
});

/** The address filter of an outbox request, or null when the query is malformed. */
function outboxFilter(c: Context): { to: string | undefined } | null {
  const parsed = outboxQuery.safeParse({ to: c.req.query('to') });
  return parsed.success ? parsed.data : null;
}

const BAD_QUERY_TEXT = 'The address filter must be at most 320 characters.';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function renderOutbox(messages: OutboxEntry[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p><strong>${escapeHtml(m.channel)}</strong> to <strong>${escapeHtml(m.to)}</strong> at ${new Date(m.at).toISOString()}</p>
<pre>${escapeHtml(m.body)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox · Vigil (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap}</style>
</head><body><h1>Outbox (development)</h1><p>Mail and SMS written here instead of being sent. Newest first. Reload to refresh.</p>
<form method="get"><label>Address <input name="to"></label> <button>Filter</button></form>
${rows || '<p>No messages yet.</p>'}</body></html>`;
}

export function devPageRoutes(outbox: OutboxStore, access: OutboxAccess): Hono {
  const refuse = (c: Context): Response => c.text(REFUSED_TEXT, 403);
  return new Hono().get('/outbox', localOnly(access, refuse), async (c) => {
    const filter = outboxFilter(c);
    if (!filter) return c.text(BAD_QUERY_TEXT, 400);
    return c.html(renderOutbox(await outbox.list(filter.to)));
  });
}
