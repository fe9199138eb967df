export interface Crumb {
  label: string;
  href: string;
}

const APP_PREFIXES = new Set(['org', 'parent', 'vigil-team', 'reseller']);
/** A 36-character id (a UUID) is shortened to its first 8 characters (spec 000 §2). */
const LONG_ID_LENGTH = 36;
const SHORT_ID_LENGTH = 8;

function label(segment: string): string {
  const text = decodeURIComponent(segment);
  return text.length === LONG_ID_LENGTH ? text.slice(0, SHORT_ID_LENGTH) : text;
}

/**
 * Breadcrumbs of an application path (spec 000 §2): the app prefix (`org`, `parent`, …) is
 * not a crumb; the organisation's own segment reads 'home' (its page is the org home); a
 * 36-character id shows its first 8 characters; the 'product' segment after 'shop' is
 * skipped. Each crumb links to the path up to it. Public paths have no breadcrumbs.
 */
export function breadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const [prefix] = segments;
  if (prefix === undefined || !APP_PREFIXES.has(prefix)) return [];
  const crumbs: Crumb[] = [];
  let href = `/${prefix}`;
  segments.slice(1).forEach((segment, i, rest) => {
    href += `/${segment}`;
    if (segment === 'product' && rest[i - 1] === 'shop') return;
    const isOrgHome = prefix === 'org' && i === 0;
    crumbs.push({ label: isOrgHome ? 'home' : label(segment), href });
  });
  return crumbs;
}
