import type { Bundle, Patient } from '@vigil/shared';
import { onAuthError } from './graphql.js';
import { describe, expect, it } from 'vitest';
import { FETCH_ALL_MAX_PAGES, fhirClient, FhirRequestError, fhirUrl, ifMatchHeader } from './fhir.js';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records each request and answers from a handler. */
function fakeFetch(answer: (req: Sent) => { status: number; body: unknown } | 'network-down'): {
  fetch: typeof fetch;
  sent: Sent[];
} {
  const sent: Sent[] = [];
  const impl = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req: Sent = {
      url: input instanceof Request ? input.url : input.toString(),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body ? JSON.parse(init.body as string) : undefined,
    };
    sent.push(req);
    const a = answer(req);
    if (a === 'network-down') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(new Response(JSON.stringify(a.body), { status: a.status }));
  };
  return { fetch: impl, sent };
}

const patient = (id: string): Patient & { id: string } => ({ resourceType: 'Patient', id, name: [{ given: ['Ada'], family: id }] });

function page(ids: string[], next?: string): Bundle<Patient> {
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: 5,
    link: next ? [{ relation: 'next', url: next }] : [],
    entry: ids.map((id) => ({ resource: patient(id) })),
  };
}

describe('FHIR URLs (spec 002 §7)', () => {
  it('builds {api}/fhir/{orgId}/{path} with encoded and repeated parameters', () => {
    expect(fhirUrl('/api', 'demo-dental', 'Patient', { name: 'o brien&x', _count: 10, skip: undefined })).toBe(
      '/api/fhir/demo-dental/Patient?name=o+brien%26x&_count=10',
    );
    expect(fhirUrl('/api', 'o', 'Appointment', { date: ['ge2026-11-01', 'lt2026-12-01'] })).toBe(
      '/api/fhir/o/Appointment?date=ge2026-11-01&date=lt2026-12-01',
    );
  });

  it('refuses a health-record call without an organisation (NO_ORG_ID, spec 002 §8)', () => {
    expect(() => fhirUrl('/api', '', 'Patient')).toThrow('NO_ORG_ID');
    expect(() => fhirClient('')).toThrow('NO_ORG_ID');
  });

  it('writes a weak ETag for If-Match', () => {
    expect(ifMatchHeader('3')).toBe('W/"3"');
  });
});

describe('fetchAll', () => {
  it('follows next links until the last page and returns every entry in order', async () => {
    const { fetch, sent } = fakeFetch((req) => {
      if (req.url.includes('_offset=4')) return { status: 200, body: page(['p5']) };
      if (req.url.includes('_offset=2'))
        return { status: 200, body: page(['p3', 'p4'], 'http://h/api/fhir/o/Patient?_count=2&_offset=4') };
      return { status: 200, body: page(['p1', 'p2'], 'http://h/api/fhir/o/Patient?_count=2&_offset=2') };
    });
    const all = await fhirClient('o', { fetch }).fetchAll('Patient', { _count: 2 });
    expect(all.map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(sent.map((s) => s.url)).toEqual([
      '/api/fhir/o/Patient?_count=2',
      'http://h/api/fhir/o/Patient?_count=2&_offset=2',
      'http://h/api/fhir/o/Patient?_count=2&_offset=4',
    ]);
  });

  it('stops when a server sends a paging link it already answered', async () => {
    const { fetch, sent } = fakeFetch(() => ({ status: 200, body: page(['p1'], '/api/fhir/o/Patient') }));
    const all = await fhirClient('o', { fetch }).fetchAll('Patient');
    expect(all).toHaveLength(1);
    expect(sent).toHaveLength(1);
    expect(FETCH_ALL_MAX_PAGES).toBeGreaterThan(1);
  });
});

describe('writes', () => {
  it('updates with If-Match of the resource version and creates by POST', async () => {
    const { fetch, sent } = fakeFetch((req) => ({ status: req.method === 'POST' ? 201 : 200, body: req.body }));
    const client = fhirClient('o', { fetch });
    await client.update({ ...patient('pat-1'), meta: { versionId: '4' } });
    await client.update(patient('pat-2'), { ifMatch: '0' });
    await client.create({ resourceType: 'Patient', name: [{ family: 'New' }] });
    expect(sent.map((s) => [s.method, s.url, s.headers['if-match'] ?? null])).toEqual([
      ['PUT', '/api/fhir/o/Patient/pat-1', 'W/"4"'],
      ['PUT', '/api/fhir/o/Patient/pat-2', 'W/"0"'],
      ['POST', '/api/fhir/o/Patient', null],
    ]);
    expect(sent[0]!.headers['content-type']).toBe('application/fhir+json');
  });
});

describe('errors are the fetch wrapper codes (spec 002 §8)', () => {
  const outcome = (code: string, diagnostics?: string): unknown => ({
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'x', details: { text: code }, diagnostics }],
  });

  it.each([
    [404, outcome('NOT_FOUND'), 'NOT_FOUND'],
    [401, outcome('NO_AUTHENTICATION'), 'NO_AUTHENTICATION'],
    [403, outcome('SUDO_REQUIRED'), 'SUDO_REQUIRED'],
    [403, outcome('NOT_AUTHORIZED'), 'NOT_AUTHORIZED'],
    [409, outcome('CONFLICT'), 'CONFLICT'],
    [423, outcome('EDITING_PREVENTED'), 'REQUEST_ERROR_423'],
    [400, outcome('INVALID_BIRTH_DATE', 'Invalid birth date'), 'REQUEST_ERROR_400'],
  ])('%i → %s', async (status, body, code) => {
    const { fetch } = fakeFetch(() => ({ status, body }));
    const err = await fhirClient('o', { fetch })
      .read('Patient', 'pat-1')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FhirRequestError);
    expect((err as FhirRequestError).code).toBe(code);
    expect((err as FhirRequestError).status).toBe(status);
  });

  it.each([
    [401, 'NO_AUTHENTICATION'],
    [403, 'SUDO_REQUIRED'],
    [403, 'NOT_AUTHORIZED'],
  ])('hands a %i %s to the session handlers, as GraphQL calls do', async (status, code) => {
    const heard: string[] = [];
    const off = onAuthError((c) => heard.push(c));
    try {
      const { fetch } = fakeFetch(() => ({ status, body: outcome(code) }));
      await fhirClient('o', { fetch })
        .read('Patient', 'pat-1')
        .catch(() => undefined);
    } finally {
      off();
    }
    expect(heard).toEqual([code]);
  });

  it('does not bother the session handlers with other failures', async () => {
    const heard: string[] = [];
    const off = onAuthError((c) => heard.push(c));
    try {
      const { fetch } = fakeFetch(() => ({ status: 409, body: outcome('CONFLICT') }));
      await fhirClient('o', { fetch })
        .read('Patient', 'pat-1')
        .catch(() => undefined);
    } finally {
      off();
    }
    expect(heard).toEqual([]);
  });

  it('keeps the server code and validation messages of the OperationOutcome', async () => {
    const { fetch } = fakeFetch(() => ({ status: 400, body: outcome('INVALID_BIRTH_DATE', 'Invalid birth date') }));
    const err = (await fhirClient('o', { fetch })
      .create(patient('x'))
      .catch((e: unknown) => e)) as FhirRequestError;
    expect(err.serverCode).toBe('INVALID_BIRTH_DATE');
    expect(err.messages).toEqual(['Invalid birth date']);
  });

  it('reports an unreachable server as NETWORK_ERROR', async () => {
    const { fetch } = fakeFetch(() => 'network-down');
    await expect(fhirClient('o', { fetch }).read('Patient', 'p')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
