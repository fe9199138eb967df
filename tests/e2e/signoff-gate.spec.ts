import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { orgMember, uniqueOrgId } from '../utils/members.js';
import { REPO_ROOT } from '../utils/start-server.js';
import { addVitals, bookChild, choose, signedHistory } from './charting.js';
import { expect, test } from './fixtures.js';
import { drawSignature } from './signature.js';
import { contextWith } from './members.js';
import { superuser, turnOnFeatures } from './org-setup.js';

const SHOTS = path.join(REPO_ROOT, 'test-results', 'signoff-gate');
/** The name tests/integration/accounts-client.ts signs members up with. */
const SIGNER = 'Dr. Test Person, DDS';
const MINUTE = 60_000;
const SET_POLICY = `mutation ($orgId: String, $ruleType: String!, $ruleValue: String!, $levels: [String!]) {
  setPolicy(orgId: $orgId, ruleSubject: anesthesiaRecord, ruleType: $ruleType, ruleValue: $ruleValue,
    relevantSedationLevels: $levels) { id } }`;

/**
 * A time zone in which it is about midday now (Etc/GMT-N is N hours ahead of UTC), so the case's
 * times, typed as HH:MM of today, never cross midnight whenever the test runs.
 */
function middayZone(): string {
  const ahead = Math.max(-12, Math.min(14, 12 - new Date().getUTCHours()));
  return ahead === 0 ? 'Etc/GMT' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
}
const ZONE = middayZone();
test.use({ timezoneId: ZONE, actionTimeout: 30_000 });

/** HH:MM in the browser's zone, as the case screen and the sign-off messages write it. */
const hm = (ms: number): string =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);

