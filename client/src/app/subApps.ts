import { APP_NAMES } from '@vigil/shared';

export type SubAppId = 'org' | 'parent' | 'team' | 'reseller' | 'public';

export interface SubAppInfo {
  id: SubAppId;
  /** Name shown in the header (spec 000 §2). */
  name: string;
  /** Where the logo links: the organisation's home inside the organisation app, else / (spec 000 §2). */
  logoHref: string;
}

/** Which sub-app a path belongs to, by route prefix (spec 000 §2). */
export function subAppOf(pathname: string): SubAppInfo {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  switch (first) {
    case 'org':
      return {
        id: 'org',
        name: APP_NAMES.default,
        logoHref: second ? `/org/${encodeURIComponent(second)}` : '/',
      };
    case 'parent':
      return { id: 'parent', name: APP_NAMES.parent, logoHref: '/' };
    case 'vigil-team':
      return { id: 'team', name: APP_NAMES.team, logoHref: '/' };
    case 'reseller':
      return { id: 'reseller', name: APP_NAMES.default, logoHref: '/' };
    default:
      return { id: 'public', name: APP_NAMES.default, logoHref: '/' };
  }
}

/**
 * Whether the application's navigation folds away on this screen (issue 25): on a case screen
 * (/org/{orgId}/cases/{id}) a tablet needs the whole width for charting, so the sidebar is
 * hidden at every size behind the menu button that brings it back.
 */
export function foldsNavigation(pathname: string): boolean {
  return /^\/org\/[^/]+\/cases\/[^/]+\/?$/.test(pathname);
}
