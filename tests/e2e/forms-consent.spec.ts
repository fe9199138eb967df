import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_ARGS } from '../../sync-server/src/report/chromium.js';
import { orgMember } from '../utils/members.js';
import { REPO_ROOT } from '../utils/start-server.js';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { drawSignature, expectNoCrash } from './signature.js';
import { contextWith } from './members.js';
import { fhirPoster, turnOnFeatures } from './org-setup.js';

// The patient's phone has a camera: Chromium's fake device and no permission prompt.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const MOBILE = '+12015550123';
const SHOTS = path.join(REPO_ROOT, 'test-results', 'forms-consent');

test('an admin builds a consent form, sends it by SMS, the patient signs it on a phone, the front desk opens the contract PDF and comments', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  // An office with the form builder on (turned on by an internal uber in sudo, spec 000 §6).
  const member = await orgMember(baseURL!);
  await turnOnFeatures(server, member.orgId, 'formBuilder');
  const post = fhirPoster(baseURL!, member);
  const patientId = await post('Patient', {
    name: [{ given: ['Grace'], family: 'Hopper' }],
    birthDate: '1986-12-09',
    telecom: [{ system: 'phone', value: MOBILE, use: 'mobile' }],
  });
  const appointmentId = await post('Appointment', {
    status: 'booked',
    description: 'Wisdom teeth',
    start: new Date(Date.now() + 86_400_000).toISOString(),
    end: new Date(Date.now() + 90_000_000).toISOString(),
    participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
  });

  // The admin builds the consent form: text with placeholders, signer name, signature and selfie.
  const desk = await contextWith(browser, baseURL!, member.browser);
  const page = await desk.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/forms`);
  await expect(page.getByText('No forms yet')).toBeVisible();
  await page.getByRole('link', { name: 'Create Form' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sedation Consent');
  await page.getByLabel('Ask the patient to confirm their birth date before the form opens').check();
  await page
    .getByRole('textbox', { name: 'Text', exact: true })
    .fill('# Consent to sedation\n\nI, {{signerName}}, consent to sedation for {{patientName}}.');
  const preview = page.getByTestId('form-preview');
  await expect(preview.getByText('I, (blank), consent to sedation for (blank).')).toBeVisible();
  for (const type of ['Signer name (text)', 'Signature', 'Photo (selfie)']) {
    await page.getByRole('button', { name: 'Add Field' }).click();
    await page.getByRole('menuitem', { name: type }).click();
  }
  // Reordered by keyboard: the photo before the signature.
  await page.getByRole('button', { name: 'Move Photo up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('form-field-title')).toHaveText([
    '1. Signer name (text)',
    '2. Photo (selfie)',
    '3. Signature',
  ]);
  await expect(preview.getByRole('button', { name: 'Add Selfie' })).toBeVisible();
  await expect(preview.getByText('Still Missing:')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'builder.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create Form' }).click();
  await expect(page.getByRole('link', { name: 'Sedation Consent' })).toBeVisible();
  await expect(page.getByText('Patient Signature Form')).toBeVisible();

  // The front desk attaches it to the appointment and sends it by SMS.
  await page.goto(`/org/${member.orgId}/patients/${patientId}`);
  await page.getByRole('button', { name: 'Forms' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Attach forms').click();
  await page.getByRole('option', { name: 'Sedation Consent' }).click();
  await dialog.getByRole('button', { name: 'Attach' }).click();
  await expect(dialog.getByTestId('form-task-status')).toHaveText('requested');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByLabel('Mobile number')).toHaveValue(MOBILE);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByTestId('form-task-status')).toHaveText('sent');

  // The SMS in the outbox carries the link.
  const outbox = (await (await fetch(`${baseURL!}/api/dev/outbox?to=${encodeURIComponent(MOBILE)}`)).json()) as {
    messages: { body: string }[];
  };
  const link = /https?:\/\/[^\s]+\/patient-form\/[A-Za-z0-9_-]+/.exec(outbox.messages[0]?.body ?? '')?.[0];
  expect(link, JSON.stringify(outbox)).toBeTruthy();

  // The patient opens it on their phone: the birth-date challenge, failed once.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    permissions: ['camera'],
  });
  const mobile = await phone.newPage();
  await mobile.goto(new URL(link!).pathname);
  await mobile.getByLabel("Patient's birth date").fill('1986-12-10');
  await mobile.getByRole('button', { name: 'Continue' }).click();
  await expect(mobile.getByText('That birth date does not match our records.')).toBeVisible();
  await mobile.getByLabel("Patient's birth date").fill('1986-12-09');
  await mobile.getByRole('button', { name: 'Continue' }).click();

  // The form: its text with the patient's name, what is still missing, then each field.
  await expect(mobile.getByTestId('contract-text')).toContainText('consent to sedation for Grace Hopper');
  await expect(mobile.getByText('Still Missing:')).toBeVisible();
  await mobile.getByLabel('Signer Name').fill('Grace Hopper');
  await expect(mobile.getByTestId('contract-text')).toContainText('I, Grace Hopper, consent');
  await mobile.getByRole('button', { name: 'Add Selfie' }).click();
  await expect(mobile.getByRole('button', { name: 'Capture' })).toBeEnabled();
  await mobile.getByRole('button', { name: 'Capture' }).click();
  await expect(mobile.getByRole('img', { name: 'Your photo' })).toBeVisible();
  await mobile.getByRole('button', { name: 'Add Signature' }).click();
  // Signed with a finger in four strokes, then a pen and the mouse on the same phone (issue 35).
  await drawSignature(mobile, mobile.getByTestId('signature-pad'), {
    inputs: ['touch', 'touch', 'pen', 'mouse'],
    strokes: 4,
  });
  await mobile.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(mobile.getByRole('img', { name: 'Your signature', exact: true })).toBeVisible();
  await expectNoCrash(mobile);
  await expect(mobile.getByRole('listitem').filter({ hasText: 'I have read and agree to the above.' })).toBeVisible();
  await expect(mobile.getByRole('button', { name: 'Sign and Submit' })).toBeDisabled();
  await mobile.getByLabel('I have read and agree to the above.').check();
  await expect(mobile.getByText('Still Missing:')).toHaveCount(0);
  await mobile.screenshot({ path: path.join(SHOTS, 'phone-form.png'), fullPage: true });
  expect(await seriousViolations(mobile)).toEqual([]);
  await mobile.getByRole('button', { name: 'Sign and Submit' }).click();
  await expect(mobile.getByText('Your form was sent to')).toBeVisible();
  // The link is single-use.
  await mobile.reload();
  await expect(mobile.getByRole('alert')).toContainText('This form has already been completed.');
  await phone.close();

  // The front desk sees the task completed (the Appointment's live event) and opens the contract PDF.
  await expect(dialog.getByTestId('form-task-status')).toHaveText('completed');
  const pdfLink = dialog.getByRole('link', { name: 'Signed contract (PDF)' });
  const href = (await pdfLink.getAttribute('href'))!;
  const pdf = await page.request.get(href);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const file = path.join(SHOTS, 'contract.pdf');
  writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Sedation Consent');
  expect(text).toContain('I, Grace Hopper, consent to sedation for Grace Hopper.');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Signed Forms' }).getByTestId('patient-contract')).toHaveCount(1);

  // A comment on the patient (spec 001 §3 Communication): added, edited (shown as edited), deleted.
  const comments = page.getByRole('region', { name: 'Comments' });
  await comments.getByLabel('Add a comment').fill('Consent signed on the phone; confirm the escort at check-in.');
  await comments.getByRole('button', { name: 'Add Comment' }).click();
  const comment = comments.getByTestId('patient-comment');
  await expect(comment).toContainText('Consent signed on the phone; confirm the escort at check-in.');
  await comment.getByRole('button', { name: 'Edit' }).click();
  await comment.getByLabel('Comment').fill('Consent signed; escort confirmed.');
  await comment.getByRole('button', { name: 'Save' }).click();
  await expect(comment).toContainText('Consent signed; escort confirmed.');
  await expect(comment).toContainText('edited');
  await page.screenshot({ path: path.join(SHOTS, 'patient-page.png'), fullPage: true });
  await comment.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(comment).toContainText('This comment was deleted.');
  await expect(comment).not.toContainText('escort confirmed');

  // The case screen shows the same: the appointment's form completed, and the patient's comments.
  await page.goto(`/org/${member.orgId}/cases/${appointmentId}`);
  const onCase = page.getByRole('region', { name: 'Forms and comments' });
  await expect(onCase.getByTestId('form-task-status')).toHaveText('completed');
  await expect(onCase.getByTestId('patient-comment')).toContainText('This comment was deleted.');
  await onCase.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'case-forms.png') });
  await desk.close();
});
