/**
 * How Vigil runs Debian's Chromium, for the PDF printer, the end-to-end tests (playwright.config.ts)
 * and the case-screen benchmark. No imports: playwright.config.ts compiles this file on its own.
 */

/** Debian's Chromium (TOOLCHAIN.md: never a downloaded browser). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
