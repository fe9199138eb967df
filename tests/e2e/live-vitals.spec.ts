import type { Page } from '@playwright/test';
import { DATA_IS_DELAYED } from '@vigil/shared';
import { orgMember, uniqueOrgId } from '../utils/members.js';
import { bookCase, seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith, memberContext, secondDevice } from './members.js';
import { superuser } from './org-setup.js';

const pad = (n: number): string => String(n).padStart(2, '0');
const hm = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** Opens a case on a tablet and starts its simulated monitor (a reading at once, then every 5 s). */
async function chartWithSimulatedMonitor(tablet: Page, orgId: string, caseId: string): Promise<void> {
  await tablet.setViewportSize({ width: 1280, height: 800 });
  await tablet.goto(`/org/${orgId}/cases/${caseId}`);
  await expect(tablet.getByLabel('Procedure', { exact: true })).toBeEnabled({ timeout: 90_000 });
  await tablet.getByLabel('Simulated monitor').check();
  await expect(tablet.getByTestId('vitals-banner').getByText('Simulated')).toBeVisible();
}

test('a tablet charts with the simulated monitor; a second screen on live vitals sees the readings arrive and, as its clock moves, turn orange, red and then no data; the calendar shows the case live (issue 38; spec 002 §4, §9; spec 000 §4)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { member, context } = await memberContext(browser, baseURL!);
  const caseId = await bookCase(baseURL!, member.orgId, member.token);

  // The office's second screen, on its own clock (the page clock, flowing until paused).
  const wall = await (await secondDevice(browser, baseURL!, member)).newPage();
  await wall.setViewportSize({ width: 1280, height: 800 });
  await wall.clock.install({ time: Date.now() });
  await wall.goto(`/org/${member.orgId}/live-vitals`);
  await expect(wall.getByRole('heading', { name: 'Live Vitals' })).toBeVisible();
  await expect(wall.getByTestId('live-empty')).toHaveText('No cases in progress. A case appears here once it starts.');
  expect(await seriousViolations(wall)).toEqual([]);

  // The tablet charts: the case appears on the wall without a reload, fresh, opening the case.
  const tablet = await context.newPage();
  await chartWithSimulatedMonitor(tablet, member.orgId, caseId);
  const row = wall.locator(`[data-testid="live-case"][data-case-id="${caseId}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('live-hr')).toHaveText(/^\d+$/);
  await expect(row.getByTestId('live-spo2')).toHaveText(/^\d+$/);
  await expect(row).toHaveAttribute('data-freshness', 'fresh');
  await expect(row.getByText('Simulated', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Open case: Ada Lovelace' })).toHaveAttribute(
    'href',
    `/org/${member.orgId}/cases/${caseId}`,
  );
  expect(await seriousViolations(wall)).toEqual([]);

  // The office's calendar shows the appointment 'live' while its case receives readings (CAL5, LV3).
  const desk = await context.newPage();
  await desk.goto(`/org/${member.orgId}`);
  const today = await desk.evaluate(() => {
    const d = new Date();
    const two = (n: number): string => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  });
  await desk.getByTestId(`day-${today}`).click();
  const item = desk.getByTestId('day-popup').getByTestId('appointment');
  await expect(item).toHaveAttribute('data-state', 'live');
  await expect(item.getByTestId('appointment-state')).toHaveText('Live');
  await desk.close();

  // The wall's clock stops; the tablet stops its monitor and charts when monitoring started, so
  // the wall's last summary is read from a document holding every reading.
  const frozen = (await wall.evaluate(() => Date.now())) + 1_000;
  await wall.clock.pauseAt(frozen);
  await tablet.getByLabel('Simulated monitor').uncheck();
  // Ten minutes ago, to the minute (at midnight at the earliest: the field takes a time of today).
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  const started = new Date(Math.max(Date.now() - 10 * 60_000, midnight.getTime()));
  started.setSeconds(0, 0);
  const field = tablet.getByLabel('Started Monitoring', { exact: true });
  await field.fill(hm(started));
  await field.press('Enter');
  await expect(field).toHaveValue(hm(started));
  await expect(tablet.getByTestId('save-status')).toHaveText('saved');
  await expect(row).toHaveAttribute('data-started-at', String(started.getTime()), { timeout: 30_000 });
  const last = Number(await row.getAttribute('data-last-reading-at'));
  await expect(row).toHaveAttribute('data-freshness', 'fresh');

  // The wall's clock is moved to a time after the last reading (the screen's clock moves every second).
  const runUntil = async (at: number): Promise<void> => {
    const now = await wall.evaluate(() => Date.now());
    if (at > now) await wall.clock.runFor(at - now);
  };
  expect(last + 20_001).toBeGreaterThan(frozen);
  // 20 s after the last reading and a second more: orange.
  await runUntil(last + 21_001);
  await expect(row).toHaveAttribute('data-freshness', 'orange');
  await expect(row.getByTestId('live-delayed')).toHaveText(DATA_IS_DELAYED);
  await expect(row.getByTestId('live-hr')).toHaveText(/^\d+$/);
  // axe-core schedules its work on timers: the clock flows while it reads the orange row, then
  // stops again (the row may have turned red meanwhile: both states are read by axe this way).
  await wall.clock.resume();
  expect(await seriousViolations(wall)).toEqual([]);
  await wall.clock.pauseAt((await wall.evaluate(() => Date.now())) + 1_000);
  // 30 s: red.
  await runUntil(last + 31_001);
  await expect(row).toHaveAttribute('data-freshness', 'red');
  await expect(row.getByTestId('live-delayed')).toHaveText(DATA_IS_DELAYED);
  // 60 s: the values are hidden, 'no data'.
  await runUntil(last + 61_001);
  await expect(row).toHaveAttribute('data-freshness', 'noData');
  await expect(row.getByTestId('live-hr')).toHaveText('–');
  await expect(row.getByText('no data')).toBeVisible();
});

test('a parent organisation’s admin sees a child office’s case in progress, under the office’s name (issue 41)', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(300_000);
  const [office, parent, uber] = await Promise.all([orgMember(baseURL!), orgMember(baseURL!), superuser(server)]);
  const groupId = uniqueOrgId('group');
  const made = await parent.browser.gql(
    'mutation ($o: String) { createOrg(orgId: $o, orgType: "parent", orgName: "Smile Group") { orgId } }',
    { o: groupId },
  );
  expect(made.code).toBeFalsy();
  const linked = await uber.browser.gql(
    'mutation ($o: String!, $p: [ID!]) { updateOrg(orgId: $o, properties: { parentOrgs: $p }) { id } }',
    { o: office.orgId, p: [groupId] },
  );
  expect(linked.code).toBeFalsy();

  const admin = await (await contextWith(browser, baseURL!, parent.browser)).newPage();
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto(`/parent/${groupId}/live`);
  await expect(admin.getByRole('heading', { name: 'Live', exact: true })).toBeVisible();
  await expect(admin.getByTestId('live-empty')).toBeVisible();

  const caseId = await bookCase(baseURL!, office.orgId, office.token);
  const tablet = await (await contextWith(browser, baseURL!, office.browser)).newPage();
  await chartWithSimulatedMonitor(tablet, office.orgId, caseId);

  // The child office's case arrives on the parent's screen (its office's stream), under its name.
  const section = admin.locator(`[data-testid="live-office"][data-org-id="${office.orgId}"]`);
  await expect(section.getByRole('heading', { name: `Practice ${office.orgId}` })).toBeVisible({ timeout: 30_000 });
  const row = section.locator(`[data-testid="live-case"][data-case-id="${caseId}"]`);
  await expect(row.getByTestId('live-hr')).toHaveText(/^\d+$/);
  await expect(row.getByRole('link', { name: 'Open case: Ada Lovelace' })).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
});
