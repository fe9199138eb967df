import { Writable } from 'node:stream';
import type { Route } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../log.js';
import { ChromiumPdfPrinter, PrintTimeoutError, type ChromiumPdfPrinterOptions } from './pdf.js';

/** A page that can never finish loading: its one image is a request the printer never answers. */
const NEVER_LOADS = '<!doctype html><html><body><p>Waiting</p><img src="http://never.test/image.png"></body></html>';
const PLAIN = '<!doctype html><html><body><p>A plain page</p></body></html>';

/** Holds every request to never.test open forever; refuses the rest, as the printer does. */
const holdNeverTest = (route: Route): Promise<void> =>
  route.request().url().startsWith('http://never.test/') ? new Promise<void>(() => undefined) : route.abort();

/**
 * The tests' time limit: long enough for a plain page on a loaded machine (a warm print is
 * ~60 ms), so only the page that never loads can reach it.
 */
const PRINT_TIMEOUT_MS = 10_000;

const isPdf = (bytes: Uint8Array): boolean => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

// A hang guard, never a timing check: Chromium's launch and the tests' 10 s limit on a loaded machine.
describe(
  'the PDF printer is bounded in time and in the prints it runs at once (issue 35 item 7)',
  { timeout: 120_000 },
  () => {
    let printer: ChromiumPdfPrinter | null = null;
    const logged: string[] = [];
    const start = (options: ChromiumPdfPrinterOptions): ChromiumPdfPrinter => {
      const sink = new Writable({
        write(chunk: Buffer, _enc, done) {
          logged.push(...chunk.toString('utf8').trim().split('\n'));
          done();
        },
      });
      printer = new ChromiumPdfPrinter(createLogger('info', sink), options);
      return printer;
    };
    afterEach(async () => {
      await printer?.close();
      printer = null;
      logged.length = 0;
    });

    it('ends a print whose page never finishes loading with PRINT_TIMEOUT, and the next print works', async () => {
      const p = start({ timeoutMs: PRINT_TIMEOUT_MS, route: holdNeverTest });
      const hung = p.print(NEVER_LOADS, 800);
      await expect(hung).rejects.toBeInstanceOf(PrintTimeoutError);
      await expect(hung).rejects.toMatchObject({ status: 503, code: 'PRINT_TIMEOUT' });
      expect(isPdf(await p.print(PLAIN, 800))).toBe(true);
    });

    it('queues prints past its concurrency: the next one starts when a slot frees', async () => {
      const p = start({ timeoutMs: PRINT_TIMEOUT_MS, concurrency: 1, route: holdNeverTest });
      const order: string[] = [];
      const hung = p.print(NEVER_LOADS, 800).catch((err: unknown) => {
        order.push(err instanceof PrintTimeoutError ? 'first timed out' : 'first failed otherwise');
      });
      const plain = p.print(PLAIN, 800).then((pdf) => {
        order.push(isPdf(pdf) ? 'second printed' : 'second not a PDF');
      });
      await Promise.all([hung, plain]);
      expect(order).toEqual(['first timed out', 'second printed']);
    });

    it('starts its browser afresh after the prints it is allowed, and keeps printing', async () => {
      const p = start({ recycleAfter: 2 });
      for (let i = 0; i < 3; i += 1) expect(isPdf(await p.print(PLAIN, 800))).toBe(true);
      const messages = logged.map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages.filter((m) => m === 'report printer ready')).toHaveLength(2);
      expect(messages).toContain('report printer restarted');
    });
  },
);
