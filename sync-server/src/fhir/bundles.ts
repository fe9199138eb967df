/**
 * The FHIR API's paged answers, split from fhir/service.ts (issue 36 item 7): `_count`,
 * `_offset` and `_sort` read from the query, the self/first/next/previous links, and the
 * searchset and history Bundles built from what the store found. Pure: no store, no audit.
 */
import {
  APPOINTMENT_PAGE_COUNT,
  type Bundle,
  type BundleEntry,
  type BundleLink,
  type FhirResource,
  type FhirResourceType,
} from '@vigil/shared';
import { AppError } from '../errors.js';
import { RESULT_PARAMS } from '../store/resources/search-params.js';
import type { SearchSort, StoredVersion } from '../store/resources/types.js';

/** Largest page a search or history call returns. */
export const MAX_PAGE_COUNT = 1000;

/** `_sort`: `_lastUpdated`, `-_lastUpdated` (the default), and `date` / `-date` where the type has a date. */
export function parseSort(type: FhirResourceType, params: URLSearchParams): SearchSort | undefined {
  const raw = params.get('_sort');
  if (raw === null) return undefined;
  const descending = raw.startsWith('-');
  const by = descending ? raw.slice(1) : raw;
  if (by === '_lastUpdated') return { by, descending };
  if (by === 'date' && (type === 'Appointment' || type === 'Composition' || type === 'AuditEvent')) {
    return { by, descending };
  }
  throw new AppError(400, 'INVALID_SEARCH', `Cannot sort ${type} by ${raw}`);
}

function intParam(params: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw new AppError(400, 'INVALID_SEARCH', `Invalid ${name}: ${raw}`);
  return Math.min(Number(raw), max);
}

/** The page a search or history call asks for: spec 000 §9, a page of 50 unless `_count` says otherwise. */
export function pageParams(params: URLSearchParams): { count: number; offset: number } {
  return {
    count: intParam(params, '_count', APPOINTMENT_PAGE_COUNT, MAX_PAGE_COUNT),
    offset: intParam(params, '_offset', 0, Number.MAX_SAFE_INTEGER),
  };
}

function links(url: string, params: URLSearchParams, offset: number, count: number, total: number): BundleLink[] {
  const base = new URLSearchParams();
  for (const [k, v] of params) if (!RESULT_PARAMS.has(k) || k === '_sort') base.append(k, v);
  const at = (o: number): string => {
    const p = new URLSearchParams(base);
    p.set('_count', String(count));
    p.set('_offset', String(o));
    return `${url}?${p.toString()}`;
  };
  const links: BundleLink[] = [
    { relation: 'self', url: at(offset) },
    { relation: 'first', url: at(0) },
  ];
  if (count > 0 && offset + count < total) links.push({ relation: 'next', url: at(offset + count) });
  if (offset > 0) links.push({ relation: 'previous', url: at(Math.max(0, offset - count)) });
  return links;
}

/** A searchset Bundle of one page of matches, with its paging links. */
export function searchBundle(
  baseUrl: string,
  type: FhirResourceType,
  params: URLSearchParams,
  page: { offset: number; count: number },
  found: { total: number; items: FhirResource[] },
): Bundle {
  const { offset, count } = page;
  const { total, items } = found;
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link: links(`${baseUrl}/${type}`, params, offset, count, total),
    entry: items.map((resource) => ({
      fullUrl: `${baseUrl}/${type}/${resource.id}`,
      resource,
      search: { mode: 'match' },
    })),
  };
}

/** A history Bundle of one page of a resource's versions, newest first as the store gives them. */
export function historyBundle(
  baseUrl: string,
  type: FhirResourceType,
  id: string,
  params: URLSearchParams,
  page: { offset: number; count: number },
  found: { total: number; items: StoredVersion[] },
): Bundle {
  const { offset, count } = page;
  const { total, items } = found;
  const entry: BundleEntry[] = items.map((v) => ({
    fullUrl: `${baseUrl}/${type}/${id}`,
    ...(v.resource ? { resource: v.resource } : {}),
    request: v.deleted
      ? { method: 'DELETE', url: `${type}/${id}` }
      : v.versionId === '1'
        ? { method: 'POST', url: type }
        : { method: 'PUT', url: `${type}/${id}` },
    response: {
      status: v.deleted ? '204' : v.versionId === '1' ? '201' : '200',
      etag: `W/"${v.versionId}"`,
      lastModified: v.lastUpdated,
    },
  }));
  return {
    resourceType: 'Bundle',
    type: 'history',
    total,
    link: links(`${baseUrl}/${type}/${id}/_history`, params, offset, count, total),
    entry,
  };
}
