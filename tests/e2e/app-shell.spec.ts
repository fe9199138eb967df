import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

/**
 * The organisation app needs a signed-in member (spec 000 §4, issue 4): a page signed in as the
 * admin of a new organisation, and that organisation's ID.
 */
async function memberPage(browser: Browser, baseURL: string): Promise<{ page: Page; orgId: string }> {
  const { member, context } = await memberContext(browser, baseURL);
  return { page: await context.newPage(), orgId: member.orgId };
}

test.describe('app shell', () => {
  test('loads the welcome page with the footer and the app version', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Which org do you want to view?' })).toBeVisible();
    await expect(page.getByTestId('app-version')).toHaveText(/^v\d+\.\d+\.\d+$/);
    await expect(page.getByRole('link', { name: 'Terms' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Privacy', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Trust' })).toBeVisible();
    await expect(page.getByText(`© ${new Date().getFullYear()} Vigil`)).toBeVisible();
    // The test server runs with NODE_ENV=test: not production, so the tag shows.
    await expect(page.getByTestId('environment-tag')).toHaveText('test');
  });

  test('shows the not-found text for an unknown path', async ({ page }) => {
    await page.goto('/nope');
    await expect(page.getByTestId('not-found')).toHaveText('Could not find page: /nope');
  });

  test('shows the not-found text for an unknown path inside a sub-app', async ({ browser, baseURL }) => {
    const { page, orgId } = await memberPage(browser, baseURL!);
    await page.goto(`/org/${orgId}/no-such-screen`);
    await expect(page.getByTestId('not-found')).toHaveText(`Could not find page: /org/${orgId}/no-such-screen`);
  });

  test('loads each sub-app on demand with its name and logo link', async ({ browser, baseURL }) => {
    const { page, orgId } = await memberPage(browser, baseURL!);
    const chunks: string[] = [];
    page.on('request', (r) => {
      // Sub-app chunks are named after their component (OrgApp…); startApp is the app itself.
      const m = /assets\/([A-Z]\w*App)-/.exec(r.url());
      if (m?.[1]) chunks.push(m[1]);
    });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    expect(chunks.filter((c) => c !== 'ResellerApp')).toEqual([]);

    // An office screen in the office's app (every one is built now).
    await page.goto(`/org/${orgId}/reports`);
    await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
    await expect(page.getByTestId('app-name')).toHaveText('Case Manager');
    await expect(page.getByRole('link', { name: 'Vigil home' })).toHaveAttribute('href', `/org/${orgId}`);
    expect(chunks).toContain('OrgApp');

    // The reseller app's apps (issue 42), to someone who is not a member of that reseller: its title and the refusal.
    await page.goto('/reseller/r-1/apps');
    await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Only members of this reseller');

    await page.goto('/parent/district-7/orgs');
    await expect(page.getByTestId('app-name')).toHaveText('Admin Dashboard');
    await expect(page.getByRole('link', { name: 'Vigil home' })).toHaveAttribute('href', '/');

    await page.goto('/vigil-team/users');
    await expect(page.getByTestId('app-name')).toHaveText('Vigil Team');
    expect(chunks).toEqual(expect.arrayContaining(['OrgApp', 'ParentApp', 'TeamApp']));
  });

  test('shows breadcrumbs without the org prefix, with home for the organisation', async ({ browser, baseURL }) => {
    const { page, orgId } = await memberPage(browser, baseURL!);
    await page.goto(`/org/${orgId}/patients/0f8fad5b-d9cb-469f-a165-70867728950e`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link');
    await expect(crumbs).toHaveText(['home', 'patients', '0f8fad5b']);
  });

  test('shows the sub-app failure text when a sub-app cannot load', async ({ page }) => {
    await page.route(/\/assets\/OrgApp-.*\.js$/, (route) => route.abort());
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/org/acme/cases');
    await expect(
      page.getByText(
        'This page failed to load for some reason. Please try again. If the problem persists, please contact support',
      ),
    ).toBeVisible();
    expect(errors.some((e) => e.includes('Failed to load sub-apps'))).toBe(true);
  });

  test("shows the failure text in place of the loader when the app's own code cannot load", async ({ page }) => {
    // main.tsx loads the app (startApp.tsx) with import(), retried; locally the error stays on screen.
    await page.route(/\/assets\/startApp-.*\.js$/, (route) => route.abort());
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/org/acme/cases');
    await expect(page.getByRole('alert')).toHaveText(
      'This page failed to load for some reason. Please try again. If the problem persists, please contact support',
    );
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    expect(errors.some((e) => e.includes('Failed to load sub-apps'))).toBe(true);
  });

  test('puts navigation in a drawer under 600 px', async ({ browser, baseURL }) => {
    const { page, orgId } = await memberPage(browser, baseURL!);
    await page.setViewportSize({ width: 599, height: 900 });
    await page.goto(`/org/${orgId}/cases`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // The closed drawer is slid off-screen (Mantine keeps it rendered), so check the viewport.
    await expect(nav.getByRole('link', { name: 'Patients' })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(nav.getByRole('link', { name: 'Patients' })).toBeInViewport();

    await page.setViewportSize({ width: 800, height: 900 });
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Patients' })).toBeVisible();
  });

  test('forwards /auth/action links by mode', async ({ page }) => {
    await page.goto('/auth/action?mode=resetPassword&oobCode=abc123');
    await expect(page).toHaveURL(/\/password-reset\?code=abc123$/);
    await page.goto('/auth/action?mode=verifyEmail&oobCode=xyz');
    await expect(page).toHaveURL(/\/verify-email-code\?verifyCode=xyz$/);
  });
});
