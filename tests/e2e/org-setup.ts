import { expect } from '@playwright/test';
import { adminCli, sudo } from '../integration/orgs-helpers.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import type { TestServer } from '../utils/start-server.js';

/** An internal uber (made with the admin CLI) in sudo: what product features and org links need (spec 000 §6). */
export async function superuser(server: TestServer): Promise<OrgMember> {
  const uber = await orgMember(server.url);
  expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
  await sudo(server, uber);
  return uber;
}

/**
 * Turns on office feature flags as production does: an internal uber, after sudo (spec 000 §6),
 * calls addOrgFeature for each.
 */
export async function turnOnFeatures(server: TestServer, orgId: string, ...features: string[]): Promise<void> {
  const uber = await superuser(server);
  for (const feature of features) {
    const added = await uber.browser.gql(
      'mutation ($o: String!, $f: String!) { addOrgFeature(orgId: $o, featureName: $f) { name } }',
      { o: orgId, f: feature },
    );
    expect(added.code, `addOrgFeature ${feature}`).toBeFalsy();
  }
}

/** Creates a resource of an organisation through the FHIR API with a session token; its id. */
export function fhirPost(
  baseURL: string,
  orgId: string,
  token: string,
): (type: string, body: object) => Promise<string> {
  return async (type, body) => {
    const res = await fetch(`${baseURL}/api/fhir/${orgId}/${type}?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json' },
      body: JSON.stringify({ resourceType: type, ...body }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
}

/** Creates a resource of the member's organisation through the FHIR API; its id. */
export function fhirPoster(baseURL: string, member: OrgMember): (type: string, body: object) => Promise<string> {
  return fhirPost(baseURL, member.orgId, member.browser.token!);
}

/**
 * Books a patient and a case (an appointment starting now, for an hour) through the real FHIR
 * API, as the front desk would; the case id is the appointment's.
 */
export async function bookCaseOf(
  baseURL: string,
  orgId: string,
  token: string,
  patient: object,
  appointment: object = {},
): Promise<{ caseId: string; patientId: string }> {
  const post = fhirPost(baseURL, orgId, token);
  const patientId = await post('Patient', patient);
  const caseId = await post('Appointment', {
    status: 'booked',
    start: new Date().toISOString(),
    end: new Date(Date.now() + 3_600_000).toISOString(),
    participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
    ...appointment,
  });
  return { caseId, patientId };
}
