import { describe, expect, it } from 'vitest';
import { orgDetailsError, type AddressFields, type OrgDetailsValues } from './orgDetails.js';

const address: AddressFields = {
  name: 'Bright Smiles Dental PLLC',
  line1: '1 Main St',
  line2: '',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
};
const empty: AddressFields = { name: '', line1: '', line2: '', city: '', state: '', postalCode: '', country: '' };
const complete: OrgDetailsValues = {
  name: 'Bright Smiles Dental',
  email: 'office@bright.test',
  billing: address,
  shippingSameAsBilling: true,
  shipping: empty,
};

describe('org details form (spec 000 §5)', () => {
  it('saves with email, type and a complete billing address (line 2 optional), shipping the same as billing', () => {
    expect(orgDetailsError(complete, 'regular')).toBeNull();
  });

  it.each(['name', 'line1', 'city', 'state', 'postalCode', 'country'] as const)(
    "says 'Complete all required fields' without the billing %s",
    (field) => {
      expect(orgDetailsError({ ...complete, billing: { ...address, [field]: ' ' } }, 'regular')).toBe(
        'Complete all required fields',
      );
    },
  );

  it("says 'Complete all required fields' without the org email or type", () => {
    expect(orgDetailsError({ ...complete, email: '' }, 'regular')).toBe('Complete all required fields');
    expect(orgDetailsError(complete, '')).toBe('Complete all required fields');
  });

  it('needs a complete shipping address once it is not the same as billing', () => {
    const separate = { ...complete, shippingSameAsBilling: false };
    expect(orgDetailsError({ ...separate, shipping: empty }, 'regular')).toBe('Complete all required fields');
    expect(orgDetailsError({ ...separate, shipping: { ...address, line1: '9 Dock Rd' } }, 'regular')).toBeNull();
  });
});
