import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_ROOT, isSafeWaveSvg } from '@vigil/shared';
import { sanitizeWaveSvg } from '../../sync-server/src/sync/wave-sanitize.js';
import { chartedCase, finalize, pdfText, pdfUrl, SIGNATURE, type ChartedCase } from '../integration/report-helpers.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { eventually } from '../utils/yjs-clients.js';

// Issue 24 item 5: a wave svg could paint over the signed PDF and the app (`style`, unbounded
// size). Each svg of this corpus is either reduced to the allowlist by the server or refused,
// and whatever reaches a page is an <img> in a fixed box: no script, no overlay, bounded pages.

const NS = 'xmlns="http://www.w3.org/2000/svg"';
/** Sets a flag and opens a dialog if any script of the svg runs. */
const PWN = "window.__pwned=1;alert('pwned')";
const CORPUS: Record<string, string> = {
  styleOverlay: `<svg ${NS} viewBox="0 0 600 120" style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:99999"><rect width="600" height="120" fill="#000000" style="position:fixed"/><path d="M0 60 L600 60" stroke="#000000"/></svg>`,
  styleElement: `<svg ${NS}><style>body{display:none!important}</style><path d="M0 0 L10 10"/></svg>`,
  eventHandlers: `<svg ${NS} onload="${PWN}"><rect width="10" height="10" onmouseover="${PWN}" onclick="${PWN}"/></svg>`,
  scriptElement: `<svg ${NS}><script>${PWN}</script><path d="M0 0"/></svg>`,
  foreignObject: `<svg ${NS}><foreignObject width="600" height="120"><div xmlns="http://www.w3.org/1999/xhtml" style="position:fixed;inset:0;background:red">OVERLAY TEXT</div><img src="x" onerror="${PWN}"/></foreignObject><path d="M0 0"/></svg>`,
  useHref: `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink"><use href="#p"/><use xlink:href="data:image/svg+xml,%3Csvg%20onload%3D'alert(1)'%2F%3E"/><path d="M0 0"/></svg>`,
  image: `<svg ${NS}><image href="http://127.0.0.1:9/leak.png" width="600" height="120"/><image href="x" onerror="${PWN}"/><path d="M0 0"/></svg>`,
  javascriptUrl: `<svg ${NS}><a href="javascript:${PWN}"><rect width="600" height="120"/></a><rect fill="url(javascript:alert(1))" width="5" height="5"/></svg>`,
  hugeDimensions: `<svg ${NS} width="600" height="5000000" viewBox="0 0 600 5000000"><rect width="600" height="5000000" fill="#eeeeee"/><path d="M0 0 L600 5000000"/></svg>`,
  hugeSize: `<svg ${NS} viewBox="0 0 600 120">${'<path d="M0 60 L600 60" stroke="#1971c2"/>'.repeat(5000)}</svg>`,
  wellFormedOnly: `<svg ${NS} viewBox="0 0 600 120" width="600" height="120"><rect width="600" height="120" fill="#ffffff"/><path d="M0 60 L600 60" fill="none" stroke="#1971c2" stroke-width="1.5"/></svg>`,
};
/**
 * The report's wave component (shared/src/report/WaveSvg.tsx, used by the PDF and the preview),
 * loaded by URL: the tests project has no JSX setting to type-check a .tsx of shared.
 */
async function loadWaveSvg(): Promise<(props: { svg: string; label: string }) => ReactNode> {
  const url = new URL('../../shared/src/report/WaveSvg.tsx', import.meta.url).href;
  const mod = (await import(/* @vite-ignore */ url)) as {
    WaveSvg: (props: { svg: string; label: string }) => ReactNode;
  };
  return mod.WaveSvg;
}

