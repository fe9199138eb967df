import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { createOrg, join, person, type Person } from './orgs-helpers.js';

const SET = `mutation ($orgId: String, $address: PostalAddressInput!, $shipping: PostalAddressInput) {
  updateOrgBillingAddresses(orgId: $orgId, address: $address, shipping: $shipping) {
    addressLine1 city
    billingAddress { name address { line1 line2 city state postal_code country } }
    shippingAddress { name address { line1 city } }
  }
}`;
const billing = {
  name: 'Harbour Dental PLLC',
  address: {
    line1: '1 Harbour Rd',
    line2: 'Suite 2',
    city: 'Portland',
    state: 'ME',
    postal_code: '04101',
    country: 'US',
  },
};
const shipping = {
  name: 'Harbour Dental (deliveries)',
  address: { line1: '9 Dock St', city: 'Portland', state: 'ME', postal_code: '04102', country: 'US' },
};

describe("organisation billing and shipping addresses (spec 000 §3, §5 'Complete all required fields', §7)", () => {
  let server: TestServer;
  let admin: Person;
  let member: Person;
  let other: Person;

  beforeAll(async () => {
    server = await startServer();
    [admin, member, other] = await Promise.all([
      person(server, 'settings-admin@orgs.test'),
      person(server, 'settings-member@orgs.test'),
      person(server, 'settings-other@orgs.test'),
    ]);
    expect((await createOrg(admin, 'harbour')).code).toBeUndefined();
    expect((await createOrg(other, 'elsewhere')).code).toBeUndefined();
    await join(server, admin, 'harbour', member, ['member']);
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('refuses the addresses while the organisation has no email (the rule needs it)', async () => {
    expect((await admin.browser.gql(SET, { orgId: 'harbour', address: billing })).code).toBe('INCOMPLETE_ADDRESS');
  });

  it('refuses an incomplete billing or shipping address', async () => {
    await admin.browser.gql(
      'mutation { updateOrg(orgId: "harbour", properties: { email: "desk@harbour.test" }) { id } }',
    );
    const noCity = { ...billing, address: { ...billing.address, city: ' ' } };
    expect((await admin.browser.gql(SET, { orgId: 'harbour', address: noCity })).code).toBe('INCOMPLETE_ADDRESS');
    expect((await admin.browser.gql(SET, { orgId: 'harbour', address: { ...billing, name: '' } })).code).toBe(
      'INCOMPLETE_ADDRESS',
    );
    const noLine = { ...shipping, address: { ...shipping.address, line1: '' } };
    expect((await admin.browser.gql(SET, { orgId: 'harbour', address: billing, shipping: noLine })).code).toBe(
      'INCOMPLETE_ADDRESS',
    );
  });

  it('keeps billing (the address lines with a billing name) and a separate shipping address, or shipping as billing', async () => {
    const separate = await admin.browser.gql<{ updateOrgBillingAddresses: Record<string, unknown> }>(SET, {
      orgId: 'harbour',
      address: billing,
      shipping,
    });
    expect(separate.data?.updateOrgBillingAddresses).toEqual({
      addressLine1: '1 Harbour Rd',
      city: 'Portland',
      billingAddress: billing,
      shippingAddress: { name: shipping.name, address: { line1: '9 Dock St', city: 'Portland' } },
    });
    const same = await admin.browser.gql<{ updateOrgBillingAddresses: { shippingAddress: unknown } }>(SET, {
      orgId: 'harbour',
      address: billing,
    });
    expect(same.data?.updateOrgBillingAddresses.shippingAddress).toBeNull();
    const read = await admin.browser.gql<{ org: { billingAddress: { name: string } } }>(
      '{ org(orgId: "harbour") { billingAddress { name } } }',
    );
    expect(read.data?.org.billingAddress.name).toBe('Harbour Dental PLLC');
  });

  it('refuses an address the payment provider cannot locate for tax, keeping the one stored (spec 000 §8 INVALID_ADDRESS_FOR_TAX)', async () => {
    const unknownState = { ...billing, address: { ...billing.address, state: 'ZZ' } };
    expect((await admin.browser.gql(SET, { orgId: 'harbour', address: unknownState })).code).toBe(
      'INVALID_ADDRESS_FOR_TAX',
    );
    const shortZip = { ...shipping, address: { ...shipping.address, postal_code: '041' } };
    expect((await admin.browser.gql(SET, { orgId: 'harbour', address: billing, shipping: shortZip })).code).toBe(
      'INVALID_ADDRESS_FOR_TAX',
    );
    const read = await admin.browser.gql<{ org: { billingAddress: { address: { state: string } } } }>(
      '{ org(orgId: "harbour") { billingAddress { address { state } } } }',
    );
    expect(read.data?.org.billingAddress.address.state).toBe('ME');
  });

  it('refuses a member who is not an admin and the admin of another organisation', async () => {
    expect((await member.browser.gql(SET, { orgId: 'harbour', address: billing })).code).toBe('NOT_AUTHORIZED');
    expect((await other.browser.gql(SET, { orgId: 'harbour', address: billing })).code).toBe('NOT_AUTHORIZED');
  });
});
