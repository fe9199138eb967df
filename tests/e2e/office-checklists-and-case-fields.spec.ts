import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { seriousViolations } from './axe.js';
import { expect, test, untilControlledByServiceWorker } from './fixtures.js';
import { memberContext } from './members.js';
import { drawSignature } from './signature.js';
import { REPO_ROOT } from '../utils/start-server.js';

/*
 * Issue 39: the office edits its checklists on its settings page and the next new case starts with
 * them; the last case fields (procedure date, responsible companion, other local anesthetics, the
 * notes' signature) are filled on the case screen and printed on the signed PDF.
 */

const FHIR = { 'content-type': 'application/fhir+json' };

async function addPatient(context: BrowserContext, orgId: string, given: string, family: string): Promise<void> {
  const made = await context.request.post(`/api/fhir/${orgId}/Patient`, {
    headers: FHIR,
    data: { resourceType: 'Patient', name: [{ use: 'official', given: [given], family }], birthDate: '1990-01-02' },
  });
  expect(made.status()).toBe(201);
}

/** Creates a case for the patient on the new-case screen; answers when the case screen is open. */
async function newCase(page: Page, orgId: string, patient: string): Promise<void> {
  await page.goto(`/org/${orgId}/new-case`);
  const form = page.getByRole('form', { name: 'New case' });
  await expect(form.getByLabel(/^Provider/)).not.toHaveValue('');
  await form.getByLabel(/^Patient/).fill(patient.slice(0, 5));
  await page.getByRole('option', { name: new RegExp(`^${patient}`) }).click();
  await form.getByRole('button', { name: 'Create Case' }).click();
  await expect(page).toHaveURL(/\/cases\/apt-[a-z0-9]{14}$/);
}

