import { Hono } from 'hono';
import { readOutbox, type OutboxEntry } from '../mail/sender.js';
import type { Db } from '../db/database.js';

/**
 * Development delivery: `GET /api/dev/outbox?to=ADDRESS` (JSON) and the `/dev/outbox` page show
 * every mail and SMS the server "sent". Mounted only outside production (see app.ts).
 */
export function devApiRoutes(db: Db): Hono {
  return new Hono().get('/dev/outbox', (c) => {
    const to = c.req.query('to');
    return c.json({ messages: readOutbox(db, to === undefined || to === '' ? undefined : to.trim().toLowerCase()) });
  });
}

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

export function devPageRoutes(db: Db): Hono {
  return new Hono().get('/outbox', (c) => {
    const to = c.req.query('to');
    return c.html(renderOutbox(readOutbox(db, to === undefined || to === '' ? undefined : to.trim().toLowerCase())));
  });
}
