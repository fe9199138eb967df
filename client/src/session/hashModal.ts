/**
 * Modals opened through the URL hash (spec 000 §2: "modal name plus JSON props"): `#name`, or
 * `#name=` followed by the URI-encoded JSON of its props. The account area's modals are
 * sudoMfa, updatePassword, updateMfaChannelTo and verifyEmrEmail (session 31: the address an EMR
 * launch named the user by); selectOrg belongs to the organisation switcher.
 */
export const ACCOUNT_MODALS = {
  sudoMfa: 'sudoMfa',
  updatePassword: 'updatePassword',
  updateMfaChannelTo: 'updateMfaChannelTo',
  verifyEmrEmail: 'verifyEmrEmail',
} as const;

export interface HashModal {
  name: string;
  props: Record<string, unknown>;
}

/** The modal a location hash names, or null (no hash, or props that are not a JSON object). */
export function parseHashModal(hash: string): HashModal | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (raw === '') return null;
  const eq = raw.indexOf('=');
  const name = eq < 0 ? raw : raw.slice(0, eq);
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) return null;
  if (eq < 0) return { name, props: {} };
  try {
    const props: unknown = JSON.parse(decodeURIComponent(raw.slice(eq + 1)));
    if (typeof props !== 'object' || props === null || Array.isArray(props)) return null;
    return { name, props: props as Record<string, unknown> };
  } catch {
    return null;
  }
}

/** The hash that opens a modal with its props. */
export function hashModalHref(name: string, props?: Record<string, unknown>): string {
  return props && Object.keys(props).length > 0 ? `#${name}=${encodeURIComponent(JSON.stringify(props))}` : `#${name}`;
}
