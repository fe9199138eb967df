import { readFile } from 'node:fs/promises';
import { Browser as CookieJar, latestCode, outbox, signIn } from '../integration/accounts-client.js';
import { adminCli } from '../integration/orgs-helpers.js';
import { CONSOLE_SQL } from '../../sync-server/src/store/oversight/console-sql.test-util.js';
import { orgMember } from '../utils/members.js';
import { allResources, withStores } from '../utils/stores.js';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

/**
 * Issue 41 in Chromium: the demo office's administrator downloads the case log as a CSV from
 * /org/{orgId}/reports; a Vigil team member lists every organisation's cases, opens one
 * read-only after confirming their identity (the sudo modal), and the office's audit trail has
 * that read as theirs; case stats and the database console answer. axe-core is clean on each.
 */

const DEMO = { email: 'demo@vigil.health', password: 'vigil demo password', orgId: 'demo-dental' };

async function demoUser(baseURL: string): Promise<CookieJar> {
  const jar = new CookieJar(baseURL);
  expect((await signIn(jar, DEMO.email, DEMO.password)).code).toBeFalsy();
  await jar.gql('mutation ($to: String!) { sendMfaVerification(to: $to, channel: "email") }', { to: DEMO.email });
  const code = await latestCode(baseURL, DEMO.email);
  const verified = await jar.gql(
    'mutation ($to: String!, $code: String!) { verifyMfaCode(to: $to, channel: "email", code: $code) { user { id } } }',
    { to: DEMO.email, code },
  );
  expect(verified.code).toBeFalsy();
  return jar;
}

test('the office downloads its case log as CSV from the reports page', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const context = await contextWith(browser, baseURL!, await demoUser(baseURL!));
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/org/${DEMO.orgId}/reports`);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Case log' });
  // The demo office's 24 seeded cases.
  await expect(table.getByRole('row')).toHaveCount(25);
  expect(await seriousViolations(page)).toEqual([]);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('case-log_all_all.csv');
  const text = await readFile(await file.path(), 'utf8');
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe(
    'Case start (UTC),Case ID,Status,Provider,Location,Sedation level,Anesthesia minutes,Anesthesia units,Discharge score,Flags overridden,Addenda',
  );
  // 24 cases and the empty string after the last CRLF.
  expect(lines).toHaveLength(26);
  await context.close();
});

test('a team member opens a case read-only after sudo, and the office’s audit trail has the read', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(240_000);
  const url = baseURL!;
  const uber = await orgMember(url);
  expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
  const session = await uber.browser.gql<{ session: { userId: string } }>('query { session { userId } }');
  const uberId = session.data!.session.userId;
  const context = await contextWith(browser, url, uber.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/vigil-team/cases');
  await expect(page.getByRole('heading', { name: 'Cases', level: 1 })).toBeVisible();
  const list = page.getByRole('table', { name: 'Cases of every organization' });
  const demoCase = list.getByRole('link', { name: /^Open case apt-demoanalytics/ }).first();
  await expect(demoCase).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const caseId = (await demoCase.textContent())!.trim();
  await demoCase.click();
  await expect(page).toHaveURL(new RegExp(`/vigil-team/cases/${caseId}$`));
  await expect(page.getByRole('button', { name: 'Confirm identity and open' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const reads = (): Promise<number> =>
    withStores(server.dataDir, async ({ resources }) => {
      const events = (await allResources(resources, DEMO.orgId, 'AuditEvent')) as unknown as {
        agent: { who: { identifier: { value: string } } }[];
        entity?: { what?: { reference: string } }[];
      }[];
      return events.filter(
        (e) =>
          e.agent[0]?.who.identifier.value === uberId &&
          e.entity?.some((x) => x.what?.reference === `Composition/${caseId}`),
      ).length;
    });
  expect(await reads()).toBe(0);

  const seen = (await outbox(url, uber.email)).length;
  await page.getByRole('button', { name: 'Confirm identity and open' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your identity' });
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const codeOf = async (): Promise<string> =>
    /\b(\d{6})\b/.exec((await outbox(url, uber.email))[seen]?.body ?? '')?.[1] ?? '';
  await expect.poll(codeOf).toMatch(/^\d{6}$/);
  await dialog.getByLabel('Verification code').fill(await codeOf());
  const record = page.getByRole('table', { name: 'The case' });
  await expect(record).toContainText(caseId);
  await expect(record).toContainText(DEMO.orgId);
  await expect(page.getByText('Read-only')).toBeVisible();
  // The record is shown, not an editor: no field to type in.
  await expect(page.getByRole('textbox')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await expect.poll(reads).toBe(1);

  await page.goto('/vigil-team/case-stats');
  await expect(page.getByTestId('case-stats-total')).toContainText('active organizations');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/vigil-team/db-console');
  await page.getByLabel('SQL (read-only)').fill(CONSOLE_SQL.orgId('demo-dental'));
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('table', { name: 'Query result' })).toContainText('demo-dental');
  await page.getByLabel('SQL (read-only)').fill(CONSOLE_SQL.deleteOrgs);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('alert')).toContainText('DELETE is not a read');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/vigil-team/onboarding');
  // The team member's own new office, still in its trial.
  await expect(page.getByRole('table', { name: 'Offices onboarding' })).toContainText(`Practice ${uber.orgId}`);
  expect(await seriousViolations(page)).toEqual([]);

  // The team member's own user screen: their organisation, MFA channel and this session.
  await page.goto(`/vigil-team/users/${uberId}`);
  await expect(page.getByRole('table', { name: 'Live sessions' }).getByRole('row')).not.toHaveCount(0);
  await expect(page.getByRole('region', { name: 'MFA channels' })).toContainText('(verified)');
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
