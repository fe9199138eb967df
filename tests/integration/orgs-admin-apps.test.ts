import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { adminCli, createOrg, join, person, sudo, type Person } from './orgs-helpers.js';

/** The calls behind the parent app and the internal team app (spec 000 §2): what they answer, and to whom. */
describe('parent app and internal team app calls', () => {
  let server: TestServer;
  let officeAdmin: Person;
  let provider: Person;
  let parentAdmin: Person;
  let otherParentAdmin: Person;
  let uber: Person;

  beforeAll(async () => {
    server = await startServer();
    [officeAdmin, provider, parentAdmin, otherParentAdmin, uber] = (await Promise.all(
      ['office-admin', 'provider', 'parent-admin', 'other-parent', 'uber'].map((n) =>
        person(server, `${n}@admin-apps.test`),
      ),
    )) as [Person, Person, Person, Person, Person];
    const ok = (r: { code?: string }): void => expect(r.code).toBeUndefined();
    ok(await createOrg(officeAdmin, 'harbour', 'regular', 'Harbour Dental'));
    ok(await createOrg(officeAdmin, 'lonely', 'regular', 'Lonely Dental'));
    ok(await createOrg(parentAdmin, 'harbour-group', 'parent', 'Harbour Group'));
    ok(await createOrg(otherParentAdmin, 'other-group', 'parent', 'Other Group'));
    await join(server, officeAdmin, 'harbour', provider, ['provider']);
    expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
    ok(
      await uber.browser.gql(
        'mutation { updateOrg(orgId: "harbour", properties: { parentOrgs: ["harbour-group"] }) { id } }',
      ),
    );
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it("childOrgMembers lists the people of the parent's child organisations only, with their organisation", async () => {
    const r = await parentAdmin.browser.gql<{
      childOrgMembers: { orgId: string; orgName: string; email: string; roles: string[] }[];
    }>('{ childOrgMembers(parentOrgId: "harbour-group") { orgId orgName email roles } }');
    expect(r.data?.childOrgMembers).toEqual([
      {
        orgId: 'harbour',
        orgName: 'Harbour Dental',
        email: 'office-admin@admin-apps.test',
        roles: ['admin', 'provider'],
      },
      { orgId: 'harbour', orgName: 'Harbour Dental', email: 'provider@admin-apps.test', roles: ['provider', 'member'] },
    ]);
  });

  it("refuses another parent's admin and the child office's own admin", async () => {
    const ask = (p: Person) => p.browser.gql('{ childOrgMembers(parentOrgId: "harbour-group") { id } }');
    expect((await ask(otherParentAdmin)).code).toBe('NOT_AUTHORIZED');
    expect((await ask(officeAdmin)).code).toBe('NOT_AUTHORIZED');
  });

  it('teamUsers lists users with their memberships for internal ubers, searching name or email literally', async () => {
    const r = await uber.browser.gql<{
      teamUsers: { email: string; emailVerified: boolean; memberships: { orgId: string; orgType: string }[] }[];
    }>('{ teamUsers(search: "PROVIDER@admin") { email emailVerified memberships { orgId orgType roles } } }');
    expect(r.data?.teamUsers).toEqual([
      {
        email: 'provider@admin-apps.test',
        emailVerified: true,
        memberships: [{ orgId: 'harbour', orgType: 'regular', roles: ['provider', 'member'] }],
      },
    ]);
    const all = await uber.browser.gql<{ teamUsers: { email: string }[] }>('{ teamUsers { email } }');
    expect(all.data?.teamUsers.map((u) => u.email)).toEqual(
      expect.arrayContaining(['uber@admin-apps.test', 'parent-admin@admin-apps.test']),
    );
    // '%' and '_' are searched as themselves, not as wildcards.
    const wild = await uber.browser.gql<{ teamUsers: unknown[] }>('{ teamUsers(search: "%") { email } }');
    expect(wild.data?.teamUsers).toEqual([]);
  });

  it('refuses teamUsers to everyone but internal ubers', async () => {
    for (const p of [officeAdmin, parentAdmin]) {
      expect((await p.browser.gql('{ teamUsers { id } }')).code).toBe('NOT_AUTHORIZED');
    }
  });

  it('a product feature changed from the team app needs a fresh sudo, then works', async () => {
    const add = () =>
      uber.browser.gql('mutation { addOrgFeature(orgId: "harbour", featureName: "drugInventory") { name value } }');
    expect((await add()).code).toBe('SUDO_REQUIRED');
    await sudo(server, uber);
    const after = await add();
    expect(after.code).toBeUndefined();
    const features = await officeAdmin.browser.gql<{ orgFeaturesConfig: { name: string; value: boolean }[] }>(
      '{ orgFeaturesConfig(orgId: "harbour") { name value } }',
    );
    expect(features.data?.orgFeaturesConfig.find((f) => f.name === 'drugInventory')?.value).toBe(true);
  });
});
