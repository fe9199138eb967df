import type { IvSiteEntry as IvSite } from '@vigil/shared';
/** An IV site as kept in the case's `ivSites` list: shared's ivSiteEntrySchema. */
export type { IvSite };

export const IV_SIDES = ['Left', 'Right'] as const;
/** Sites a dental sedation provider commonly uses; any other may be typed (decision). */
export const IV_SITE_NAMES = ['Hand', 'Wrist', 'Forearm', 'Antecubital', 'Foot', 'Saphenous'] as const;
export const IV_GAUGES = [18, 20, 22, 24, 26] as const;
export const IV_SECURED_WITH = ['Tegaderm', 'Tape', 'Coban', 'Tegaderm and tape'] as const;

/** The fields of the complete rule (spec 001 §5, [CD10]) still empty, as the form names them. */
export function missingIvFields(site: IvSite): string[] {
  const out: string[] = [];
  const empty = (v: unknown): boolean => v == null || (typeof v === 'string' && v.trim() === '');
  if (empty(site.side)) out.push('side');
  if (empty(site.name)) out.push('site');
  if (empty(site.needleGauge)) out.push('gauge');
  if (empty(site.attempts)) out.push('attempts');
  if (empty(site.securedWith)) out.push('secured with');
  if (empty(site.time)) out.push('time');
  if (empty(site.solutions[0]?.name)) out.push('first solution');
  return out;
}

/** A whole number typed into a field, at least `min`: its value, or an error. Empty is no value. */
export function readWhole(text: string, min: number): { value: number | null; error: string | null } {
  const t = text.trim();
  if (t === '') return { value: null, error: null };
  if (!/^\d+$/.test(t)) return { value: null, error: 'Must be a positive integer' };
  const n = Number(t);
  return n < min ? { value: null, error: `min is ${min}` } : { value: n, error: null };
}
