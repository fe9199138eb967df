import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { adminCli, join, PASSWORD, person, sudo, type Person } from '../integration/orgs-helpers.js';
import { orgMember } from '../utils/members.js';
import { REPO_ROOT } from '../utils/start-server.js';
import { bookCase, seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

// A step that cannot happen fails in 30 s rather than at the test's end.
test.use({ actionTimeout: 30_000 });

const SHOTS = path.join(REPO_ROOT, 'test-results', 'controlled-drug-ledger');
/** What a USB scanner types for a midazolam package: (01) GTIN, (17) expiry 2030-06-30, (10) lot, GS, (21) serial. */
const SCANNED = `]d2010031234567890617300630` + `10MDZ2291\u001d21S0001`;

test('midazolam received and drawn for a case by a scanned code, charted, wasted with a witness, reconciled in the log', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  // A provider who is the office's admin, a second provider to witness, the ledger turned on by an uber in sudo.
  const [member, uber] = await Promise.all([orgMember(baseURL!), orgMember(baseURL!)]);
  const witness = await person(server, `witness-${member.orgId}@ledger.test`);
  const admin: Person = { browser: member.browser, email: member.email, userId: '' };
  await join(server, admin, member.orgId, witness, ['member', 'provider']);
  expect((await adminCli(server as never, 'make-uber', uber.email)).code).toBe(0);
  await sudo(server, uber);
  const flag = await uber.browser.gql(
    'mutation ($o: String!) { addOrgFeature(orgId: $o, featureName: "drugInventory") { name } }',
    { o: member.orgId },
  );
  expect(flag.code).toBeFalsy();
  const caseId = await bookCase(baseURL!, member.orgId, member.token);

  const context = await contextWith(browser, baseURL!, member.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/inventories`);
  await expect(page.getByText('No inventories yet')).toBeVisible();
  await page.getByLabel('New inventory').fill('Main safe');
  await page.getByRole('button', { name: 'Create inventory' }).click();
  await page.getByRole('link', { name: 'Main safe' }).click();
  await expect(page.getByRole('heading', { name: 'Main safe', level: 1 })).toBeVisible();
  await expect(page.getByText('No lots yet.')).toBeVisible();

  // Receive: the scanner types the code (GS1 group separator included) and Enter.
  const scan = page.getByLabel('Package barcode');
  await scan.click();
  await page.keyboard.type(SCANNED);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Scanned GTIN 00312345678906 · NDC 1234567890 · serial S0001')).toBeVisible();
  await expect(page.getByLabel('Lot number')).toHaveValue('MDZ2291');
  await expect(page.getByLabel('Expiry')).toHaveValue('2030-06-30');
  await page.getByRole('combobox', { name: 'Drug', exact: true }).fill('Midazolam');
  await page.getByRole('option', { name: 'Midazolam' }).click();
  await expect(page.getByLabel('Amount in one package (mg)')).toHaveValue('10');
  await page.getByLabel('Packages received').fill('5');
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(page.getByText('Received 50 mg of Midazolam, lot MDZ2291.')).toBeVisible();
  const lots = page.getByRole('region', { name: 'Lots' });
  await expect(lots.getByText('5 × 10 mg (50 mg)')).toBeVisible();

  // Draw: scanning the same package again opens its dispense, for the booked case.
  await scan.click();
  await page.keyboard.type(SCANNED);
  await page.keyboard.press('Enter');
  const dispense = page.getByRole('dialog', { name: 'Dispense · Midazolam lot MDZ2291' });
  await dispense.getByRole('combobox', { name: 'Case', exact: true }).click();
  await page.getByRole('option', { name: /Ada Lovelace · Implant/ }).click();
  await dispense.getByLabel('Quantity (mg)').fill('10');
  await dispense.getByRole('button', { name: 'Dispense' }).click();
  await expect(dispense).toBeHidden();
  await expect(lots.getByText('4 × 10 mg (40 mg)')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'inventory-1280.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // Chart 4 mg of midazolam IV in the case.
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  await page.getByRole('combobox', { name: 'Drug', exact: true }).fill('Midazolam');
  await page.getByLabel('Route', { exact: true }).selectOption('IV');
  await page.getByLabel('Dose', { exact: true }).fill('4');
  await page.getByRole('button', { name: 'Add drug', exact: true }).click();
  await expect(page.getByText('Midazolam').first()).toBeVisible();
  await expect(page.getByTestId('server-status')).toHaveText('Saved to the server', { timeout: 60_000 });

  // The case screen's reconciliation, live from the charting: 10 mg drawn, 4 given, 6 unaccounted
  // for, and the sign-off checks flag it (SO15) before anyone tries to finalize.
  const panel = page.getByRole('region', { name: 'Controlled drugs' });
  const midazolamRow = panel.getByTestId('case-ledger-row');
  await expect(midazolamRow).toHaveText(/Midazolam\s*6 mg unaccounted for\s*10 mg\s*4 mg\s*0 mg\s*0 mg/, {
    timeout: 60_000,
  });
  await expect(panel.getByTestId('case-ledger-summary')).toHaveText('1 not reconciled');
  const so15 = page.locator('[data-flag-key="SO15:midazolam"]');
  await expect(so15).toContainText(
    'Midazolam does not reconcile: 10 mg drawn, 4 mg given, 0 mg wasted, 0 mg returned (6 mg unaccounted for).',
  );
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'case-ledger-1280.png') });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'case-ledger-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The log for the case, from the panel's link: the same line.
  await panel.getByRole('link', { name: 'Ledger log for this case' }).click();
  await expect(page.getByRole('combobox', { name: 'Case', exact: true })).toHaveValue(/^Ada Lovelace · .* · Implant$/);
  const reconciliation = page.getByRole('region', { name: 'Case reconciliation' });
  await expect(reconciliation).toContainText('Midazolam: Drawn 10 mg · given 4 · wasted 0 · returned 0', {
    timeout: 60_000,
  });
  await expect(reconciliation).toContainText('6 mg unaccounted for');

  // Waste the 6 mg left, witnessed: a wrong password first, then the witness's own.
  await page.goto(`/org/${member.orgId}/inventories`);
  await page.getByRole('link', { name: 'Main safe' }).click();
  await page.getByRole('button', { name: 'Waste Midazolam lot MDZ2291' }).click();
  const waste = page.getByRole('dialog', { name: 'Waste · Midazolam lot MDZ2291' });
  await waste.getByRole('combobox', { name: 'Case', exact: true }).click();
  await page.getByRole('option', { name: /Ada Lovelace · Implant/ }).click();
  await waste.getByLabel('Quantity (mg)').fill('6');
  await waste.getByLabel('Witness email').fill(witness.email);
  await waste.getByLabel('Witness password').fill('not the password');
  await waste.getByRole('button', { name: 'Waste' }).click();
  await expect(waste.getByRole('alert')).toHaveText(
    'The witness could not be confirmed: check the email and password of a member of this organisation whose sign-in is not locked.',
  );
  await waste.getByLabel('Witness password').fill(PASSWORD);
  await waste.getByRole('button', { name: 'Waste' }).click();
  await expect(waste).toBeHidden();
  // The waste came out of what was drawn for the case, not the stock.
  await expect(lots.getByText('4 × 10 mg (40 mg)')).toBeVisible();

  // Reconciled: drawn 10 = given 4 + wasted 6 + returned 0, on the case screen (SO15 gone) and in the log.
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  await expect(midazolamRow).toHaveText(/Midazolam\s*Reconciled\s*10 mg\s*4 mg\s*6 mg\s*0 mg/, { timeout: 60_000 });
  await expect(panel.getByTestId('case-ledger-summary')).toHaveText('Reconciled');
  await expect(page.getByTestId('signoff-count')).toBeVisible();
  await expect(so15).toHaveCount(0);
  await page.goto(`/org/${member.orgId}/inventories`);
  await page.getByRole('link', { name: 'Main safe' }).click();
  await page.getByRole('link', { name: 'Ledger log' }).click();
  await page.getByRole('combobox', { name: 'Case', exact: true }).click();
  await page.getByRole('option', { name: /^Ada Lovelace · .* · Implant$/ }).click();
  await expect(reconciliation).toContainText('Midazolam: Drawn 10 mg · given 4 · wasted 6 · returned 0');
  await expect(reconciliation.getByText('Reconciled')).toBeVisible();
  const table = page.getByRole('table', { name: 'Ledger entries' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('Waste');
  // One page holds them all: no Load more (issue 35 item 8).
  await expect(page.getByTestId('ledger-shown')).toHaveText('All 2 entries shown');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'Time,Entry,Kind,Inventory,Drug,Lot,Quantity,Unit,Patient,Case start,Procedure,Case ID,User,Witness,Reason,Expected,Found,Hash',
  );
  // The case by patient, start and procedure, its id beside them (IV8).
  expect(csv).toMatch(
    new RegExp(`,3,waste,Main safe,Midazolam,MDZ2291,6,mg,Ada Lovelace,[0-9T:.Z-]+,Implant,${caseId},`),
  );
  // The log names the case as the cases list does, and links to it.
  await expect(table.getByRole('link', { name: /^Ada Lovelace · .* · Implant$/ })).toHaveCount(2);
  await page.screenshot({ path: path.join(SHOTS, 'log-1280.png'), fullPage: true });

  // On a phone-sized screen the inventory still reads.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/org/${member.orgId}/inventories`);
  await expect(page.getByRole('link', { name: 'Main safe' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'inventories-phone.png'), fullPage: true });
  await context.close();
});
