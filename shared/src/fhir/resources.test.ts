import { describe, expect, it } from 'vitest';
import { idPrefixOf, isPatientData, isResourceType, RESOURCE_TYPES, validateResource } from './resources.js';

describe('resource registry', () => {
  it('knows the thirteen stored types of issue 5', () => {
    expect(RESOURCE_TYPES).toHaveLength(13);
    expect(isResourceType('Patient')).toBe(true);
    expect(isResourceType('Organization')).toBe(false);
    expect(isResourceType('constructor')).toBe(false);
  });

  it('audits patient data but not practitioners, locations or audit events', () => {
    expect(RESOURCE_TYPES.filter((t) => !isPatientData(t))).toEqual(['Practitioner', 'Location', 'AuditEvent']);
  });

  it('gives every type a distinct id prefix', () => {
    expect(new Set(RESOURCE_TYPES.map(idPrefixOf)).size).toBe(RESOURCE_TYPES.length);
  });

  it("refuses a value that is not a resource, or an unknown type with 'Invalid value'", () => {
    expect(validateResource(null)[0]?.code).toBe('INVALID_RESOURCE');
    expect(validateResource([])[0]?.code).toBe('INVALID_RESOURCE');
    expect(validateResource({ resourceType: 'Spaceship' })).toEqual([
      { severity: 'error', code: 'INVALID_VALUE', path: ['resourceType'], message: 'Invalid value' },
    ]);
  });
});
