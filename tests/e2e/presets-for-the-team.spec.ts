import { PRESET_NOT_YOURS_TIP, presetNotAllowedText } from '@vigil/shared';
import { accept, invitationCode, invite } from '../integration/orgs-helpers.js';
import { orgMember } from '../utils/members.js';
import { bookCase } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith, memberContext } from './members.js';

/*
 * Issue 39 (spec 002 §5, §6): the person recording a case sees a provider's preset with its owner
 * and the tip that another owner holds it, and can still use it; in an office limited to moderate
 * sedation, a GA preset cannot be selected and says why in the spec's words.
 */

const CREATE = `mutation ($o: String, $n: String!, $m: String!, $t: String!) {
  createPreset(orgId: $o, name: $n, macro: $m, ownerType: $t) { id } }`;

test('a recorder sees the provider’s preset with the owner tip and uses it; a GA preset cannot be selected under a moderate limit', async ({
  browser,
  baseURL,
}) => {
  const { member: provider, context: providerContext } = await memberContext(browser, baseURL!);
  await providerContext.close();
  const moderate = JSON.stringify({
    values: { sedationLevel: 'moderate', procedureNotes: 'Routine extractions' },
    parenDrugs: [{ drugId: 'midazolam', name: 'Midazolam', route: 'IV', unit: 'mg', dose: 2, draw: null }],
  });
  const ga = JSON.stringify({ values: { sedationLevel: 'ga' } });
  for (const [n, m, t] of [
    ['Provider moderate', moderate, 'user'],
    ['Office GA', ga, 'org'],
  ] as const) {
    const made = await provider.browser.gql(CREATE, { o: provider.orgId, n, m, t });
    expect(made.code, n).toBeUndefined();
  }
  // The office limits its cases to moderate sedation.
  const limited = await provider.browser.gql(
    'mutation ($o: String!) { addOrgFeature(orgId: $o, featureName: "sedationLevelLimit", stringValue: "moderate") { name } }',
    { o: provider.orgId },
  );
  expect(limited.code).toBeUndefined();

  // The recorder: a member of the office (not an administrator, not the preset's owner).
  const recorder = await orgMember(baseURL!);
  const sent = await invite(
    { browser: provider.browser, email: provider.email, userId: '' },
    provider.orgId,
    recorder.email,
    ['member'],
  );
  expect(sent.code).toBeUndefined();
  expect((await accept(recorder.browser, await invitationCode(baseURL!, recorder.email))).code).toBeUndefined();

  const caseId = await bookCase(baseURL!, provider.orgId, provider.token);
  const context = await contextWith(browser, baseURL!, recorder.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${provider.orgId}/cases/${caseId}`);
  await expect(page.getByLabel('Procedure', { exact: true })).toBeEnabled();

  const theirs = page.getByTestId('preset-item').filter({ hasText: 'Provider moderate' });
  await expect(theirs.getByTestId('preset-owner')).toHaveText(/^other user/);
  await theirs.getByRole('button', { name: 'Show details' }).click();
  await expect(theirs.getByTestId('preset-tip')).toHaveText(PRESET_NOT_YOURS_TIP);
  await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  const gaItem = page.getByTestId('preset-item').filter({ hasText: 'Office GA' });
  await expect(gaItem.getByRole('checkbox', { name: 'Use Office GA' })).toBeDisabled();
  await expect(gaItem.getByTestId('preset-unusable')).toHaveText(presetNotAllowedText('ga'));

  // The recorder still uses the provider's preset.
  await theirs.getByRole('checkbox', { name: 'Use Provider moderate' }).check();
  await page.getByRole('button', { name: 'Apply preset' }).click();
  await expect(page.getByTestId('presets-applied')).toHaveText('Applied Provider moderate.');
  await expect(page.getByRole('table', { name: 'Parenteral' })).toContainText('Midazolam');
  await context.close();
});
