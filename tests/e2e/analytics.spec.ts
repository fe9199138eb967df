import { Browser as CookieJar, latestCode, signIn } from '../integration/accounts-client.js';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

/**
 * Issue 41 in Chromium: the demo office's administrator (the demo user, on the demo office's
 * Enterprise plan) opens its analytics page, sees the six charts drawn from the read model of its
 * 24 seeded cases and the five chart-quality figures, drills down from a drug's bar to its cases
 * and opens one of them. axe-core is clean on the page and with the drill-down open.
 */

const DEMO = { email: 'demo@vigil.health', password: 'vigil demo password', orgId: 'demo-dental' };

/** The demo user signed in with email MFA through the real server. */
async function demoUser(baseURL: string): Promise<CookieJar> {
  const jar = new CookieJar(baseURL);
  const signed = await signIn(jar, DEMO.email, DEMO.password);
  expect(signed.code).toBeFalsy();
  await jar.gql('mutation ($to: String!) { sendMfaVerification(to: $to, channel: "email") }', { to: DEMO.email });
  const code = await latestCode(baseURL, DEMO.email);
  const verified = await jar.gql(
    'mutation ($to: String!, $code: String!) { verifyMfaCode(to: $to, channel: "email", code: $code) { user { id } } }',
    { to: DEMO.email, code },
  );
  expect(verified.code).toBeFalsy();
  return jar;
}

test('the demo office’s analytics page shows its charts and drills down from a drug to a case', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const context = await contextWith(browser, baseURL!, await demoUser(baseURL!));
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/org/${DEMO.orgId}/analytics`);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  // 24 seeded cases, the two most recent not signed yet.
  await expect(page.getByTestId('analytics-total')).toHaveText('24 cases, 22 signed.');
  const quality = page.getByRole('region', { name: 'Chart quality' });
  for (const label of [
    'Complete pre-op checks',
    'Vitals at every checkpoint',
    'Discharge score before sign-off',
    'Signed within 24 hours',
    'No override',
  ]) {
    await expect(quality.getByText(label, { exact: true })).toBeVisible();
  }
  // Six charts, each drawn by uPlot on a canvas.
  await expect(page.getByTestId('analytics-chart')).toHaveCount(6);
  await expect(page.locator('[data-testid="analytics-chart"] canvas')).toHaveCount(6);
  expect(await seriousViolations(page)).toEqual([]);

  // The drugs chart's numbers: midazolam's cases open the list of those cases.
  const drugs = page.getByRole('region', { name: 'Drugs used' });
  await drugs.getByRole('button', { name: /^Midazolam: 14 cases/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText('Midazolam: 14 cases');
  const links = drawer.getByRole('link');
  await expect(links).toHaveCount(14);
  expect(await seriousViolations(page)).toEqual([]);
  const href = await links.first().getAttribute('href');
  expect(href).toMatch(/^\/org\/demo-dental\/cases\/apt-demoanalytics\d\d$/);
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`${href!}$`));
  await expect(page.getByTestId('case-patient')).toBeVisible();
  await context.close();
});
