import {
  bundleLink,
  isRefusalCode,
  refusalText,
  type Bundle,
  type FhirResource,
  type FhirResourceType,
  type OperationOutcome,
} from '@vigil/shared';
import { errorCodeForStatus, knownOffline, notifyAuthError, RequestError } from './graphql.js';

/*
 * The FHIR R4 REST client of spec 002 §7: `{api}/fhir/{orgId}/{path}`. Every failure is a
 * RequestError with the fetch wrapper's code of spec 002 §8 (NOT_FOUND, NO_AUTHENTICATION,
 * SUDO_REQUIRED, NOT_AUTHORIZED, CONFLICT, REQUEST_ERROR_{status}) or NETWORK_ERROR when the
 * server could not be reached; a call without an organisation is NO_ORG_ID.
 */

/** The resource of a type, e.g. `ResourceOf<'Patient'>` is `Patient`. */
export type ResourceOf<T extends FhirResourceType> = Extract<FhirResource, { resourceType: T }>;

/** Search parameters: a repeated parameter (a date range) is an array; undefined ones are left out. */
export type SearchParams = Readonly<Record<string, string | number | readonly string[] | undefined>>;

/** A failed FHIR call: the spec's code, the HTTP status and the server's OperationOutcome when it sent one. */
export class FhirRequestError extends RequestError {
  constructor(
    code: string,
    status?: number,
    readonly outcome?: OperationOutcome,
  ) {
    super(code, status);
    this.name = 'FhirRequestError';
  }

  /** The server's own code (`issue[0].details.text`, e.g. EDITING_PREVENTED), else the wrapper's code. */
  get serverCode(): string {
    return this.outcome?.issue[0]?.details?.text ?? this.code;
  }

  /** The messages people should see (validation findings' diagnostics), in order. */
  get messages(): string[] {
    return (this.outcome?.issue ?? []).map((i) => i.diagnostics ?? i.details?.text ?? '').filter(Boolean);
  }
}

/**
 * The catalogue's text (shared REFUSAL_TEXTS) for a refusal whose code the catalogue knows and for
 * which the server gave no sentence of its own; null otherwise (the screen words it). Any other
 * failure that carries a catalogue code (a RequestError) reads its text too.
 */
export function catalogueRefusal(err: unknown): string | null {
  if (err instanceof FhirRequestError) {
    const own = err.outcome?.issue.some((i) => i.diagnostics);
    return !own && isRefusalCode(err.serverCode) ? refusalText(err.serverCode) : null;
  }
  return err instanceof RequestError && isRefusalCode(err.code) ? refusalText(err.code) : null;
}

/** Safety net for `fetchAll`: a server answering paging links in a loop stops here. */
export const FETCH_ALL_MAX_PAGES = 200;

const APP_VERSION = typeof __APP_VERSION__ === 'undefined' ? 'dev' : __APP_VERSION__;

/** `{base}/fhir/{orgId}/{path}?{params}`; each value is encoded, array values repeat the parameter. */
export function fhirUrl(base: string, orgId: string, path: string, params: SearchParams = {}): string {
  if (!orgId) throw new RequestError('NO_ORG_ID');
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value as readonly string[]) query.append(name, v);
    else query.append(name, String(value));
  }
  const qs = query.toString();
  return `${base}/fhir/${encodeURIComponent(orgId)}/${path}${qs ? `?${qs}` : ''}`;
}

/** The `If-Match` header value for a version id: `W/"3"`. */
export function ifMatchHeader(versionId: string): string {
  return `W/"${versionId}"`;
}

/** The resources of a bundle's entries, in order. */
export function bundleResources<T extends FhirResource>(bundle: Bundle<T>): T[] {
  return (bundle.entry ?? []).flatMap((e) => (e.resource ? [e.resource] : []));
}

function parseOutcome(text: string): OperationOutcome | undefined {
  try {
    const json = JSON.parse(text) as { resourceType?: string };
    return json.resourceType === 'OperationOutcome' ? (json as OperationOutcome) : undefined;
  } catch {
    return undefined;
  }
}

