import { describe, expect, it } from 'vitest';
import { chromiumEnv } from './chromium.js';

describe("Chromium's environment", () => {
  it('is the process environment without a preloaded library or faked clock', () => {
    expect(
      chromiumEnv({
        PATH: '/usr/bin',
        HOME: '/root',
        LD_PRELOAD: 'libfaketime.so.1',
        FAKETIME: '@2026-11-28',
        TZ: undefined,
      }),
    ).toEqual({ PATH: '/usr/bin', HOME: '/root' });
  });
});
