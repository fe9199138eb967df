import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The built PWA. Hashed assets are cached for a year; the service worker and the HTML shell
 * are revalidated on every load so an update reaches tablets. Any other non-/api path gets
 * the app shell (the client router decides, including its not-found page).
 */
export function staticRoutes(staticDir: string): Hono {
  const app = new Hono();
  const root = path.relative(process.cwd(), staticDir) || '.';
  const indexFile = path.join(staticDir, 'index.html');

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path === '/sw.js' || c.req.path.endsWith('.html') || c.req.path === '/') {
      c.header('Cache-Control', 'no-cache');
    }
  });
  app.use('*', serveStatic({ root }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) {
      return c.text('The client has not been built: run `npm run build` (or `npm run setup`).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
  return app;
}
