import { validateOrgDetails, type OrgType, type PostalAddress } from '@vigil/shared';
import type { Org } from './api.js';

/** A billing or shipping address as the form edits it. */
export interface AddressFields {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** The settings page's organisation details: name, email, billing address, shipping (or same as billing). */
export interface OrgDetailsValues {
  name: string;
  email: string;
  billing: AddressFields;
  shippingSameAsBilling: boolean;
  shipping: AddressFields;
}

const EMPTY: AddressFields = { name: '', line1: '', line2: '', city: '', state: '', postalCode: '', country: '' };

function fieldsOf(a: PostalAddress): AddressFields {
  return {
    name: a.name,
    line1: a.address.line1,
    line2: a.address.line2 ?? '',
    city: a.address.city,
    state: a.address.state,
    postalCode: a.address.postal_code,
    country: a.address.country,
  };
}

/** The form's starting values: the billing name defaults to the organisation's name. */
export function detailsOf(org: Org): OrgDetailsValues {
  return {
    name: org.name,
    email: org.email ?? '',
    billing: org.billingAddress ? fieldsOf(org.billingAddress) : { ...EMPTY, name: org.name },
    shippingSameAsBilling: org.shippingAddress === null,
    shipping: org.shippingAddress ? fieldsOf(org.shippingAddress) : EMPTY,
  };
}

/** The address as the server takes it, trimmed. */
export function postalAddressOf(f: AddressFields): PostalAddress {
  return {
    name: f.name.trim(),
    address: {
      line1: f.line1.trim(),
      line2: f.line2.trim() || null,
      city: f.city.trim(),
      state: f.state.trim(),
      postal_code: f.postalCode.trim(),
      country: f.country.trim(),
    },
  };
}

/**
 * Spec 000 §5 org details rule: billing address and name, shipping address (or same as billing),
 * org email and type are all required. Null when the form can be saved, else 'Complete all required fields'.
 */
export function orgDetailsError(values: OrgDetailsValues, type: string): string | null {
  return validateOrgDetails({
    billing: postalAddressOf(values.billing),
    shipping: values.shippingSameAsBilling ? null : postalAddressOf(values.shipping),
    shippingSameAsBilling: values.shippingSameAsBilling,
    email: values.email,
    type: type as OrgType,
  });
}