export interface FhirClientOptions {
  /** The API base, `/api` in the app. */
  base?: string;
  /** The fetch to use (tests pass their own). */
  fetch?: typeof fetch;
}

export interface UpdateOptions {
  /** Send `If-Match` with this version id (a stale one is 409 CONFLICT); default: the resource's `meta.versionId`. */
  ifMatch?: string | null;
}

export interface FhirClient {
  readonly orgId: string;
  read<T extends FhirResourceType>(type: T, id: string): Promise<ResourceOf<T>>;
  /** One page of a search (a Bundle with `total`, `entry` and paging links). */
  search<T extends FhirResourceType>(type: T, params?: SearchParams): Promise<Bundle<ResourceOf<T>>>;
  /** Every match of a search: follows the `next` links until there is none (spec 002 §7 fetchAll). */
  fetchAll<T extends FhirResourceType>(type: T, params?: SearchParams): Promise<ResourceOf<T>[]>;
  /** POST: the server assigns the id. */
  create<T extends FhirResource>(resource: T): Promise<T>;
  /** PUT to `Type/id`: updates, or creates with the client's id when it does not exist yet. */
  update<T extends FhirResource>(resource: T & { id: string }, options?: UpdateOptions): Promise<T>;
  delete(type: FhirResourceType, id: string, ifMatch?: string): Promise<void>;
}

/** A FHIR client for one organisation's `/api/fhir/{orgId}/`. */
export function fhirClient(orgId: string, options: FhirClientOptions = {}): FhirClient {
  const base = options.base ?? '/api';
  const doFetch =
    options.fetch ??
    ((input: RequestInfo | URL, init?: RequestInit) =>
      knownOffline() ? Promise.reject(new TypeError('offline')) : fetch(input, init));
  if (!orgId) throw new RequestError('NO_ORG_ID');

  async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(url, {
        ...init,
        credentials: 'same-origin',
        headers: {
          accept: 'application/fhir+json',
          'x-app-name': 'vigil',
          'x-app-version': APP_VERSION,
          ...(init.body ? { 'content-type': 'application/fhir+json' } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
      });
    } catch {
      throw new FhirRequestError('NETWORK_ERROR');
    }
    const text = await response.text();
    if (!response.ok) {
      const code = errorCodeForStatus(response.status, text);
      // 401 signs out, 403 SUDO_REQUIRED asks for sudo, other 403s re-read the session (spec 002 §8).
      notifyAuthError(code);
      throw new FhirRequestError(code, response.status, parseOutcome(text));
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new FhirRequestError(`REQUEST_ERROR_${response.status}`, response.status);
    }
  }

  const url = (path: string, params?: SearchParams): string => fhirUrl(base, orgId, path, params);

  return {
    orgId,
    read: (type, id) => call(url(`${type}/${encodeURIComponent(id)}`)),
    search: (type, params) => call(url(type, params)),
    async fetchAll(type, params) {
      const out: ResourceOf<typeof type>[] = [];
      const seen = new Set<string>();
      let next: string | undefined = url(type, params);
      for (let page = 0; next && page < FETCH_ALL_MAX_PAGES && !seen.has(next); page++) {
        seen.add(next);
        const bundle: Bundle<ResourceOf<typeof type>> = await call(next);
        out.push(...bundleResources(bundle));
        next = bundleLink(bundle, 'next');
      }
      return out;
    },
    create: (resource) => call(url(resource.resourceType), { method: 'POST', body: JSON.stringify(resource) }),
    update(resource, opts = {}) {
      const version = opts.ifMatch === undefined ? resource.meta?.versionId : opts.ifMatch;
      return call(url(`${resource.resourceType}/${encodeURIComponent(resource.id)}`), {
        method: 'PUT',
        body: JSON.stringify(resource),
        headers: version ? { 'if-match': ifMatchHeader(version) } : {},
      });
    },
    async delete(type, id, ifMatch) {
      await call(url(`${type}/${encodeURIComponent(id)}`), {
        method: 'DELETE',
        headers: ifMatch ? { 'if-match': ifMatchHeader(ifMatch) } : {},
      });
    },
  };
}
