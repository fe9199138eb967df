import { orgDocuments } from '../../sync-server/src/store/sync/inspect.test-util.js';
import { orgMember } from '../utils/members.js';
import { withStores } from '../utils/stores.js';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

/*
 * Issue 40, tour mode (spec 000 §2): the account menu's 'Start Tour Mode' opens a guided practice
 * case on a made-up patient; its tips are walked with Next, something is charted (a time and a
 * note), and Leave tour discards it. Then the server is asked: the office holds no patient,
 * appointment, case record or other resource it did not hold before, and no sync document.
 */

/** The resource types a case writes (the case list is the Appointments; the record is the Composition). */
const CASE_TYPES = [
  'Patient',
  'Appointment',
  'Composition',
  'Observation',
  'Binary',
  'MedicationAdministration',
  'AllergyIntolerance',
  'MedicationStatement',
  'Communication',
  'Contract',
] as const;

async function resourceCounts(url: string, orgId: string, token: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const type of CASE_TYPES) {
    const res = await fetch(`${url}/api/fhir/${orgId}/${type}?_count=100&token=${token}`);
    expect(res.status, `${type} search`).toBe(200);
    const bundle = (await res.json()) as { entry?: unknown[] };
    counts[type] = bundle.entry?.length ?? 0;
  }
  return counts;
}

test('Start Tour Mode walks a practice case, charts on it, and leaves nothing in the office records', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(300_000);
  const url = baseURL!;
  const member = await orgMember(url);
  const token = member.browser.token!;
  const before = await resourceCounts(url, member.orgId, token);
  expect(before.Patient).toBe(0);
  expect(before.Appointment).toBe(0);

  const context = await contextWith(browser, url, member.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  // What the page sends while on the tour: no FHIR write, no socket for a tour case.
  const writes: string[] = [];
  const sockets: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/fhir/')) writes.push(`${r.method()} ${r.url()}`);
  });
  page.on('websocket', (ws) => sockets.push(ws.url()));

  await page.goto(`/org/${member.orgId}/cases`);
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Start Tour Mode' }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${member.orgId}/tour$`));

  let tip = page.getByRole('dialog', { name: 'Welcome to tour mode' });
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('Step 1 of 5');
  await expect(page.getByRole('heading', { name: 'Alex Example', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await tip.getByRole('button', { name: 'Next' }).click();
  tip = page.getByRole('dialog', { name: 'The patient' });
  await expect(tip).toBeVisible();
  await tip.getByRole('button', { name: 'Next' }).click();
  tip = page.getByRole('dialog', { name: 'Case times' });
  await expect(tip).toBeVisible();
  await page.getByRole('button', { name: 'Started Monitoring: now' }).click();
  // A set time offers Clear; an empty one does not.
  await expect(page.getByRole('button', { name: 'Started Monitoring: clear' })).toBeVisible();

  await tip.getByRole('button', { name: 'Next' }).click();
  tip = page.getByRole('dialog', { name: 'Notes' });
  await expect(tip).toBeVisible();
  await page.getByLabel('Procedure notes').fill('Practice note from the tour.');
  await tip.getByRole('button', { name: 'Next' }).click();
  tip = page.getByRole('dialog', { name: 'Leave the tour' });
  await expect(tip).toContainText('Step 5 of 5');
  await tip.getByRole('button', { name: 'Leave tour' }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${member.orgId}/cases$`));

  // Back on the tour: a new, empty practice case (the one charted was discarded).
  await page.goto(`/org/${member.orgId}/new-case?tour=1`);
  await expect(page).toHaveURL(new RegExp(`/org/${member.orgId}/tour$`));
  await expect(page.getByRole('dialog', { name: 'Welcome to tour mode' })).toBeVisible();
  await expect(page.getByLabel('Procedure notes')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Started Monitoring: now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Started Monitoring: clear' })).toHaveCount(0);
  await context.close();

  // The server: nothing written for the office.
  expect(writes).toEqual([]);
  expect(sockets.filter((s) => s.includes('tour'))).toEqual([]);
  expect(await resourceCounts(url, member.orgId, token)).toEqual(before);
  expect(await withStores(server.dataDir, ({ db }) => orgDocuments(db, member.orgId), { readonly: true })).toEqual([]);
});
