import { describe, expect, it } from 'vitest';
import { normalizeResource, validateResource } from './resources.js';
import {
  LAST_LOGIN_EXTENSION,
  PRACTITIONER_ROLE_SYSTEM,
  practitionerDisplayName,
  practitionerLastLogin,
  practitionerUserId,
  PRACTITIONER_USER_SYSTEM,
  practitionerRoles,
  type Practitioner,
} from './practitioner.js';

const practitioner: Practitioner = {
  resourceType: 'Practitioner',
  name: [{ text: 'Dr. Rosa Diaz' }],
  meta: { security: [{ system: PRACTITIONER_ROLE_SYSTEM, code: 'provider' }] },
};

describe('Practitioner', () => {
  it('defaults active to true (spec 001 §3)', () => {
    expect(normalizeResource(practitioner).active).toBe(true);
    expect(normalizeResource({ ...practitioner, active: false }).active).toBe(false);
  });

  it('accepts a valid lastLogin and reads it back', () => {
    const p = { ...practitioner, extension: [{ url: LAST_LOGIN_EXTENSION, valueDateTime: '2026-11-20T09:30:00Z' }] };
    expect(validateResource(p)).toEqual([]);
    expect(practitionerLastLogin(p)).toBe('2026-11-20T09:30:00Z');
    expect(practitionerRoles(p)).toEqual(['provider']);
  });

  it.each([[{ valueDateTime: 'yesterday' }], [{ valueDateTime: '2026-02-30' }], [{ valueString: '2026-11-20' }]])(
    "refuses lastLogin %o with 'Invalid date for lastLogin'",
    (value) => {
      const issues = validateResource({ ...practitioner, extension: [{ url: LAST_LOGIN_EXTENSION, ...value }] });
      expect(issues.map((i) => [i.code, i.message])).toEqual([['INVALID_LAST_LOGIN', 'Invalid date for lastLogin']]);
    },
  );

  it('shows the name text, else given and family, and the user it stands for', () => {
    expect(practitionerDisplayName(practitioner)).toBe('Dr. Rosa Diaz');
    expect(practitionerDisplayName({ resourceType: 'Practitioner', name: [{ given: ['Ana'], family: 'Ruiz' }] })).toBe(
      'Ana Ruiz',
    );
    expect(practitionerDisplayName({ resourceType: 'Practitioner' })).toBe('');
    expect(
      practitionerUserId({ ...practitioner, identifier: [{ system: PRACTITIONER_USER_SYSTEM, value: 'u1' }] }),
    ).toBe('u1');
    expect(practitionerUserId(practitioner)).toBeNull();
  });
});
