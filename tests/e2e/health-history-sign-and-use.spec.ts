import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.js';
import { expect, test, untilControlledByServiceWorker } from './fixtures.js';
import { drawSignature, expectNoCrash } from './signature.js';
import { memberContext } from './members.js';
import { REPO_ROOT } from '../utils/start-server.js';

/** A 9-year-old patient, made through the real FHIR API as the front desk would. */
async function childPatient(baseURL: string, orgId: string, token: string): Promise<string> {
  const birth = new Date();
  birth.setUTCFullYear(birth.getUTCFullYear() - 9);
  birth.setUTCMonth(birth.getUTCMonth() - 2);
  const res = await fetch(`${baseURL}/api/fhir/${orgId}/Patient?token=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/fhir+json' },
    body: JSON.stringify({
      resourceType: 'Patient',
      name: [{ given: ['Mila'], family: 'Okafor' }],
      birthDate: birth.toISOString().slice(0, 10),
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${name.replace(/[&]/g, '\\$&')}`) }).click();
}

test('a provider fills every tab for a 9-year-old, sees the two airway errors, signs, sees Most Recent, and a new case shows the history on screen and in its PDF (spec 002 §2, §4, §5, §8; spec 001 §3, §4)', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const patientId = await childPatient(baseURL!, member.orgId, member.token);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/patients/${patientId}`);
  const summary = page.getByRole('region', { name: 'Health History' });
  await expect(summary.getByTestId('hhx-empty')).toBeVisible();
  await summary.getByRole('button', { name: 'New Health History' }).click();
  await expect(page).toHaveURL(/\/health-histories\/[^/]+$/);
  const editor = page.getByRole('dialog', { name: 'Health History' });
  await expect(editor.getByRole('tab', { name: /^Physical/ })).toBeVisible();

  // Physical.
  await openTab(page, 'Physical');
  await editor.getByLabel(/^Height/).fill('132 cm');
  await editor.getByLabel(/^Weight/).fill('28 kg');
  await editor.getByRole('radiogroup', { name: 'ASA classification' }).getByText('1', { exact: true }).click();
  // Allergies: NKDA.
  await openTab(page, 'Allergies');
  await editor.getByRole('button', { name: /NKDA/ }).click();
  // Medications: none.
  await openTab(page, 'Medications');
  await editor.getByRole('button', { name: 'Takes no medications (none)' }).click();
  // Surgical histories: the quick negative answers.
  await openTab(page, 'Surgical');
  for (const name of [
    'Non-surgical hospitalizations: None',
    'Past surgical history: None',
    'Anesthesia history: No known anesthesia complications',
    'Family anesthesia history: No known',
  ]) {
    await editor.getByRole('button', { name }).click();
  }
  // Systems: every category No.
  await openTab(page, 'Systems');
  await editor.getByRole('button', { name: 'Set all unanswered to No' }).click();
  // Airway: upper lip bite Class 3 and TMD 5.5 cm give the two error notes (AW1, AW2).
  await openTab(page, 'Airway Assessment');
  await editor.getByRole('radiogroup', { name: 'Modified Mallampati' }).getByText('Class I', { exact: true }).click();
  await editor.getByRole('radiogroup', { name: 'Upper lip bite test' }).getByText('Class 3', { exact: true }).click();
  await editor.getByLabel('Thyromental distance (cm)').fill('5.5');
  await expect(
    editor.getByText('Inability to bite upper lip is a strong indicator of difficult intubation'),
  ).toBeVisible();
  await expect(editor.getByText('< 6cm is associated with very high difficulty of intubation')).toBeVisible();
  await editor.getByRole('button', { name: 'Lung auscultation: CTAB' }).click();
  await editor.getByRole('button', { name: 'Heart auscultation: RRR w/o murmur' }).click();
  // Consult: no.
  await openTab(page, 'Consult');
  await editor.getByRole('radiogroup', { name: 'Medical consult' }).getByText('No', { exact: true }).click();
  // Other notes.
  await openTab(page, 'Other Notes');
  await editor.getByLabel('Health history notes').fill('Anxious with needles; parent present.');
  await expect(editor.getByTestId('hhx-save-text')).toHaveText('Saved!');

  // The editor meets WCAG 2.1 AA (no serious or critical axe violation).
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/hhx-editor-1280.png' });

  // Review & Complete: the pre-op vitals were not recorded, so the warning shows; sign anyway.
  await openTab(page, 'Review & Complete');
  await expect(editor.getByTestId('review-status-Airway Assessment')).toHaveText(/Complete|Partial/);
  await expect(editor.getByTestId('review-status-Pre-Op Vitals')).toHaveText('Incomplete');
  await expect(editor.getByTestId('hhx-incomplete-warning')).toHaveText(
    "You're signing an an incomplete health history.",
  );
  await editor.getByRole('button', { name: 'Sign and Complete' }).click();
  await drawSignature(page, page.getByTestId('signature-pad'), { inputs: ['mouse', 'pen', 'touch'], strokes: 4 });
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('Signed and completed!')).toBeVisible();
  await expectNoCrash(page);
  // Completion closes the editor after 1.5 s; the summary shows the signed history as Most Recent.
  await expect(editor).toHaveCount(0);
  await expect(page).toHaveURL(/\/health-histories$/);
  const card = page.getByTestId('hhx-card').first();
  await expect(card.getByTestId('hhx-pill')).toHaveText('Most Recent');
  await expect(card.getByTestId('hhx-signer')).toContainText('Signed by');
  // 28 / 1.32² = 16.1: a BMI of at most 18 is one alert; NKDA, none and the negative answers none.
  await expect(card.getByTestId('hhx-alerts')).toHaveText('1 medical alert');
  await expect(card.getByRole('button', { name: 'Update Health History' })).toBeVisible();
  await page.screenshot({ path: 'test-results/hhx-summary-1280.png' });

  // Signed: read-only, with its summary.
  await card.getByRole('button', { name: 'View' }).click();
  await expect(page.getByTestId('hhx-signed-summary')).toBeVisible();
  await page.getByRole('button', { name: 'Close health history' }).click();

  // A new case for the patient uses the signed history (spec 001 §3, §4: HX1 local / elsewhere / both).
  await page.goto(`/org/${member.orgId}/patients/${patientId}`);
  await page.getByRole('link', { name: 'New Case' }).click();
  const form = page.getByRole('form', { name: 'New case' });
  // The form has read the office's providers (the signed-in provider is chosen).
  await expect(form.getByLabel(/^Provider/)).not.toHaveValue('');
  await form.getByRole('button', { name: 'Create Case' }).click();
  await expect(page).toHaveURL(/\/cases\/apt-[A-Za-z0-9]+$/);
  const section = page.locator('#case-health-history');
  const used = section.getByTestId('case-history');
  await expect(used.getByTestId('case-history-pill')).toHaveText('Most Recent');
  await expect(used.getByTestId('case-history-alerts')).toHaveText('1 medical alert');
  await used.getByRole('button', { name: 'Use in this case' }).click();
  await expect(section.getByTestId('case-history-copied')).toContainText('Copied from the health history');
  await expect(section.getByTestId('case-history-field-healthHistoryNotes')).toHaveText(
    'Health history notes: Anxious with needles; parent present.',
  );
  // The airway examination is copied (both: examined again on the day), with its two error notes.
  const airway = section.getByRole('group', { name: 'Airway examination' });
  await expect(airway.getByLabel('Upper lip bite')).toHaveValue('3');
  await expect(airway.getByLabel('Thyromental distance (cm)')).toHaveValue('5.5');
  await expect(
    airway.getByText('Inability to bite upper lip is a strong indicator of difficult intubation'),
  ).toBeVisible();
  await expect(airway.getByText('< 6cm is associated with very high difficulty of intubation')).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText('saved');

  // Finalized, the PDF prints them.
  await page.getByRole('button', { name: 'Started Monitoring: now' }).click();
  const report = page.getByRole('region', { name: 'Report', exact: true });
  await report.getByRole('button', { name: 'Sign and Finalize' }).click();
  const signing = page.getByRole('dialog');
  await drawSignature(page, signing.getByTestId('signature-pad'), { inputs: ['touch', 'pen'], strokes: 3 });
  await signing.getByRole('button', { name: 'Sign and Finalize' }).click();
  await expect(report.getByText('Report finalized')).toBeVisible();
  await expectNoCrash(page);
  const [pdfTab] = await Promise.all([
    context.waitForEvent('page'),
    report.getByRole('button', { name: 'Open PDF' }).click(),
  ]);
  await expect.poll(() => pdfTab.url()).toMatch(/\/api\/report-pdf\/[A-Za-z0-9_-]+$/);
  const pdf = await context.request.get(pdfTab.url());
  const dir = path.join(REPO_ROOT, 'test-results', 'health-history-sign-and-use');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const printed of [
    'Anxious with needles; parent present.',
    'Upper lip bite: Class 3',
    'Thyromental distance: 5.5 cm',
    'CTAB',
    'RRR w/o murmur',
    'NKDA',
  ]) {
    expect(text).toContain(printed);
  }
  await context.close();
});

test('offline edits to an in-progress history survive a reload and sync when the network returns (spec 001 §4)', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const patientId = await childPatient(baseURL!, member.orgId, member.token);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/org/${member.orgId}/patients/${patientId}/health-histories`);
  await page.getByRole('button', { name: 'New Health History' }).click();
  const editor = page.getByRole('dialog', { name: 'Health History' });
  await openTab(page, 'Other Notes');
  await expect(editor.getByTestId('hhx-save-text')).toHaveText('Saved!');
  const url = page.url();
  await page.screenshot({ path: 'test-results/hhx-editor-390.png' });

  await untilControlledByServiceWorker(page);

  await context.setOffline(true);
  await editor.getByLabel('Health history notes').fill('Written offline in the operatory.');
  await expect(editor.getByTestId('device-status')).toHaveText('Saved on this device');
  await expect(editor.getByTestId('server-status')).toHaveText('Not yet saved to the server');
  // A reload with no network: the app comes from the service worker, the history from this device.
  await page.reload();
  await expect(editor.getByRole('tab', { name: /^Other Notes/ })).toHaveAccessibleName('Other Notes Complete');
  await openTab(page, 'Other Notes');
  await expect(editor.getByLabel('Health history notes')).toHaveValue('Written offline in the operatory.');
  await expect(editor.getByTestId('connection-status')).toContainText('Offline');
  await context.setOffline(false);
  await expect(editor.getByTestId('hhx-save-text')).toHaveText('Saved!');

  // The server has it: the Composition's projection carries the note.
  const id = /health-histories\/([^/?]+)/.exec(url)![1]!;
  await expect
    .poll(async () => {
      const res = await fetch(`${baseURL!}/api/fhir/${member.orgId}/Composition/${id}?token=${member.token}`);
      const c = (await res.json()) as { extension?: { valueAttachment?: { data?: string } }[] };
      const data = c.extension?.find((e) => e.valueAttachment?.data)?.valueAttachment?.data;
      return data ? Buffer.from(data, 'base64').toString('utf8') : '';
    })
    .toContain('Written offline in the operatory.');
  await context.close();
});