test('a checklist edited at the office appears in the next new case, and a started case keeps its own', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  await addPatient(context, member.orgId, 'Oskar', 'Lindgren');
  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/settings`);
  const lists = page.getByRole('region', { name: 'Checklists' });
  const preOp = lists.getByRole('textbox', { name: 'Pre-op checklist' });
  await expect(preOp).toHaveValue('');
  await preOp.fill('1. Consent signed\n2. Escort present\n\n- Glasses off');
  await expect(lists.getByText('Contains 3 items')).toBeVisible();
  await lists.getByRole('button', { name: 'Save' }).first().click();
  await expect(lists.getByText('Saved updated list.')).toBeVisible();
  await expect(preOp).toHaveValue('Consent signed\nEscort present\nGlasses off');
  await lists.getByRole('textbox', { name: 'Operative checks' }).fill('Count sponges');
  await lists.getByRole('button', { name: 'Save' }).nth(1).click();
  // Each form says its own list was saved.
  await expect(lists.getByText('Saved updated list.')).toHaveCount(2);
  // The checklist form is clean for axe-core (WCAG 2.1 A and AA), as the rest of the page.
  expect(await seriousViolations(page)).toEqual([]);

  await newCase(page, member.orgId, 'Oskar Lindgren');
  const checklist = page.getByRole('group', { name: 'Pre-op checklist' });
  await expect(checklist.getByRole('checkbox')).toHaveCount(3);
  await expect(checklist.getByRole('checkbox', { name: 'Consent signed' })).not.toBeChecked();
  await expect(checklist.getByRole('checkbox', { name: 'Glasses off' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Operative checks' }).getByText('Count sponges')).toBeVisible();
  await checklist.getByRole('checkbox', { name: 'Escort present' }).check();
  await expect(page.getByTestId('save-status')).toHaveText('saved');
  const caseUrl = page.url();

  // The office changes its list: the case already made keeps its own.
  await page.goto(`/org/${member.orgId}/settings`);
  await lists.getByRole('textbox', { name: 'Pre-op checklist' }).fill('Monitors applied');
  await lists.getByRole('button', { name: 'Save' }).first().click();
  await expect(lists.getByText('Saved updated list.')).toBeVisible();
  await page.goto(caseUrl);
  const again = page.getByRole('group', { name: 'Pre-op checklist' });
  await expect(again.getByRole('checkbox')).toHaveCount(3);
  await expect(again.getByRole('checkbox', { name: 'Escort present' })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: 'Monitors applied' })).toHaveCount(0);
  await context.close();
});

test('an offline tablet starts its new case with the office’s lists it last read', async ({ browser, baseURL }) => {
  const { member, context } = await memberContext(browser, baseURL!);
  await addPatient(context, member.orgId, 'Oskar', 'Lindgren');
  const saved = await context.request.post('/api/graphql', {
    data: {
      query: `mutation { setOrgChecklist(orgId: "${member.orgId}", kind: preOpChecklist, items: ["Consent signed", "Escort present"]) { preOpChecklist } }`,
    },
  });
  expect(((await saved.json()) as { errors?: unknown }).errors).toBeUndefined();
  const tablet = await context.newPage();
  await tablet.goto(`/org/${member.orgId}/new-case`);
  const form = tablet.getByRole('form', { name: 'New case' });
  await expect(form.getByLabel(/^Provider/)).not.toHaveValue('');
  await untilControlledByServiceWorker(tablet);
  // One case opened online: the tablet reads the office's lists and keeps them with its settings.
  await newCase(tablet, member.orgId, 'Oskar Lindgren');
  await expect(tablet.getByRole('group', { name: 'Pre-op checklist' }).getByRole('checkbox')).toHaveCount(2);

  await tablet.goto(`/org/${member.orgId}/new-case`);
  await expect(form.getByLabel(/^Provider/)).not.toHaveValue('');
  await context.setOffline(true);
  await form.getByLabel(/^Patient/).fill('Oskar');
  await tablet.getByRole('option', { name: /^Oskar Lindgren/ }).click();
  await form.getByRole('button', { name: 'Create Case' }).click();
  await expect(tablet).toHaveURL(/\/cases\/apt-[a-z0-9]{14}$/);
  const checklist = tablet.getByRole('group', { name: 'Pre-op checklist' });
  await expect(checklist.getByRole('checkbox', { name: 'Consent signed' })).toBeVisible();
  await expect(checklist.getByRole('checkbox', { name: 'Escort present' })).toBeVisible();
  await context.setOffline(false);
  await context.close();
});

test('the last case fields are filled on the case screen and printed on the signed PDF', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  await addPatient(context, member.orgId, 'Ada', 'Lovelace');
  const page = await context.newPage();
  await newCase(page, member.orgId, 'Ada Lovelace');

  await page.getByLabel('Procedure date').fill('2026-11-27');
  await page.getByRole('textbox', { name: 'Responsible companion' }).fill('Charles Babbage (husband)');
  await page.getByLabel('Print the pre-op checklist on its own page').check();
  await page.getByRole('textbox', { name: 'Other local anesthetics' }).fill('Benzocaine 20% gel');
  const notes = page.getByRole('textbox', { name: 'Procedure notes' });
  await notes.fill('Uneventful extraction');
  await page
    .getByRole('group', { name: 'Suggested procedure sentences' })
    .getByRole('button', { name: 'No complications' })
    .click();
  await expect(notes).toHaveValue('Uneventful extraction. No complications');
  await page.getByRole('textbox', { name: 'Procedure signer' }).fill('Dr. Grace Hopper');
  await page.getByRole('button', { name: 'Sign procedure notes' }).click();
  const pad = page.getByRole('dialog');
  await drawSignature(page, pad.getByTestId('signature-pad'));
  await pad.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByTestId('procedureNotesSignature-signed')).toContainText('Signed by Dr. Grace Hopper');

  await page.getByRole('button', { name: 'Started Monitoring: now' }).click();
  await expect(page.getByTestId('save-status')).toHaveText('saved');
  const report = page.getByRole('region', { name: 'Report', exact: true });
  await report.getByRole('button', { name: 'Sign and Finalize' }).click();
  const dialog = page.getByRole('dialog');
  await drawSignature(page, dialog.getByTestId('signature-pad'));
  await dialog.getByRole('button', { name: 'Sign and Finalize' }).click();
  await expect(report.getByText('Report finalized')).toBeVisible();

  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    report.getByRole('button', { name: 'Open PDF' }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/\/api\/report-pdf\/[A-Za-z0-9_-]+$/);
  const pdf = await context.request.get(tab.url());
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const dir = path.join(REPO_ROOT, 'test-results', 'office-checklists-and-case-fields');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('2026-11-27');
  expect(text).toContain('Responsible companion');
  expect(text).toContain('Charles Babbage (husband)');
  expect(text).toContain('Other local anesthetics');
  expect(text).toContain('Benzocaine 20% gel');
  expect(text).toContain('Uneventful extraction. No complications');
  expect(text).toContain('Signed by Dr. Grace Hopper');
  await context.close();
});
