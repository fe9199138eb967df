import type { Browser, BrowserContext, Page } from '@playwright/test';
import { appointmentTasks, type Appointment } from '@vigil/shared';
import { orgMember } from '../utils/members.js';
import type { TestServer } from '../utils/start-server.js';
import { expect, test } from './fixtures.js';
import { fhirPoster, turnOnFeatures } from './org-setup.js';
import { drawSignature, expectNoCrash } from './signature.js';

// Issue 35: the parent's phone form keeps every answer on the phone until the server has it, through
// a reload, the tab closed and the link opened again, and a submit with no network (FC24).

const MOBILE = '+12015550188';

/** A consent form with the signer's name, allergies, the weight and a signature, sent to the parent's phone by SMS. */
async function sentLink(baseURL: string, server: TestServer): Promise<string> {
  const member = await orgMember(baseURL);
  await turnOnFeatures(server, member.orgId, 'formBuilder');
  const post = fhirPoster(baseURL, member);
  const patientId = await post('Patient', {
    name: [{ given: ['Leo'], family: 'Marsh' }],
    birthDate: '2019-03-14',
    telecom: [{ system: 'phone', value: MOBILE, use: 'mobile' }],
  });
  const appointmentId = await post('Appointment', {
    status: 'booked',
    start: new Date(Date.now() + 86_400_000).toISOString(),
    end: new Date(Date.now() + 90_000_000).toISOString(),
    participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
  });
  const made = await member.browser.gql<{ createOrgForm: { id: string; name: string }[] }>(
    `mutation ($o: String!, $p: OrgFormProperties!) { createOrgForm(orgId: $o, properties: $p) { id name } }`,
    {
      o: member.orgId,
      p: {
        name: 'Sedation Consent',
        markdown: 'I consent to sedation for {{patientName}}.',
        fields: [
          { name: 'signerName', label: 'Signer Name', type: 'text', required: true },
          { name: 'allergies', label: 'Allergies', type: 'allergies', required: true },
          { name: 'weight', label: 'Weight', type: 'bodyWeight', required: true },
          { name: 'signature', label: 'Signature', type: 'signature', required: true },
        ],
      },
    },
  );
  expect(made.code).toBeFalsy();
  const formId = made.data!.createOrgForm.find((f) => f.name === 'Sedation Consent')!.id;
  const added = await member.browser.gql<{ addFormTasksToAppointment: { fhirJSON: string } }>(
    'mutation ($o: String!, $f: [String!]!, $a: String!) { addFormTasksToAppointment(orgId: $o, formIds: $f, appointmentId: $a) { fhirJSON } }',
    { o: member.orgId, f: [formId], a: appointmentId },
  );
  const taskId = appointmentTasks(JSON.parse(added.data!.addFormTasksToAppointment.fhirJSON) as Appointment)[0]!.id;
  const sent = await member.browser.gql(
    'mutation ($o: String!, $t: String!, $a: String!, $to: String!) { sendAppointmentForm(orgId: $o, appointmentTaskId: $t, appointmentId: $a, to: $to, channel: "sms") { fhirJSON } }',
    { o: member.orgId, t: taskId, a: appointmentId, to: MOBILE },
  );
  expect(sent.code).toBeFalsy();
  const outbox = (await (await fetch(`${baseURL}/api/dev/outbox?to=${encodeURIComponent(MOBILE)}`)).json()) as {
    messages: { body: string }[];
  };
  const link = /https?:\/\/[^\s]+\/patient-form\/[A-Za-z0-9_-]+/.exec(outbox.messages.at(-1)?.body ?? '')?.[0];
  expect(link).toBeTruthy();
  return new URL(link!).pathname;
}

function phone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
}

/** The parent answers every field, the signature with a finger in four strokes. */
async function answer(mobile: Page): Promise<void> {
  await mobile.getByLabel('Signer Name').fill('Ana Marsh');
  await mobile.getByLabel('Allergic to').fill('Peanuts');
  await mobile.getByLabel('What happens').fill('anaphylaxis');
  await mobile.getByRole('textbox', { name: /^Weight/ }).fill('44 lb');
  await mobile.getByRole('button', { name: 'Add Signature' }).click();
  await drawSignature(mobile, mobile.getByTestId('signature-pad'), { inputs: ['touch'], strokes: 4 });
  await mobile.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(mobile.getByRole('img', { name: 'Your signature', exact: true })).toBeVisible();
  await expectNoCrash(mobile);
}

async function expectAnswers(mobile: Page): Promise<void> {
  await expect(mobile.getByLabel('Signer Name')).toHaveValue('Ana Marsh');
  await expect(mobile.getByLabel('Allergic to')).toHaveValue('Peanuts');
  await expect(mobile.getByLabel('What happens')).toHaveValue('anaphylaxis');
  await expect(mobile.getByRole('textbox', { name: /^Weight/ })).toHaveValue('44 lb');
  await expect(mobile.getByRole('img', { name: 'Your signature', exact: true })).toBeVisible();
  await expect(mobile.getByRole('button', { name: 'Change' })).toBeVisible();
}

test("a parent's answers on the phone come back after a reload and after the tab is closed and the link opened again", async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(180_000);
  const path = await sentLink(baseURL!, server);
  const context = await phone(browser, baseURL!);
  const mobile = await context.newPage();
  await mobile.goto(path);
  await answer(mobile);

  await mobile.reload();
  await expectAnswers(mobile);

  // The tab closed (or the phone dropped it), the link tapped again in the text message.
  await mobile.close();
  const again = await context.newPage();
  await again.goto(path);
  await expectAnswers(again);
  // Agreeing is given again each time: it is not kept.
  await expect(again.getByLabel('I have read and agree to the above.')).not.toBeChecked();
  await context.close();
});

test('a submit with no network says so and keeps the answers; with the network back the same answers are sent and leave the phone', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(180_000);
  const path = await sentLink(baseURL!, server);
  const context = await phone(browser, baseURL!);
  const mobile = await context.newPage();
  await mobile.goto(path);
  await answer(mobile);
  await mobile.getByLabel('I have read and agree to the above.').check();

  await context.setOffline(true);
  await mobile.getByRole('button', { name: 'Sign and Submit' }).click();
  await expect(mobile.getByRole('alert')).toHaveText(
    'Your form could not be sent: there is no connection. Your answers are kept; try again when you are online.',
  );
  await expectAnswers(mobile);

  await context.setOffline(false);
  await mobile.getByRole('button', { name: 'Sign and Submit' }).click();
  await expect(mobile.getByText('Your form was sent to')).toBeVisible();
  expect(
    await mobile.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('vigil.patient-form.'))),
  ).toEqual([]);
  await mobile.goto(path);
  await expect(mobile.getByText('This form has already been completed. Thank you.')).toBeVisible();
  await context.close();
});