/** The serious and critical axe-core violations (WCAG 2.1 A and AA) inside one element. */
async function violationsIn(page: Page, selector: string): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Screenshots of one element at a laptop's and a phone's size, kept with the test's artifacts. */
async function shots(page: Page, selector: string, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['1280', { width: 1280, height: 800 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.locator(selector).scrollIntoViewIfNeeded();
    await page.locator(selector).screenshot({ path: path.join(SHOTS, `${name}-${size}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a provider sees a missed checkpoint and an overdose of lidocaine for a 20 kg child block signing, fixes one, overrides the other with a reason, and the signed PDF prints the override (issue 29)', async ({
  browser,
  baseURL,
  server,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  // An office with the policies flag on and no policy written: SO6 and SO13 block by default (PO3).
  const member = await orgMember(baseURL!);
  const [{ caseId, patientId }] = await Promise.all([
    bookChild(baseURL!, member.orgId, member.token),
    turnOnFeatures(server, member.orgId, 'policies'),
  ]);
  await signedHistory(baseURL!, member, patientId, { allergiesSummary: 'NKDA' });

  const context = await contextWith(browser, baseURL!, member.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  await expect(page.getByLabel('Procedure', { exact: true })).toBeEnabled();

  // What a clean sign-off needs, charted as a provider would: level, weight, NPO, ASA, consent.
  await choose(page, 'Sedation level', 'Moderate');
  await page.getByLabel('Weight (kg)').fill('20');
  await page.getByLabel('Last food').fill('19:30 yesterday');
  await page.getByLabel('Last drink').fill('06:00 clear fluids');
  await choose(page, 'ASA classification', '1');
  await page.getByRole('button', { name: 'Use standard checklist' }).click();
  // Every item of the standard checklist is in before one is ticked.
  await expect(page.getByRole('group', { name: 'Pre-op checklist' }).getByRole('checkbox')).toHaveCount(6);
  // The tick reaches the box through the case document (its list re-read), not in the click itself.
  const consent = page.getByRole('checkbox', { name: 'Consent signed' });
  await consent.click();
  await expect(consent).toBeChecked();
  // The health history signed before the visit, used in the case.
  const history = page.locator('#case-health-history');
  await history.getByRole('button', { name: 'Use in this case' }).click();
  await expect(history.getByText('Used by this case')).toBeVisible();

  // Monitoring started ten minutes ago; readings at the start and at ten minutes, none at five.
  const t0 = Math.floor(Date.now() / MINUTE) * MINUTE - 10 * MINUTE;
  const monitoring = page.getByLabel('Started Monitoring', { exact: true });
  await monitoring.fill(hm(t0));
  await monitoring.press('Enter');
  await expect(monitoring).toHaveValue(hm(t0));
  await addVitals(page, { sbp: '110', dbp: '70', hr: '96', spo2: '99', time: hm(t0) });
  await addVitals(page, { sbp: '104', dbp: '66', hr: '88', spo2: '98', time: hm(t0 + 10 * MINUTE) });

  // Three cartridges of lidocaine 2 % 1:100,000 at once: 3 × 1.8 mL × 20 mg/mL = 108 mg, past the
  // AAPD maximum of 4.4 mg/kg × 20 kg = 88 mg (108 / 88 = 122.7… → 122.8 %).
  await page.getByRole('radio', { name: 'Lidocaine 2% 1:100,000' }).click();
  await page.getByLabel('Amount').fill('3');
  await page.getByRole('button', { name: 'Give dose' }).click();
  await page
    .getByRole('dialog', { name: 'Over the maximum dose' })
    .getByRole('button', { name: 'Give anyway' })
    .click();
  await expect(page.getByTestId('la-combined')).toHaveText('122.8% of max');

  // Outcome, discharge score (Aldrete, every item 2) and the provider's signature.
  await page.getByLabel('Final room air SpO2 (%)').fill('98');
  const discharge = page.getByRole('region', { name: 'Discharge' });
  for (const item of ['Oxygenation', 'Respiratory stability', 'Consciousness', 'Pain', 'Nausea', 'Gait']) {
    await choose(discharge, item, '2');
  }
  await expect(page.getByTestId('discharge-state')).toHaveText('Complete: target met');
  await page.getByRole('button', { name: 'Add Signature' }).click();
  await drawSignature(page, page.getByRole('dialog').getByTestId('signature-pad'));
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Signatures' })).toContainText(SIGNER);

  // Sign-off checks: the missed checkpoint and the overdose block; the 80 % rule (SO14) warns.
  const checks = page.locator('#case-signoff');
  const checkpoint = `No vitals at the ${hm(t0 + 5 * MINUTE)} checkpoint (every 5 minutes at moderate sedation).`;
  const overdose = 'Lidocaine is at 122.8 % of its maximum dose (pediatric dentistry (AAPD) limits).';
  await expect(checks.getByTestId('signoff-count')).toHaveText('3 open, 2 blocking');
  const so6 = checks.locator('[data-flag-key^="SO6:"]');
  await expect(so6).toContainText(checkpoint);
  await expect(so6).toContainText('Blocks signing');
  await expect(checks.locator('[data-flag-key="SO13:local:lidocaine"]')).toContainText(overdose);
  await expect(checks.locator('[data-flag-key="SO13:local:lidocaine"]')).toContainText('Blocks signing');
  await expect(checks.locator('[data-flag-key^="SO14"]')).toContainText('Warning');
  await shots(page, '#case-signoff', 'signoff-checks');
  expect(await violationsIn(page, '#case-signoff')).toEqual([]);
  // A row takes the provider to the section to fix: the Vitals heading has the focus.
  await so6.getByRole('button').click();
  await expect(page.locator('#vitals-title')).toBeFocused();

  // Finalize is refused by the server: the override step lists the two blocking flags.
  await expect(page.getByTestId('save-status')).toHaveText('saved');
  const report = page.getByRole('region', { name: 'Report', exact: true });
  await report.getByRole('button', { name: 'Sign and Finalize' }).click();
  await drawSignature(page, page.getByRole('dialog').getByTestId('signature-pad'));
  await page.getByRole('dialog').getByRole('button', { name: 'Sign and Finalize' }).click();
  const step = page.getByTestId('signoff-override-step');
  await expect(step).toBeVisible();
  // The step takes the focus and says what blocks, each flag with the way to fix it.
  await expect(step.getByRole('heading', { name: 'Finalizing is blocked by 2 sign-off flags' })).toBeFocused();
  await expect(step.locator('[data-flag]')).toHaveText([
    new RegExp(`^SO6: ${checkpoint.replace(/[.()]/g, '\\$&')}Fix it in Vitals`),
    /^SO13: Lidocaine is at 122.8 % .*Fix it in Local anesthetics/,
  ]);
  await expect(step.getByTestId('signoff-override-summary')).toHaveText(
    'No reason given yet: signing checks the case again, so every flag must be fixed in the case.',
  );
  await expect(page.getByTestId('finalize-progress')).toHaveCount(0);
  await shots(page, '[data-testid="signoff-override-step"]', 'override-step');
  expect(await violationsIn(page, '[data-testid="signoff-override-step"]')).toEqual([]);

  // Fix the checkpoint (the five-minute reading, charted late), override the dose with a reason.
  await step.locator('[data-flag="SO6"]').getByRole('button', { name: 'Fix it in Vitals' }).click();
  await expect(page.locator('#vitals-title')).toBeFocused();
  await addVitals(page, { sbp: '106', dbp: '68', hr: '92', spo2: '98', time: hm(t0 + 5 * MINUTE) });
  await expect(checks.getByTestId('signoff-count')).toHaveText('2 open, 1 blocking');
  await expect(page.getByTestId('save-status')).toHaveText('saved');
  const reason = 'Long appointment: four quadrants needed; dose discussed with the parent, child monitored.';
  await step.getByLabel('Reason to override SO13').fill(reason);
  await expect(step.getByTestId('signoff-override-summary')).toHaveText(
    '1 of 2 flags will be overridden; the others must be fixed in the case.',
  );
  await step.getByRole('button', { name: 'Override and sign' }).click();
  await expect(report.getByText('Report finalized')).toBeVisible();
  await expect(step).toHaveCount(0);
  await expect(checks.locator('[data-flag-key="SO13:local:lidocaine"]')).toContainText(
    `Overridden by ${SIGNER}: ${reason}`,
  );

  // The signed PDF prints the override: the flag, the reason and who overrode it; not the fixed flag.
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    report.getByRole('button', { name: 'Open PDF' }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/\/api\/report-pdf\/[A-Za-z0-9_-]+$/);
  const pdf = await context.request.get(tab.url());
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const file = path.join(SHOTS, 'report.pdf');
  writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('Sign-off overrides');
  expect(text).toContain(overdose);
  expect(text).toContain(reason);
  expect(text).toContain(SIGNER);
  expect(text).not.toContain(checkpoint);
  await context.close();
});

test('an admin sees the parent organisation’s sign-off policies read-only, and adds, changes and removes the office’s own (issue 29)', async ({
  browser,
  baseURL,
  server,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  // The office is overseen by a group; the group makes the final room-air SpO2 (SO8) warn only at moderate.
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
  await turnOnFeatures(server, office.orgId, 'policies');
  const parentPolicy = await parent.browser.gql(SET_POLICY, {
    orgId: groupId,
    ruleType: 'SO8',
    ruleValue: 'warn',
    levels: ['moderate'],
  });
  expect(parentPolicy.code).toBeFalsy();

  const context = await contextWith(browser, baseURL!, office.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${office.orgId}/settings`);
  const editor = page.getByRole('region', { name: 'Sign-off policies' });
  const status = editor.getByTestId('policy-status');
  // The parent's policy, read-only: who set it, what it says, and the default elsewhere.
  await expect(editor.locator('[data-rule="SO8"] [data-inherited]')).toHaveText(
    `Set by the parent organization ${groupId}: Warn (Moderate); default (block) at other levels. Read-only here.`,
  );
  const so8 = editor.getByRole('combobox', { name: 'SO8 Final room-air SpO2 recorded: action' });
  await expect(so8).toHaveValue('default');
  await expect(so8.locator('option:checked')).toHaveText('Not set here (see above)');

  // Add: the 80 % local anesthetic warning off, then only at moderate sedation.
  const so14 = editor.getByRole('combobox', { name: 'SO14 Cumulative local anesthetic below 80 %: action' });
  await so14.selectOption('off');
  await expect(status).toHaveText('Saved: SO14 Off (all levels).');
  await editor.getByRole('checkbox', { name: 'SO14 at Moderate' }).check();
  await expect(status).toHaveText('Saved: SO14 Off (Moderate).');
  // Change: the office makes SO8 block after all (its own policy wins over the parent's).
  await so8.selectOption('block');
  await expect(status).toHaveText('Saved: SO8 Block (all levels).');
  await shots(page, 'section[aria-labelledby="signoff-policies"]', 'policy-editor');
  expect(await violationsIn(page, 'section[aria-labelledby="signoff-policies"]')).toEqual([]);

  // What was saved is what the server has: a reload shows it.
  await page.reload();
  await expect(so14).toHaveValue('off');
  await expect(editor.getByRole('checkbox', { name: 'SO14 at Moderate' })).toBeChecked();
  await expect(editor.getByRole('checkbox', { name: 'SO14 at Deep' })).not.toBeChecked();
  await expect(so8).toHaveValue('block');

  // Delete: SO8 back to what the parent says.
  await so8.selectOption('default');
  await expect(status).toHaveText('SO8 is back to its default.');
  await expect(so8).toHaveValue('default');

  // Another admin removed SO14 meanwhile: removing it here says so plainly and shows what is saved.
  const listed = await office.browser.gql<{ policies: { id: string; ruleType: string; ownerType: string }[] }>(
    'query ($o: String) { policies(orgId: $o, ruleSubject: anesthesiaRecord) { id ruleType ownerType } }',
    { o: office.orgId },
  );
  const own = listed.data!.policies.find((p) => p.ruleType === 'SO14' && p.ownerType === 'org')!;
  const removed = await office.browser.gql(
    'mutation ($o: String, $id: String!) { deletePolicy(orgId: $o, id: $id) { id } }',
    {
      o: office.orgId,
      id: own.id,
    },
  );
  expect(removed.code).toBeFalsy();
  await so14.selectOption('default');
  await expect(editor.getByTestId('policy-error')).toHaveText(
    'That policy was already removed (by another admin or on another device). The list now shows what is saved.',
  );
  await expect(so14).toHaveValue('default');
  await expect(editor.getByRole('checkbox', { name: 'SO14 at Moderate' })).toHaveCount(0);
  await context.close();
});
