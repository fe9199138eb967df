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

/**
 * The environment Chromium runs in: the process's own, without a preloaded library. The unit
 * suite's clock runs preload libfaketime into every process (scripts/test-clock.sh), and
 * Chromium's child processes do not start with it; the printer prints the page it is given and
 * needs no faked clock.
 */
export function chromiumEnv(env: Readonly<Record<string, string | undefined>> = process.env): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME')) kept[name] = value;
  }
  return kept;
}
