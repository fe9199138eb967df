import { validateOrgDetails, type OrgType } from '@vigil/shared';
import type { Org, OrgDetails } from './api.js';

/** The form's starting values from the organisation. */
export function detailsOf(org: Org): OrgDetails {
  return {
    name: org.name,
    email: org.email ?? '',
    addressLine1: org.addressLine1 ?? '',
    addressLine2: org.addressLine2 ?? '',
    city: org.city ?? '',
    state: org.state ?? '',
    postalCode: org.postalCode ?? '',
    country: org.country ?? '',
  };
}

/**
 * Spec 000 §5 org details rule on what this version stores: the organisation's address is the
 * billing address (named by the organisation), shipping is the same as billing until a payment
 * provider keeps separate ones. Null when the form can be saved, else 'Complete all required fields'.
 */
export function orgDetailsError(details: OrgDetails, type: string): string | null {
  return validateOrgDetails({
    billing: {
      name: details.name,
      address: {
        line1: details.addressLine1,
        line2: details.addressLine2,
        city: details.city,
        state: details.state,
        postal_code: details.postalCode,
        country: details.country,
      },
    },
    shipping: null,
    shippingSameAsBilling: true,
    email: details.email,
    type: type as OrgType,
  });
}
