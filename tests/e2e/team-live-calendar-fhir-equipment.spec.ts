import { outbox } from '../integration/accounts-client.js';
import { adminCli } from '../integration/orgs-helpers.js';
import { orgMember } from '../utils/members.js';
import { allResources, withStores } from '../utils/stores.js';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

/**
 * Issue 41 in Chromium: the team app's last screens over the demo data: every office's live
 * cases (the demo office's case in progress), the calendar across organisations with its filter,
 * the equipment planner (the demo bridge and its monitors) and the read-only FHIR browser, opened
 * after confirming identity, its reads on the demo office's audit trail as the team member's.
 * axe-core is clean on each.
 */

const DEMO_ORG = 'demo-dental';

test('a team member watches live cases, the calendar, the equipment and browses FHIR after sudo (issue 41)', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(420_000);
  const url = baseURL!;
  const uber = await orgMember(url);
  expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
  const session = await uber.browser.gql<{ session: { userId: string } }>('query { session { userId } }');
  const uberId = session.data!.session.userId;
  const context = await contextWith(browser, url, uber.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/vigil-team/live');
  // The team app is loaded on demand: its first screen may take a while on a loaded machine.
  await expect(page.getByRole('heading', { name: 'Live', level: 1 })).toBeVisible({ timeout: 90_000 });
  const office = page.locator(`[data-testid="live-office"][data-org-id="${DEMO_ORG}"]`);
  await expect(office.getByRole('table')).toBeVisible();
  await expect(office.getByRole('row')).not.toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/vigil-team/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible({ timeout: 90_000 });
  const today = await page.evaluate(() => {
    const d = new Date();
    const two = (n: number): string => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  });
  const cell = page.getByTestId(`day-${today}`);
  await expect(cell.getByTestId('appointment-chip').first()).toBeVisible({ timeout: 90_000 });
  await page.getByRole('combobox', { name: 'Organization' }).click();
  await page.getByRole('option', { name: `Practice ${uber.orgId}` }).click();
  await expect(page).toHaveURL(new RegExp(`orgId=${uber.orgId}`));
  // The team member's own new office has no appointments.
  await expect(cell.getByTestId('appointment-chip')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/vigil-team/equipment-planner');
  await expect(page.getByTestId('equipment-org').first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('equipment-org').filter({ hasText: 'Front desk computer' })).toContainText(
    'Operatory 1 monitor',
  );
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/vigil-team/fhir');
  await expect(page.getByRole('heading', { name: 'FHIR', level: 1 })).toBeVisible({ timeout: 90_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/vigil-team/fhir/${DEMO_ORG}`);
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  const reads = (): Promise<number> =>
    withStores(server.dataDir, async ({ resources }) => {
      const events = (await allResources(resources, DEMO_ORG, 'AuditEvent')) as unknown as {
        agent: { who: { identifier: { value: string } } }[];
        entity?: { what?: { reference: string } }[];
      }[];
      return events.filter(
        (e) =>
          e.agent[0]?.who.identifier.value === uberId &&
          e.entity?.some((x) => x.what?.reference.startsWith('Patient/')),
      ).length;
    });
  // The live and calendar screens read the office's patients (names) already, each read audited.
  const before = await reads();
  const seen = (await outbox(url, uber.email)).length;
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your identity' });
  await dialog.getByRole('button', { name: 'Send code' }).click();
  // Nothing is read before the identity is confirmed.
  expect(await reads()).toBe(before);
  const codeOf = async (): Promise<string> =>
    /\b(\d{6})\b/.exec((await outbox(url, uber.email))[seen]?.body ?? '')?.[1] ?? '';
  await expect.poll(codeOf).toMatch(/^\d{6}$/);
  await dialog.getByLabel('Verification code').fill(await codeOf());
  const results = page.getByRole('table', { name: 'Search results' });
  const first = results.getByRole('button', { name: /^View Patient\// }).first();
  await expect(first).toBeVisible();
  await expect(page.getByTestId('fhir-total')).toContainText('Patient resources');
  await expect.poll(reads).toBeGreaterThan(before);
  await first.click();
  await expect(page.getByLabel('Resource JSON')).toContainText('"resourceType": "Patient"');
  await expect(page.getByRole('table', { name: 'Resource history' }).getByRole('row')).not.toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
