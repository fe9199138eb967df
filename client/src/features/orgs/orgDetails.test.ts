import { describe, expect, it } from 'vitest';
import type { OrgDetails } from './api.js';
import { orgDetailsError } from './orgDetails.js';

const complete: OrgDetails = {
  name: 'Bright Smiles Dental',
  email: 'office@bright.test',
  addressLine1: '1 Main St',
  addressLine2: '',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
};

describe('org details form (spec 000 §5)', () => {
  it('saves when name, email, type and the address (line 2 optional) are filled', () => {
    expect(orgDetailsError(complete, 'regular')).toBeNull();
  });

  it.each(['name', 'email', 'addressLine1', 'city', 'state', 'postalCode', 'country'] as const)(
    "says 'Complete all required fields' without %s",
    (field) => {
      expect(orgDetailsError({ ...complete, [field]: ' ' }, 'regular')).toBe('Complete all required fields');
    },
  );
});
