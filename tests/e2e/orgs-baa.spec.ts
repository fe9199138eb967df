import { BAA_DOCUMENT } from '@vigil/shared';
import { outbox } from '../integration/accounts-client.js';
import { adminCli } from '../integration/orgs-helpers.js';
import { orgMember } from '../utils/members.js';
import { expect, test } from './fixtures.js';
import { drawSignature, expectNoCrash } from './signature.js';
import { contextWith } from './members.js';

test.describe('Business Associate Agreement (issue 4; spec 001 §3, spec 000 §5)', () => {
  test("an admin fills, signs and submits the agreement; 'Still Missing:' shrinks as they go; the signed agreement survives a reload", async ({
    browser,
    baseURL,
  }) => {
    const url = baseURL!;
    const admin = await orgMember(url);
    const context = await contextWith(browser, url, admin.browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/org/${admin.orgId}/baa`);
    await expect(page.getByRole('heading', { name: 'Business Associate Agreement', level: 1 })).toBeVisible();

    // Everything is missing at first (spec 000 §5), and the placeholders read '(blank)'.
    await expect(page.getByText('Still Missing:')).toBeVisible();
    const missing = page.getByRole('list').filter({ hasText: 'Your full name' });
    await expect(missing.getByRole('listitem')).toHaveCount(5);
    await expect(page.getByLabel('Agreement text')).toContainText('(blank)');
    const submit = page.getByRole('button', { name: 'Sign Agreement' });
    await expect(submit).toBeDisabled();

    await page.getByLabel('Covered Entity (legal name of your organization)').fill('Harbour Dental PLLC');
    await page.getByLabel('Your full name').fill('Dr. Rosa Admin');
    await page.getByLabel('Your title').fill('Owner');
    // {{name}} placeholders fill as the user types.
    await expect(page.getByLabel('Agreement text')).toContainText('Harbour Dental PLLC');
    await page.getByLabel(/I have read this Business Associate Agreement/).check();
    await expect(missing.getByRole('listitem')).toHaveCount(0);
    await expect(page.getByText('Still Missing:')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: /^Signature$/ })).toBeVisible();

    // Sign with the signature pad.
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await drawSignature(page, page.getByTestId('signature-pad'), { inputs: ['mouse', 'pen', 'touch'], strokes: 4 });
    await page.getByRole('dialog').getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(page.getByRole('img', { name: 'Your signature', exact: true })).toBeVisible();
    await expectNoCrash(page);
    await expect(page.getByText('Still Missing:')).toBeHidden();

    await submit.click();
    await expect(page.getByText(/This agreement was signed by Dr\. Rosa Admin for Harbour Dental PLLC/)).toBeVisible();

    await page.reload();
    await expect(page.getByText(/This agreement was signed by Dr\. Rosa Admin for Harbour Dental PLLC/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Signature of Dr. Rosa Admin' })).toBeVisible();
    await expect(page.getByLabel('Agreement text')).toContainText('Harbour Dental PLLC');
    await expect(page.getByRole('button', { name: 'Sign Agreement' })).toHaveCount(0);
    await context.close();
  });

  test('the Vigil team countersigns a signed agreement after confirming identity; the office then sees both signatures', async ({
    browser,
    baseURL,
    server,
  }) => {
    const url = baseURL!;
    const admin = await orgMember(url);
    const signed = await admin.browser.gql(
      `mutation ($orgId: String, $version: String!) { signBaa(orgId: $orgId, version: $version, accepted: true,
        signaturePath: "M 10 10 L 90 40", fields: { companyName: "Cove Dental LLC", name: "Dr. Cove", title: "Owner" }) { signed } }`,
      { orgId: admin.orgId, version: BAA_DOCUMENT.version },
    );
    expect(signed.code).toBeFalsy();
    const uber = await orgMember(url);
    expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);

    const context = await contextWith(browser, url, uber.browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/vigil-team/orgs/${admin.orgId}`);
    const card = page.getByRole('region', { name: 'Business Associate Agreement' });
    await expect(card).toContainText('Signed by Dr. Cove for Cove Dental LLC. Vigil has not countersigned it yet.');
    await card.getByLabel('Vigil signatory').fill('Ada Vigil');
    await card.getByRole('button', { name: 'Sign', exact: true }).click();
    await drawSignature(page, page.getByTestId('signature-pad'), { inputs: ['mouse', 'pen', 'touch'], strokes: 4 });
    await page.getByRole('dialog').getByRole('button', { name: 'Sign', exact: true }).click();
    await expectNoCrash(page);
    const seen = (await outbox(url, uber.email)).length;
    await card.getByRole('button', { name: 'Countersign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your identity' });
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const codeOf = async (): Promise<string> =>
      /\b(\d{6})\b/.exec((await outbox(url, uber.email))[seen]?.body ?? '')?.[1] ?? '';
    await expect.poll(codeOf).toMatch(/^\d{6}$/);
    const code = await codeOf();
    await dialog.getByLabel('Verification code').fill(code);
    await expect(card).toContainText('countersigned by Ada Vigil for Vigil');
    await context.close();

    const officeContext = await contextWith(browser, url, admin.browser);
    const office = await officeContext.newPage();
    await office.goto(`/org/${admin.orgId}/baa`);
    await expect(office.getByRole('img', { name: 'Signature of Dr. Cove' })).toBeVisible();
    await expect(office.getByRole('img', { name: 'Signature of Ada Vigil' })).toBeVisible();
    await officeContext.close();
  });
});
