import { PRIVACY_DOCUMENT, TERMS_DOCUMENT } from '@vigil/shared';
import { acceptedOnlyAnEarlierVersion } from '../../sync-server/src/store/legal/inspect.test-util.js';
import { orgMember } from '../utils/members.js';
import { withStores } from '../utils/stores.js';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

/*
 * Issue 40 (spec 000 §7): a new user reads the terms from the sign-up page and accepts them with the
 * checkbox; the server records the versions. A user who accepted an earlier version meets the
 * blocking dialog after sign-in, which cannot be dismissed, and accepts the new version.
 */
test.describe('the legal documents', () => {
  test('a new user opens the terms from sign-up, ticks the box and registers; both current versions are on record', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    // The terms open in a new tab, at their current version.
    const [terms] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'terms', exact: true }).click(),
    ]);
    await expect(terms).toHaveURL(/\/legal\/terms$/);
    await expect(terms.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    await expect(terms.getByText(`Version ${TERMS_DOCUMENT.version}`)).toBeVisible();
    expect(await seriousViolations(terms)).toEqual([]);
    await terms.close();

    const email = 'terms.reader@example.com';
    await page.getByLabel('Your Full Name').fill('Dr. Terms Reader, DDS');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('granite lantern 42 meadow');
    await expect(page.getByTestId('signup-banner')).toHaveText(
      'Check the box to agree to the terms and privacy policy.',
    );
    await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled();
    await page.getByRole('checkbox', { name: 'I agree to the terms and privacy policy' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/verify-email$/);

    const accepted = await withStores(server.dataDir, async (s) => {
      const user = await s.accounts.userByEmail(email);
      return s.legal.byUser(user!.id);
    });
    expect(accepted.map((a) => [a.document, a.version])).toEqual([
      ['privacy', PRIVACY_DOCUMENT.version],
      ['terms', TERMS_DOCUMENT.version],
    ]);
  });

  test('after a new terms version, the signed-in user must accept it in a dialog that cannot be dismissed', async ({
    browser,
    baseURL,
    server,
  }) => {
    const member = await orgMember(baseURL!);
    await withStores(server.dataDir, async (s) => {
      const user = await s.accounts.userByEmail(member.email);
      expect(await acceptedOnlyAnEarlierVersion(s.db, user!.id, 'terms', '2026-01-01')).toBe(1);
    });
    const context = await contextWith(browser, baseURL!, member.browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/org/${member.orgId}/cases`);
    const dialog = page.getByRole('dialog', { name: 'Updated Terms of Service' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`Terms of Service (version ${TERMS_DOCUMENT.version})`)).toBeVisible();
    // Forced choice: Escape and a click outside leave it open.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    const accept = dialog.getByRole('button', { name: 'Accept' });
    await expect(accept).toBeDisabled();
    await expect(dialog.getByRole('listitem')).toHaveText([TERMS_DOCUMENT.checkboxText]);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('checkbox', { name: TERMS_DOCUMENT.checkboxText }).check();
    await accept.click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Cases', level: 1 })).toBeVisible();
    // Recorded: the next start asks nothing.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Cases', level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  });
});
