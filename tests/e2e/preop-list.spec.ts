import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { orgMember } from '../utils/members.js';
import { pngDataUrl } from '../utils/png.js';
import { REPO_ROOT } from '../utils/start-server.js';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';
import { fhirPoster } from './org-setup.js';
import { drawSignature } from './signature.js';

const MOBILE = '+12015550177';
const SHOTS = path.join(REPO_ROOT, 'test-results', 'preop-list');
const DAY = 86_400_000;

test('the front desk sees a missing consent on the pre-op list, sends it from there, and the row turns ready once the patient signs on a phone', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  // An office (its creator is admin and provider) with a patient booked tomorrow: a signed health
  // history, a weight of yesterday, and a consent attached but not sent.
  const member = await orgMember(baseURL!);
  const post = fhirPoster(baseURL!, member);
  const patientId = await post('Patient', {
    name: [{ given: ['Grace'], family: 'Hopper' }],
    birthDate: '1986-12-09',
    telecom: [{ system: 'phone', value: MOBILE, use: 'mobile' }],
  });
  const tomorrow = new Date(Date.now() + DAY);
  tomorrow.setHours(10, 0, 0, 0);
  const appointmentId = await post('Appointment', {
    status: 'booked',
    start: tomorrow.toISOString(),
    end: new Date(tomorrow.getTime() + 3_600_000).toISOString(),
    participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
  });
  await post('Observation', {
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code: '85353-1' }] },
    subject: { reference: `Patient/${patientId}` },
    effectiveDateTime: new Date(Date.now() - DAY).toISOString(),
    component: [
      {
        code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
        valueQuantity: { value: 61, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
      },
    ],
  });
  const hhx = await member.browser.gql<{ newHhx: { id: string } }>(
    'mutation ($o: String!, $p: String!) { newHhx(orgId: $o, patientId: $p) { id } }',
    { o: member.orgId, p: patientId },
  );
  expect(hhx.code).toBeUndefined();
  const signed = await member.browser.gql(
    'mutation ($o: String!, $c: String!, $s: String) { finalizeHhx(orgId: $o, compositionId: $c, signature: $s) { time } }',
    { o: member.orgId, c: hhx.data!.newHhx.id, s: pngDataUrl(300, 100) },
  );
  expect(signed.code).toBeUndefined();
  const form = await member.browser.gql<{ createTextBodyForm: { id: string; name: string }[] }>(
    'mutation ($o: String!, $p: TextBodyFormProperties!) { createTextBodyForm(orgId: $o, properties: $p) { id name } }',
    {
      o: member.orgId,
      p: {
        name: 'Sedation consent',
        markdown: 'I, {{signerName}}, consent to sedation.',
        challenge: false,
        requireSignature: true,
      },
    },
  );
  expect(form.code).toBeUndefined();
  const attached = await member.browser.gql(
    'mutation ($o: String, $f: [String!]!, $a: String!) { addFormTasksToAppointment(orgId: $o, formIds: $f, appointmentId: $a) { fhirJSON } }',
    {
      o: member.orgId,
      f: [form.data!.createTextBodyForm.find((f) => f.name === 'Sedation consent')!.id],
      a: appointmentId,
    },
  );
  expect(attached.code).toBeUndefined();

  // The desk at 1440x900 opens the pre-op list from the navigation.
  const desk = await contextWith(browser, baseURL!, member.browser);
  const page = await desk.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/org/${member.orgId}`);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Pre-Op List' }).click();
  await expect(page.getByRole('heading', { name: 'Pre-Op List', level: 1 })).toBeVisible();
  const row = page.getByTestId('preop-row').filter({ hasText: 'Grace Hopper' });
  await expect(row.getByText('Sedation consent: not sent')).toBeVisible();
  await expect(row.getByTestId('preop-missing')).toHaveText('2 missing');
  await expect(row.getByText('Signed', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, 'list-missing.png'), fullPage: true });

  // The NPO instructions, ticked: recorded with who and when.
  // The box follows the server's answer (who and when), so it is clicked, then seen ticked.
  const npo = row.getByRole('checkbox', { name: 'NPO instructions given to Grace Hopper' });
  await npo.click();
  await expect(npo).toBeChecked();
  await expect(row.getByTestId('preop-missing')).toHaveText('1 missing');

  // The consent, sent from the row with the forms dialog.
  await row.getByRole('button', { name: 'Send forms to Grace Hopper' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('form-task-status')).toHaveText('requested');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByLabel('Mobile number')).toHaveValue(MOBILE);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByTestId('form-task-status')).toHaveText('sent');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(row.getByText('Sedation consent: sent')).toBeVisible();

  // The patient opens the link on a phone and signs.
  const outbox = (await (await fetch(`${baseURL!}/api/dev/outbox?to=${encodeURIComponent(MOBILE)}`)).json()) as {
    messages: { body: string }[];
  };
  const link = /https?:\/\/[^\s]+\/patient-form\/[A-Za-z0-9_-]+/.exec(outbox.messages.at(-1)?.body ?? '')?.[0];
  expect(link, JSON.stringify(outbox)).toBeTruthy();
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
  const mobile = await phone.newPage();
  await mobile.goto(new URL(link!).pathname);
  await mobile.getByLabel('Signer Name').fill('Grace Hopper');
  // The desk sees the form opened (the Appointment's live event).
  await expect(row.getByText('Sedation consent: opened')).toBeVisible();
  await mobile.getByRole('button', { name: 'Add Signature' }).click();
  await drawSignature(mobile, mobile.getByTestId('signature-pad'), { inputs: ['touch'], strokes: 3 });
  await mobile.getByRole('button', { name: 'Sign', exact: true }).click();
  await mobile.getByLabel('I have read and agree to the above.').check();
  await mobile.getByRole('button', { name: 'Sign and Submit' }).click();
  await expect(mobile.getByText('Your form was sent to')).toBeVisible();
  await phone.close();

  // Without a reload, the row turns ready.
  await expect(row.getByTestId('preop-ready')).toHaveText('Ready');
  await expect(row.getByText('Sedation consent: signed')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Only incomplete' }).check();
  await expect(page.getByText('Every patient in these days is ready.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, 'list-ready.png'), fullPage: true });
  await desk.close();
});
