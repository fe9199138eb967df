/**
 * The PWA's Content-Security-Policy (app.ts). It loads only its own scripts; websockets and API
 * calls go to the same origin. 'wasm-unsafe-eval' lets it compile WebAssembly (the camera's
 * barcode reader, a file of its own build) and nothing else: JavaScript eval stays refused.
 *
 * With the real payment provider configured (issue 37), its card entry needs the hosts its
 * documentation lists for Stripe.js and Elements: the script from js.stripe.com, the card fields
 * and the 3-D Secure challenge in frames from js.stripe.com and hooks.stripe.com, and the calls
 * to api.stripe.com. With the local provider none of them is allowed.
 */
export interface CspDirectives {
  defaultSrc: string[];
  scriptSrc: string[];
  styleSrc: string[];
  imgSrc: string[];
  connectSrc: string[];
  frameSrc: string[];
  workerSrc: string[];
  manifestSrc: string[];
  frameAncestors: string[];
}

export const STRIPE_JS_HOSTS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

export function contentSecurityPolicy(options: { stripe: boolean }): CspDirectives {
  const stripe = options.stripe;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(stripe ? STRIPE_JS_HOSTS.script : [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    // 'self' covers this origin's ws:/wss: too (CSP 3); no other host may be reached.
    connectSrc: ["'self'", ...(stripe ? STRIPE_JS_HOSTS.connect : [])],
    frameSrc: ["'self'", ...(stripe ? STRIPE_JS_HOSTS.frame : [])],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    frameAncestors: ["'self'"],
  };
}
