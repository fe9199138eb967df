import { BAA_CONTRACT_ID, BAA_DOCUMENT, type Contract } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { fhir } from './fhir-helpers.js';
import { adminCli, createOrg, join, person, sudo, type Person } from './orgs-helpers.js';

const SIGN = `mutation ($orgId: String, $version: String!, $fields: BaaFields!, $accepted: Boolean!, $path: String!) {
  signBaa(orgId: $orgId, version: $version, fields: $fields, accepted: $accepted, signaturePath: $path) {
    signed version status html coveredEntity { name companyName time signatureSvg } company { name }
  }
}`;
const READ = `query ($orgId: String) { baa(orgId: $orgId) { signed version status html coveredEntity { name companyName time signatureSvg } } }`;

interface BaaAnswer {
  signed: boolean;
  version: string | null;
  status: string | null;
  html: string | null;
  coveredEntity: { name: string; companyName: string; time: string; signatureSvg: string | null } | null;
}

const FIELDS = { companyName: 'Bright Smiles PLLC', name: 'Dr. Ada Admin', title: 'Owner' };

describe('Business Associate Agreement (spec 001 §3 Contract, spec 000 §5 contract rules)', () => {
  let server: TestServer;
  let admin: Person;
  let member: Person;
  let otherAdmin: Person;

  beforeAll(async () => {
    server = await startServer();
    [admin, member, otherAdmin] = await Promise.all([
      person(server, 'baa-admin@orgs.test'),
      person(server, 'baa-member@orgs.test'),
      person(server, 'baa-other@orgs.test'),
    ]);
    expect((await createOrg(admin, 'bright')).code).toBeUndefined();
    expect((await createOrg(otherAdmin, 'elsewhere')).code).toBeUndefined();
    await join(server, admin, 'bright', member, ['member', 'provider']);
  });
  afterAll(async () => {
    await server?.dispose();
  });

  const sign = (who: Person, overrides: Record<string, unknown> = {}) =>
    who.browser.gql<{ signBaa: BaaAnswer & { company: unknown } }>(SIGN, {
      orgId: 'bright',
      version: BAA_DOCUMENT.version,
      fields: FIELDS,
      accepted: true,
      path: 'M 10 10 L 80 40 L 120 20',
      ...overrides,
    });

  it('is unsigned for a new organisation, and hasBAA is false', async () => {
    const r = await admin.browser.gql<{ baa: BaaAnswer; org: { hasBAA: boolean } }>(
      'query { baa(orgId: "bright") { signed version } org(orgId: "bright") { hasBAA } }',
    );
    expect(r.data).toEqual({ baa: { signed: false, version: null }, org: { hasBAA: false } });
  });

  it("refuses an incomplete agreement: a blank field, the unchecked box or no signature (spec 000 §5 'Still Missing:')", async () => {
    expect((await sign(admin, { fields: { ...FIELDS, title: '  ' } })).code).toBe('CONTRACT_INCOMPLETE');
    expect((await sign(admin, { accepted: false })).code).toBe('CONTRACT_INCOMPLETE');
    expect((await sign(admin, { path: '' })).code).toBe('CONTRACT_INCOMPLETE');
    expect((await sign(admin, { version: '1999-01-01' })).code).toBe('CONTRACT_VERSION_CHANGED');
    expect((await sign(admin, { path: '<script>' })).code).toBe('INVALID_INPUT');
  });

  it('refuses a member who is not an admin and the admin of another organisation', async () => {
    expect((await sign(member)).code).toBe('NOT_AUTHORIZED');
    expect((await sign(otherAdmin)).code).toBe('NOT_AUTHORIZED');
    expect((await otherAdmin.browser.gql(READ, { orgId: 'bright' })).code).toBe('NOT_AUTHORIZED');
  });

  it('signs: a Contract titled Business Associate Agreement with the covered-entity signature, hasBAA true, readable by members', async () => {
    const signed = await sign(admin);
    expect(signed.code).toBeUndefined();
    expect(signed.data?.signBaa).toMatchObject({
      signed: true,
      version: BAA_DOCUMENT.version,
      status: 'executed',
      coveredEntity: { name: 'Dr. Ada Admin', companyName: 'Bright Smiles PLLC' },
      company: null,
    });
    expect(signed.data?.signBaa.coveredEntity?.signatureSvg).toContain('d="M 10 10 L 80 40 L 120 20"');
    // spec 000 §5: the {{name}} placeholders are filled in the stored text.
    expect(signed.data?.signBaa.html).toContain('<strong>Bright Smiles PLLC</strong>');
    expect(signed.data?.signBaa.html).not.toContain('{{');

    const read = await member.browser.gql<{ baa: BaaAnswer; org: { hasBAA: boolean } }>(
      'query { baa(orgId: "bright") { signed coveredEntity { name } } org(orgId: "bright") { hasBAA } }',
    );
    expect(read.data).toEqual({
      baa: { signed: true, coveredEntity: { name: 'Dr. Ada Admin' } },
      org: { hasBAA: true },
    });

    // The FHIR API reads the same Contract (spec 001 §3).
    const resource = await fhir<Contract>(server, member.browser, 'GET', `bright/Contract/${BAA_CONTRACT_ID}`);
    expect(resource.status).toBe(200);
    expect(resource.body).toMatchObject({ resourceType: 'Contract', title: 'Business Associate Agreement' });
  });

  it('does not sign the same version twice, and the FHIR API cannot change or delete the signed agreement', async () => {
    expect((await sign(admin)).code).toBe('ALREADY_SIGNED');
    const current = await fhir<Contract>(server, admin.browser, 'GET', `bright/Contract/${BAA_CONTRACT_ID}`);
    const put = await fhir(server, admin.browser, 'PUT', `bright/Contract/${BAA_CONTRACT_ID}`, {
      ...current.body,
      title: 'Something else',
    });
    // The signed agreement is a signed record (issue 35 item 3, [SR1]): 423 SIGNED_RECORD.
    expect(put.status).toBe(423);
    const del = await fhir(server, admin.browser, 'DELETE', `bright/Contract/${BAA_CONTRACT_ID}`);
    expect(del.status).toBe(423);
    const after = await admin.browser.gql<{ baa: BaaAnswer }>(READ, { orgId: 'bright' });
    expect(after.data?.baa.signed).toBe(true);
  });

  it("takes Vigil's countersignature from an internal uber after a fresh sudo, once, and only on a signed agreement", async () => {
    const uber = await person(server, 'baa-uber@orgs.test');
    expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
    const COUNTERSIGN = `mutation ($orgId: String) { countersignBaa(orgId: $orgId, name: "Ada Vigil", signaturePath: "M 5 5 L 60 30") {
      coveredEntity { name } company { name companyName signatureSvg }
    } }`;
    expect((await admin.browser.gql(COUNTERSIGN, { orgId: 'bright' })).code).toBe('NOT_AUTHORIZED');
    expect((await uber.browser.gql(COUNTERSIGN, { orgId: 'bright' })).code).toBe('SUDO_REQUIRED');
    await sudo(server, uber);
    expect((await uber.browser.gql(COUNTERSIGN, { orgId: 'elsewhere' })).code).toBe('NOT_SIGNED');
    const done = await uber.browser.gql<{
      countersignBaa: {
        coveredEntity: { name: string };
        company: { name: string; companyName: string; signatureSvg: string };
      };
    }>(COUNTERSIGN, { orgId: 'bright' });
    expect(done.code).toBeUndefined();
    expect(done.data?.countersignBaa.coveredEntity.name).toBe('Dr. Ada Admin');
    expect(done.data?.countersignBaa.company).toMatchObject({ name: 'Ada Vigil', companyName: 'Vigil' });
    expect(done.data?.countersignBaa.company.signatureSvg).toContain('d="M 5 5 L 60 30"');
    expect((await uber.browser.gql(COUNTERSIGN, { orgId: 'bright' })).code).toBe('ALREADY_SIGNED');
    const read = await member.browser.gql<{ baa: { company: { name: string } } }>(
      '{ baa(orgId: "bright") { company { name } } }',
    );
    expect(read.data?.baa.company.name).toBe('Ada Vigil');
  });
});
