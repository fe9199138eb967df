import { Semaphore } from 'async-mutex';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { runningHeaderOf } from '@vigil/shared';
import { AppError } from '../errors.js';
import type { Logger } from '../log.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumEnv } from './chromium.js';

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

/** The printer's bounds (decision, docs/decisions.md issue 35 item 7). */
export const PRINTER_LIMITS = {
  /** Longest one print may take once it has its turn: a 20-page record prints in about a second. */
  timeoutMs: 30_000,
  /** Prints at once (each holds a Chromium page); the rest wait their turn in order. */
  concurrency: 2,
  /** Prints after which the browser is started afresh when idle, returning what it grew to. */
  recycleAfter: 200,
  /** How long a page that ran out of time gets to close before the whole browser is ended. */
  closeGraceMs: 5_000,
} as const;

/**
 * Chromium's own bounds for the printer, besides CHROMIUM_ARGS: a small V8 heap (scripts are
 * off; V8 still runs the page's internals), few renderer processes, /tmp instead of a small
 * /dev/shm, no extensions.
 */
export const PRINTER_CHROMIUM_ARGS = [
  '--js-flags=--max-old-space-size=128',
  '--renderer-process-limit=2',
  '--disable-dev-shm-usage',
  '--disable-extensions',
] as const;

/** A print that did not finish in time (503: the server is well, this print was not; try again). */
export class PrintTimeoutError extends AppError {
  constructor(timeoutMs: number) {
    super(
      503,
      'PRINT_TIMEOUT',
      `The PDF was not ready within ${Math.round(timeoutMs / 1000)} seconds. Please try again.`,
    );
    this.name = 'PrintTimeoutError';
  }
}

/** The printer's bounds as numbers (a test gives shorter ones). */
export type PrinterLimits = { readonly [K in keyof typeof PRINTER_LIMITS]: number };

export interface ChromiumPdfPrinterOptions extends Partial<PrinterLimits> {
  /**
   * What becomes of a request the page makes: every one but data: is refused (a report never
   * reaches anything). Replaceable, so a test can hold one open and see a print that never loads end.
   */
  route?: (route: Route) => Promise<void>;
}

const refuseNetwork = (route: Route): Promise<void> =>
  route.request().url().startsWith('data:') ? route.continue() : route.abort();

interface Warm {
  browser: Browser;
  context: BrowserContext;
  /** Prints started in this browser. */
  prints: number;
  /** Prints running in it now. */
  running: number;
}

/**
 * Headless Chromium through playwright-core, launched on first use and kept warm: one browser
 * and one context for every report (launch ~150 ms, a warm print ~60 ms, TOOLCHAIN.md). The
 * report is static: scripts are off and every network request is refused, so a report can never
 * reach anything. A browser that dies is launched again on the next print.
 *
 * Bounded (issue 35 item 7): at most `concurrency` prints at once, the rest queued; each print
 * ends within `timeoutMs` (its page closed, or the browser ended when the page cannot close)
 * with PrintTimeoutError; the browser is started afresh every `recycleAfter` prints. The images
 * a report may hold are bounded before they reach it (IM1).
 */
export class ChromiumPdfPrinter implements PdfPrinter {
  private launching: Promise<Warm> | null = null;
  private closed = false;
  private readonly slots: Semaphore;
  private readonly limits: PrinterLimits;
  private readonly route: (route: Route) => Promise<void>;

  constructor(
    private readonly log: Logger,
    options: ChromiumPdfPrinterOptions = {},
  ) {
    const { route, ...limits } = options;
    this.limits = { ...PRINTER_LIMITS, ...limits };
    this.route = route ?? refuseNetwork;
    this.slots = new Semaphore(this.limits.concurrency);
  }

  private warm(): Promise<Warm> {
    if (this.launching) return this.launching;
    const launching = (async (): Promise<Warm> => {
      // Loaded on the first print, not at the server's start: playwright-core is the largest module
      // the server loads (about a quarter of its start on a loaded 2-core machine, session 32), and
      // most starts (every test server's) never print.
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: [...CHROMIUM_ARGS, ...PRINTER_CHROMIUM_ARGS],
        env: chromiumEnv(),
      });
      browser.on('disconnected', () => {
        if (this.launching === launching) this.launching = null;
      });
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
      await context.route('**/*', this.route);
      this.log.info('report printer ready');
      return { browser, context, prints: 0, running: 0 };
    })().catch((err: unknown) => {
      if (this.launching === launching) this.launching = null;
      throw err;
    });
    this.launching = launching;
    return launching;
  }

  /** Ends a browser (its pages and renderers with it); the next print launches a new one. */
  private async retire(warm: Warm, why: string): Promise<void> {
    if (this.launching && (await this.launching.catch(() => null)) === warm) this.launching = null;
    this.log.warn({ why }, 'report printer restarted');
    await warm.browser.close().catch((err: unknown) => this.log.warn({ err }, 'report printer did not close cleanly'));
  }

  async print(html: string, printWidth: number): Promise<Uint8Array> {
    if (this.closed) throw new Error('printer closed');
    return this.slots.runExclusive(async () => {
      const warm = await this.warm();
      warm.prints += 1;
      warm.running += 1;
      try {
        return await this.printOn(warm, html, printWidth);
      } finally {
        warm.running -= 1;
        if (warm.running === 0 && warm.prints >= this.limits.recycleAfter && warm.browser.isConnected()) {
          await this.retire(warm, `${warm.prints} prints`);
        }
      }
    });
  }

  private async printOn(warm: Warm, html: string, printWidth: number): Promise<Uint8Array> {
    const page = await warm.context.newPage();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new PrintTimeoutError(this.limits.timeoutMs)), this.limits.timeoutMs);
    });
    const printing = (async () => {
      await page.setContent(html, { waitUntil: 'load', timeout: 0 });
      const pdf = await page.pdf({
        format: 'Letter',
        printBackground: true,
        displayHeaderFooter: true,
        ...pageTemplates(runningHeaderOf(html)),
        margin: { top: '14mm', bottom: '14mm', left: '8mm', right: '8mm' },
        scale: Math.min(1, Math.max(0.1, LETTER_PRINTABLE_WIDTH_PX / printWidth)),
      });
      return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    })();
    try {
      return await Promise.race([printing, timedOut]);
    } catch (err) {
      if (err instanceof PrintTimeoutError) {
        printing.catch(() => undefined);
        this.log.warn({ timeoutMs: this.limits.timeoutMs }, 'report print timed out');
      }
      throw err;
    } finally {
      clearTimeout(timer);
      // A page whose renderer is stuck (decoding a huge image) may not close: then the browser goes.
      let closeTimer: ReturnType<typeof setTimeout> | undefined;
      const closed = await Promise.race([
        page.close().then(
          () => true,
          () => true,
        ),
        new Promise<boolean>((resolve) => {
          closeTimer = setTimeout(() => resolve(false), this.limits.closeGraceMs);
        }),
      ]);
      clearTimeout(closeTimer);
      if (!closed) await this.retire(warm, 'a page did not close');
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
