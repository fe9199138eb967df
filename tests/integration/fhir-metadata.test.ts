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

  it('answers SMART’s configuration: the token endpoint an installed app uses, its methods and scopes', async () => {
    const response = await fetch(`${server.url}/api/fhir/office-1/.well-known/smart-configuration`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      token_endpoint: `${server.url}/api/oauth/office-1/token`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
    });
    expect(body.scopes_supported).toContain('system/Patient.read');
    // The token endpoint it names is the one that answers: a client without credentials is refused there.
    const token = await fetch(body.token_endpoint as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect([400, 401]).toContain(token.status);
  });

  it('still refuses every other read without a session', async () => {
    expect((await fetch(`${server.url}/api/fhir/office-1/Patient`)).status).toBe(401);
  });
});
