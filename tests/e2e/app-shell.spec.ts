import { expect, test } from './fixtures.js';

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

  test('shows the not-found text for an unknown path inside a sub-app', async ({ page }) => {
    await page.goto('/org/acme/no-such-screen');
    await expect(page.getByTestId('not-found')).toHaveText('Could not find page: /org/acme/no-such-screen');
  });

  test('loads each sub-app on demand with its name and logo link', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (r) => {
      const m = /assets\/(\w+App)-/.exec(r.url());
      if (m?.[1]) chunks.push(m[1]);
    });
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(chunks.filter((c) => c !== 'ResellerApp')).toEqual([]);

    await page.goto('/org/acme-dental/patients');
    await expect(page.getByRole('heading', { name: 'Patients' })).toBeVisible();
    await expect(page.getByTestId('app-name')).toHaveText('Case Manager');
    await expect(page.getByRole('link', { name: 'Vigil home' })).toHaveAttribute('href', '/org/acme-dental');
    await expect(page.getByText('Not available yet')).toBeVisible();
    expect(chunks).toContain('OrgApp');

    await page.goto('/parent/district-7/orgs');
    await expect(page.getByTestId('app-name')).toHaveText('Admin Dashboard');
    await expect(page.getByRole('link', { name: 'Vigil home' })).toHaveAttribute('href', '/');

    await page.goto('/vigil-team/users');
    await expect(page.getByTestId('app-name')).toHaveText('Vigil Team');
    expect(chunks).toEqual(expect.arrayContaining(['OrgApp', 'ParentApp', 'TeamApp']));
  });

  test('shows breadcrumbs without the org prefix, with home for the organisation', async ({ page }) => {
    await page.goto('/org/acme-dental/patients/0f8fad5b-d9cb-469f-a165-70867728950e');
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

  test('puts navigation in a drawer under 600 px', async ({ page }) => {
    await page.setViewportSize({ width: 599, height: 900 });
    await page.goto('/org/acme/cases');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Patients' })).toBeHidden();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(nav.getByRole('link', { name: 'Patients' })).toBeVisible();

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
