import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp.js';

describe("the PWA's content security policy", () => {
  it('allows no other host with the local payment provider', () => {
    const csp = contentSecurityPolicy({ stripe: false });
    const all = (Object.values(csp) as string[][]).flat();
    expect(all.filter((source) => source.startsWith('https:'))).toEqual([]);
    expect(csp.scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.connectSrc).toEqual(["'self'"]);
    expect(csp.frameSrc).toEqual(["'self'"]);
  });

  it("allows the real provider's script, card frames, 3-D Secure frame and API when it is configured, and nothing more", () => {
    const csp = contentSecurityPolicy({ stripe: true });
    expect(csp.scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp.frameSrc).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(csp.connectSrc).toEqual(["'self'", 'https://api.stripe.com']);
    // Still no eval, no inline script, and framed by no one else.
    expect(csp.scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp.scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp.frameAncestors).toEqual(["'self'"]);
  });
});
