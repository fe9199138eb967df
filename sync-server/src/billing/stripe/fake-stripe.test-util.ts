import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A stand-in for the real provider's API (no network here): a fetch that answers recorded
 * responses (stripe/fixtures/, objects as the provider documents them for the library's pinned
 * API version) in the order a test expects the requests, and checks each request it is sent:
 * method, path and the form-encoded parameters. A request that is not the one expected is
 * answered 400 (never retried: `stripe-should-retry: false`) and noted in `problems`.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** A recorded response body (a fixture file's JSON), fresh each time. */
export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as Record<string, unknown>;
}

export interface Exchange {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** Parameters the request must carry (form body or query), exactly these values. */
  params?: Record<string, string>;
  /** Parameters the request must not carry. */
  absent?: string[];
  status?: number;
  /** The fixture answered, by name, or a body. */
  answer: string | Record<string, unknown>;
}

export interface SentRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: Record<string, string>;
}

export interface FakeStripe {
  fetch: typeof fetch;
  sent: SentRequest[];
  problems: string[];
  /** The exchanges not yet asked for. */
  pending: () => Exchange[];
}

function mismatch(expected: Exchange | undefined, sent: SentRequest): string | null {
  if (!expected) return `unexpected ${sent.method} ${sent.path}`;
  if (expected.method !== sent.method || expected.path !== sent.path) {
    return `expected ${expected.method} ${expected.path}, got ${sent.method} ${sent.path}`;
  }
  for (const [key, value] of Object.entries(expected.params ?? {})) {
    if (sent.params[key] !== value) return `${sent.path}: ${key} was ${String(sent.params[key])}, expected ${value}`;
  }
  for (const key of expected.absent ?? []) {
    if (key in sent.params) return `${sent.path}: ${key} was sent (${sent.params[key]})`;
  }
  return null;
}

export function fakeStripe(exchanges: Exchange[]): FakeStripe {
  const queue = [...exchanges];
  const sent: SentRequest[] = [];
  const problems: string[] = [];
  const fakeFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : '';
    const request: SentRequest = {
      method,
      path: url.pathname,
      params: Object.fromEntries(new URLSearchParams(method === 'GET' ? url.search : body)),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    };
    sent.push(request);
    const expected = queue.shift();
    const problem = mismatch(expected, request);
    const headers = {
      'content-type': 'application/json',
      'request-id': `req_fake${sent.length}`,
      'stripe-should-retry': 'false',
    };
    if (problem || !expected) {
      problems.push(problem ?? 'no exchange');
      const error = { error: { message: `fake provider: ${problem}`, type: 'invalid_request_error' } };
      return Promise.resolve(new Response(JSON.stringify(error), { status: 400, headers }));
    }
    const answer = typeof expected.answer === 'string' ? fixture(expected.answer) : expected.answer;
    return Promise.resolve(new Response(JSON.stringify(answer), { status: expected.status ?? 200, headers }));
  };
  return { fetch: fakeFetch, sent, problems, pending: () => [...queue] };
}
