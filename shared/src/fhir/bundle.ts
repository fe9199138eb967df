import type { FhirResource } from './resources.js';

/** A search or history result (FHIR Bundle). Paging links: self, first, next, previous. */
export interface BundleLink {
  relation: 'self' | 'first' | 'next' | 'previous' | 'last';
  url: string;
}
export interface BundleEntry<T extends FhirResource = FhirResource> {
  fullUrl?: string;
  resource?: T;
  search?: { mode: 'match' | 'include' };
  request?: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string };
  response?: { status: string; etag?: string; lastModified?: string };
}
export interface Bundle<T extends FhirResource = FhirResource> {
  resourceType: 'Bundle';
  id?: string;
  meta?: { lastUpdated?: string };
  type: 'searchset' | 'history';
  total?: number;
  link?: BundleLink[];
  entry?: BundleEntry<T>[];
}

/** The link with a relation, or undefined. */
export function bundleLink(bundle: Bundle, relation: BundleLink['relation']): string | undefined {
  return bundle.link?.find((l) => l.relation === relation)?.url;
}
