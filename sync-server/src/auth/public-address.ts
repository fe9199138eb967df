/** Where a production server may call out to (webhooks, an app's JWK Set address): public https hosts only. */

/** A host a production server does not post to: this machine, or an address of a private or link-local network. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '0.0.0.0') return true;
  if (/^(fc|fd|fe80)[0-9a-f]*:/.test(host)) return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (!v4) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return (
    a === 127 ||
    a === 10 ||
    a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

/** An https address of a host that is not this machine nor a private network (what a production server calls out to). */
export function publicHttps(url: string): boolean {
  const target = new URL(url);
  return target.protocol === 'https:' && !isLocalHost(target.hostname);
}
