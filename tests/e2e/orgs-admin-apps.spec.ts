import { outbox } from '../integration/accounts-client.js';
import { adminCli } from '../integration/orgs-helpers.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

/** The 6-digit code of the first message to an address after the first `seen` ones. */
async function nextCode(baseUrl: string, to: string, seen: number): Promise<string> {
  const code = async (): Promise<string | undefined> => {
    const message = (await outbox(baseUrl, to))[seen];
    return message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
  };
  await expect.poll(code, { message: `a code for ${to}` }).toMatch(/^\d{6}$/);
  return (await code())!;
}

/** An office overseen by a parent organisation (linked by an internal uber, the only one who may). */
async function officeWithParent(url: string, server: { dataDir: string }) {
  const office = await orgMember(url);
  const parentAdmin = await orgMember(url);
  const parentId = `${office.orgId}-group`;
  const made = await parentAdmin.browser.gql(
    'mutation ($orgId: String) { createOrg(orgId: $orgId, orgType: "parent", orgName: "Harbour Group") { orgId } }',
    { orgId: parentId },
  );
  expect(made.code).toBeFalsy();
  const uber: OrgMember = await orgMember(url);
  expect((await adminCli(server as never, 'make-uber', uber.email)).code).toBe(0);
  const linked = await uber.browser.gql(
    'mutation ($orgId: String, $parents: [ID!]) { updateOrg(orgId: $orgId, properties: { parentOrgs: $parents }) { id } }',
    { orgId: office.orgId, parents: [parentId] },
  );
  expect(linked.code).toBeFalsy();
  return { office, parentAdmin, parentId, uber };
}

test.describe('parent app and internal team app (issue 4; spec 000 §2, §6)', () => {
  test('a parent admin sees the child org in the admin dashboard, opens it, and lists the people of its orgs; an office member may not', async ({
    browser,
    baseURL,
    server,
  }) => {
    const url = baseURL!;
    const { office, parentAdmin, parentId } = await officeWithParent(url, server);

    const context = await contextWith(browser, url, parentAdmin.browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/parent/${parentId}/orgs`);
    await expect(page.getByTestId('app-name')).toHaveText('Admin Dashboard');
    const row = page.getByRole('row').filter({ hasText: office.orgId });
    await expect(row).toContainText(`Practice ${office.orgId}`);
    await expect(row).toContainText('Not signed');
    await row.getByRole('link', { name: `Practice ${office.orgId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/parent/${parentId}/orgs/${office.orgId}$`));
    await expect(page.getByRole('heading', { name: `Practice ${office.orgId}` })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: office.email })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open in Case Manager' })).toHaveAttribute(
      'href',
      `/org/${office.orgId}`,
    );

    await page.goto(`/parent/${parentId}/org-members`);
    await expect(page.getByRole('row').filter({ hasText: office.email })).toContainText(`Practice ${office.orgId}`);
    await page.goto(`/parent/${parentId}/people`);
    await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: parentAdmin.email })).toContainText('(you)');
    await context.close();

    const officeContext = await contextWith(browser, url, office.browser);
    const officePage = await officeContext.newPage();
    await officePage.goto(`/parent/${parentId}/orgs`);
    await expect(officePage.getByText('Not available to you')).toBeVisible();
    await expect(officePage.getByRole('row')).toHaveCount(0);
    await officeContext.close();
  });

  test('the Vigil team changes a product feature only after confirming identity in the sudo modal; the change survives a reload', async ({
    browser,
    baseURL,
    server,
  }) => {
    const url = baseURL!;
    const { office, uber } = await officeWithParent(url, server);
    const context = await contextWith(browser, url, uber.browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/vigil-team/orgs');
    await expect(page.getByTestId('app-name')).toHaveText('Vigil Team');
    await page.getByLabel('Find an organization').fill(office.orgId);
    await page.getByRole('link', { name: `Practice ${office.orgId}` }).click();
    await page.getByRole('link', { name: 'Feature flags' }).click();
    await expect(page.getByRole('heading', { name: 'Feature Flags', level: 1 })).toBeVisible();

    const flag = page.getByRole('switch', { name: 'Drug inventory' });
    await expect(flag).not.toBeChecked();
    const seen = (await outbox(url, uber.email)).length;
    await flag.click({ force: true });
    const dialog = page.getByRole('dialog', { name: 'Confirm your identity' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You are about to perform a sensitive action');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByLabel('Verification code').fill(await nextCode(url, uber.email, seen));
    await expect(dialog).toBeHidden();
    await expect(flag).toBeChecked();

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Drug inventory' })).toBeChecked();

    await page.goto('/vigil-team/users');
    await page.getByLabel('Find a user').fill(office.email);
    await expect(page.getByRole('listitem').filter({ hasText: office.email })).toContainText(
      `Practice ${office.orgId}`,
    );
    await context.close();
  });
});
