import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';

/*
 * The FHIR API's CapabilityStatement (issue 42: "Vigil's own FHIR server publishes … a
 * CapabilityStatement that describes what it supports"): read without a session, as FHIR clients
 * read it before they authenticate; it names the organisation's own base.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

describe('GET /api/fhir/{orgId}/metadata', () => {
  it('answers the CapabilityStatement without a session, naming the organisation’s base and the version', async () => {
    const response = await fetch(`${server.url}/api/fhir/office-1/metadata`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/fhir+json');
    const body = (await response.json()) as {
      resourceType: string;
      fhirVersion: string;
      implementation: { url: string };
      software: { version: string };
    };
    expect(body.resourceType).toBe('CapabilityStatement');
    expect(body.fhirVersion).toBe('4.0.1');
    expect(body.implementation.url).toBe(`${server.url}/api/fhir/office-1/`.replace(/\/$/, ''));
    expect(body.software.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('still refuses every other read without a session', async () => {
    expect((await fetch(`${server.url}/api/fhir/office-1/Patient`)).status).toBe(401);
  });
});