const FORBIDDEN = /style|on[a-z]+=|href|script|foreignObject|<use|<image|<a[\s>]|javascript|url\(/i;

describe('the wave svg corpus, reduced on the server with sanitize-html', () => {
  it.each(Object.entries(CORPUS))(
    '%s is refused by the rule and either reduced to the allowlist or dropped',
    (name, svg) => {
      if (name === 'wellFormedOnly') {
        expect(isSafeWaveSvg(svg)).toBe(true);
        return;
      }
      expect(isSafeWaveSvg(svg)).toBe(false);
      const clean = sanitizeWaveSvg(svg);
      if (clean !== null) {
        expect(isSafeWaveSvg(clean)).toBe(true);
        expect(clean).not.toMatch(FORBIDDEN);
      }
    },
  );

  it('keeps the drawing of a styled wave (its path) while dropping the style, and drops oversized waves whole', () => {
    expect(sanitizeWaveSvg(CORPUS.styleOverlay!)).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 120"><rect width="600" height="120" fill="#000000"></rect><path d="M0 60 L600 60" stroke="#000000"></path></svg>`,
    );
    expect(sanitizeWaveSvg(CORPUS.hugeSize!)).toBeNull();
    // A 5,000,000-px tall strip loses its dimensions (over the limits); the viewBox is dropped too.
    expect(sanitizeWaveSvg(CORPUS.hugeDimensions!)).not.toMatch(/5000000"\s*(height|viewBox)|height="5000000"/);
  });
});

describe('hostile waves in a real case, its app view and its signed PDF', () => {
  let server: TestServer;
  let c: ChartedCase;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    c = await chartedCase(server);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
  });
  afterAll(async () => {
    c.client.destroy();
    await browser.close();
    await server.dispose();
  });

  it('reduces every wave written over the socket to the allowlist (or empties it), for every client', async () => {
    const root = c.client.doc.getMap(CASE_ROOT);
    const waves = new Y.Array<Record<string, unknown>>();
    root.set('waves', waves);
    waves.push(
      Object.entries(CORPUS).map(([name, svg], i) => ({
        id: `wav-${name}`,
        name,
        time: c.start + 10 * 60_000 + i * 1000,
        type: 'pleth',
        svg,
        notes: null,
      })),
    );
    await eventually(() => {
      const stored = (root.get('waves') as Y.Array<{ name: string; svg: string }>).toArray();
      expect(stored).toHaveLength(Object.keys(CORPUS).length);
      for (const w of stored) {
        expect(w.svg === '' || isSafeWaveSvg(w.svg), w.name).toBe(true);
        expect(w.svg).not.toMatch(FORBIDDEN);
      }
    }, 15_000);
    const byName = new Map(
      (root.get('waves') as Y.Array<{ name: string; svg: string }>).toArray().map((w) => [w.name, w.svg]),
    );
    expect(byName.get('wellFormedOnly')).toBe(CORPUS.wellFormedOnly);
    expect(byName.get('hugeSize')).toBe('');
    expect(byName.get('styleOverlay')).toContain('<path d="M0 60 L600 60"');
    await eventually(() => expect(c.client.provider.status.status).toBe('synced'), 15_000);
  });

  it('shows waves (even unreduced ones) as isolated images: no script runs, nothing covers the page', async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    // The raw corpus, as a client that skipped the server would hand it to the view.
    const WaveSvg = await loadWaveSvg();
    const boxes = Object.entries(CORPUS)
      .map(
        ([name, svg]) =>
          `<section id="${name}">${renderToStaticMarkup(createElement(WaveSvg, { svg, label: name }))}</section>`,
      )
      .join('');
    await page.setContent(
      `<!doctype html><html><body style="margin:0"><p id="top">Anesthesia Record</p>${boxes}</body></html>`,
    );
    await page.waitForLoadState('load');
    // Every wave image loaded and decoded (or failed): whatever an image could do has been done.
    await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toBe(0);
    // The page's own text is on top where it is: no wave covers it.
    expect(
      await page.evaluate(() => {
        const r = document.getElementById('top')!.getBoundingClientRect();
        return document.elementFromPoint(r.left + 2, r.top + r.height / 2)?.id;
      }),
    ).toBe('top');
    // Only the safe wave is drawn, in a 120 px box; the others say they are not shown.
    const drawn = await page.$$eval('[data-wave-box]', (els) =>
      els.map((e) => ({ h: e.getBoundingClientRect().height, id: e.closest('section')!.id })),
    );
    expect(drawn).toEqual([{ h: 120, id: 'wellFormedOnly' }]);
    expect(await page.locator('text=(waveform not shown)').count()).toBe(Object.keys(CORPUS).length - 1);

    // The detection works: the same svg put into the page as markup does run its handler.
    await page.evaluate((svg) => {
      const div = document.createElement('div');
      div.innerHTML = svg;
      document.body.appendChild(div);
    }, `<svg ${NS}><image href="x" onerror="window.__pwned=1"/></svg>`);
    await eventually(async () =>
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBe(1),
    );
    await page.close();
  });

  it('signs a PDF whose page count stays bounded and whose waves paint nothing over the record', async () => {
    const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash(),
    });
    expect(reply.status).toBe(200);
    const pdfId = reply.lines.at(-1)!.data!.pdfId as string;
    const { data } = await pdfUrl(c.member.browser, c.orgId, pdfId);
    const res = await fetch(data!.url.replace(/^https?:\/\/[^/]+/, server.url), {
      headers: { cookie: [...c.member.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-svg-')), 'report.pdf');
    writeFileSync(file, bytes);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    // The record, the captured waveforms (10 strips of 120 px) and the rest: a handful of
    // pages, never the 1,411 a tall wave once made.
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThanOrEqual(6);
    const text = pdfText(bytes);
    expect(text).toContain('Lovelace, Ada');
    expect(text).not.toContain('OVERLAY TEXT');
    expect(text).not.toContain('pwned');
  });
});
