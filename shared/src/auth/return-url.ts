/**
 * Return URL rule (spec 000 §5): accepted only if it starts with '/' (but not /signin), or is an
 * https URL on the product's own domain or localhost. Protocol-relative '//host' is refused.
 */
export const PRODUCT_DOMAIN = 'vigil.health';

export function isAcceptableReturnUrl(url: string | null | undefined, productDomain: string = PRODUCT_DOMAIN): boolean {
  if (!url) return false;
  if (url.startsWith('/')) {
    if (url.startsWith('//') || url.startsWith('/\\')) return false;
    const path = url.split(/[?#]/)[0]!;
    return path !== '/signin' && !path.startsWith('/signin/');
  }
  // scheme://host[:port][/...]; no user-info (an '@' before the path is refused).
  const m = /^(https?):\/\/([a-z0-9.-]+)(:\d+)?([/?#].*)?$/i.exec(url);
  if (!m) return false;
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!.toLowerCase();
  if (host === 'localhost') return true;
  return scheme === 'https' && (host === productDomain || host.endsWith(`.${productDomain}`));
}

/** Month and date query parameters are stripped for organisation root paths (spec 000 §5). */
export function cleanReturnUrl(url: string): string {
  if (!url.startsWith('/')) return url;
  const [pathAndQuery, hash] = url.split('#', 2) as [string, string | undefined];
  const [path, query] = pathAndQuery.split('?', 2) as [string, string | undefined];
  if (!query || !/^\/org\/[^/]+\/?$/.test(path)) return url;
  const rest = query
    .split('&')
    .filter((pair) => {
      const key = pair.split('=', 1)[0];
      return key !== 'month' && key !== 'date';
    })
    .join('&');
  return `${path}${rest ? `?${rest}` : ''}${hash ? `#${hash}` : ''}`;
}
