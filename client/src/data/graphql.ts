/** Error codes of the fetch wrapper (spec 002 §8). */
export type RequestErrorCode =
  | 'NOT_FOUND'
  | 'NO_AUTHENTICATION'
  | 'SUDO_REQUIRED'
  | 'NOT_AUTHORIZED'
  | 'CONFLICT'
  | `REQUEST_ERROR_${number}`
  | 'NETWORK_ERROR'
  | (string & {});

export class RequestError extends Error {
  constructor(
    readonly code: RequestErrorCode,
    readonly status?: number,
  ) {
    super(code);
    this.name = 'RequestError';
  }
}

/** The server's error code (a GraphQL error's message) of a failed call. */
export function errorCode(err: unknown): string {
  return err instanceof RequestError ? err.code : 'UNKNOWN';
}

/**
 * 403 refusals that are not about who asks but about what the organisation has (issue 37): the
 * screen shows the catalogue's text, and the session is not re-read as for NOT_AUTHORIZED.
 */
const ENTITLEMENT_REFUSALS = ['FEATURE_DISABLED', 'PLAN_REQUIRED', 'SEDATION_LEVEL_NOT_ALLOWED'] as const;

/** Maps an HTTP status (and body) to the fetch wrapper's error code (spec 002 §8). */
export function errorCodeForStatus(status: number, body = ''): RequestErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 401) return 'NO_AUTHENTICATION';
  if (status === 403 && body.includes('SUDO_REQUIRED')) return 'SUDO_REQUIRED';
  if (status === 403) return ENTITLEMENT_REFUSALS.find((code) => body.includes(code)) ?? 'NOT_AUTHORIZED';
  if (status === 409) return 'CONFLICT';
  return `REQUEST_ERROR_${status}`;
}

/** The error codes the session reacts to wherever they come from (spec 000 §8). */
export const AUTH_ERROR_CODES = ['NO_AUTHENTICATION', 'SUDO_REQUIRED', 'NOT_AUTHORIZED'] as const;
export type SessionErrorCode = (typeof AUTH_ERROR_CODES)[number];

const authErrorListeners = new Set<(code: SessionErrorCode) => void>();

/** Subscribes to NO_AUTHENTICATION, SUDO_REQUIRED and NOT_AUTHORIZED from any call; returns the unsubscribe. */
export function onAuthError(listener: (code: SessionErrorCode) => void): () => void {
  authErrorListeners.add(listener);
  return () => authErrorListeners.delete(listener);
}

/** Tells the session about an authentication, sudo or authorisation failure of any call (spec 002 §8). */
export function notifyAuthError(code: string): void {
  if ((AUTH_ERROR_CODES as readonly string[]).includes(code)) {
    for (const listener of authErrorListeners) listener(code as SessionErrorCode);
  }
}

interface GraphqlResponse<T> {
  data?: T;
  errors?: { message: string }[];
}

/**
 * True when the browser knows it has no network at all. A request then fails as a failed fetch
 * would (NETWORK_ERROR) without being sent: on a tablet opening a case offline each request
 * would otherwise cost its start-up work and a pass through the service worker only to fail.
 */
export function knownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Sends a GraphQL operation to `{api}/graphql` (spec 002 §7). A GraphQL error's message is
 * its code (e.g. NO_AUTHENTICATION), thrown as a RequestError; so are HTTP failures.
 */
export async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  if (knownOffline()) throw new RequestError('NETWORK_ERROR');
  let response: Response;
  try {
    response = await fetch('/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-name': 'vigil', 'x-app-version': __APP_VERSION__ },
      credentials: 'same-origin',
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    throw new RequestError('NETWORK_ERROR');
  }
  const text = await response.text();
  if (!response.ok && !text.startsWith('{')) throw new RequestError(errorCodeForStatus(response.status, text), response.status);
  const json = JSON.parse(text) as GraphqlResponse<T>;
  const first = json.errors?.[0];
  if (first) {
    notifyAuthError(first.message);
    throw new RequestError(first.message, response.status);
  }
  if (!response.ok || json.data === undefined) throw new RequestError(errorCodeForStatus(response.status, text), response.status);
  return json.data;
}
