import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { runningHeaderOf } from '@vigil/shared';
import type { Logger } from '../log.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

/** US Letter in CSS px at 96 dpi, less the 8 mm margins either side (≈ 30 px each). */
const LETTER_PRINTABLE_WIDTH_PX = 8.5 * 96 - 2 * 30;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const TEMPLATE_STYLE =
  'font-family:Helvetica,Arial,sans-serif;font-size:8px;color:#333;width:100%;margin:0 8mm;display:flex;justify-content:space-between';

/**
 * [RP17] Chromium's page header and footer for a report (issue 25: a record whose pages can be
 * told apart when loose): every printed page names the patient, the DOB and the case id at the
 * top, and says "Page N of M" at the bottom (Chromium fills pageNumber and totalPages).
 */
export function pageTemplates(runningHeader: string | null): { headerTemplate: string; footerTemplate: string } {
  return {
    headerTemplate: `<div style="${TEMPLATE_STYLE}"><span>${escapeHtml(runningHeader ?? '')}</span></div>`,
    footerTemplate: `<div style="${TEMPLATE_STYLE}"><span>${escapeHtml(runningHeader ?? '')}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`,
  };
}

export interface PdfPrinter {
  /** Prints a standalone HTML document laid out `printWidth` px wide to a PDF. */
  print(html: string, printWidth: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * Headless Chromium through playwright-core, launched on first use and kept warm: one browser
 * and one context for every report (launch ~150 ms, a warm print ~60 ms, TOOLCHAIN.md). The
 * report is static: scripts are off and every network request is refused, so a report can never
 * reach anything. A browser that dies is launched again on the next print.
 */
export class ChromiumPdfPrinter implements PdfPrinter {
  private launching: Promise<{ browser: Browser; context: BrowserContext }> | null = null;
  private closed = false;

  constructor(private readonly log: Logger) {}

  private warm(): Promise<{ browser: Browser; context: BrowserContext }> {
    this.launching ??= (async () => {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      browser.on('disconnected', () => {
        this.launching = null;
      });
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
      await context.route('**/*', (route) =>
        route.request().url().startsWith('data:') ? route.continue() : route.abort(),
      );
      this.log.info('report printer ready');
      return { browser, context };
    })().catch((err: unknown) => {
      this.launching = null;
      throw err;
    });
    return this.launching;
  }

  async print(html: string, printWidth: number): Promise<Uint8Array> {
    if (this.closed) throw new Error('printer closed');
    const { context } = await this.warm();
    const page = await context.newPage();
    try {
      await page.setContent(html, { waitUntil: 'load' });
      const pdf = await page.pdf({
        format: 'Letter',
        printBackground: true,
        displayHeaderFooter: true,
        ...pageTemplates(runningHeaderOf(html)),
        margin: { top: '14mm', bottom: '14mm', left: '8mm', right: '8mm' },
        scale: Math.min(1, Math.max(0.1, LETTER_PRINTABLE_WIDTH_PX / printWidth)),
      });
      return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } finally {
      await page.close();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const launching = this.launching;
    this.launching = null;
    if (!launching) return;
    try {
      const { browser } = await launching;
      await browser.close();
    } catch (err) {
      this.log.warn({ err }, 'report printer did not close cleanly');
    }
  }
}
