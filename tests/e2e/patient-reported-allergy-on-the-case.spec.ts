import { appointmentTasks, type Appointment } from '@vigil/shared';
import { orgMember } from '../utils/members.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';
import { bookCaseOf, turnOnFeatures } from './org-setup.js';

const MOBILE = '+12015550178';

test("a parent reports a child's peanut anaphylaxis on the phone: the case shows it as patient-reported before any history is signed, and Review and merge copies it by default (issue 35)", async ({
  browser,
  baseURL,
  server,
}) => {
  test.slow(); // a form built, sent by SMS, answered on a phone, then two screens
  const member = await orgMember(baseURL!);
  await turnOnFeatures(server, member.orgId, 'formBuilder');
  const { caseId, patientId } = await bookCaseOf(baseURL!, member.orgId, member.token, {
    name: [{ given: ['Leo'], family: 'Marsh' }],
    birthDate: '2019-04-05',
    telecom: [{ system: 'phone', value: MOBILE, use: 'mobile' }],
  });

  // An allergies form attached to the case and sent to the parent's phone.
  const made = await member.browser.gql<{ createOrgForm: { id: string; name: string }[] }>(
    `mutation ($o: String!, $p: OrgFormProperties!) { createOrgForm(orgId: $o, properties: $p) { id name } }`,
    {
      o: member.orgId,
      p: {
        name: 'Allergy Check',
        markdown: 'Please tell us about any allergies.',
        fields: [{ name: 'allergies', label: 'Allergies', type: 'allergies', required: true }],
      },
    },
  );
  expect(made.code).toBeFalsy();
  const formId = made.data!.createOrgForm.find((f) => f.name === 'Allergy Check')!.id;
  const added = await member.browser.gql<{ addFormTasksToAppointment: { fhirJSON: string } }>(
    'mutation ($o: String!, $f: [String!]!, $a: String!) { addFormTasksToAppointment(orgId: $o, formIds: $f, appointmentId: $a) { fhirJSON } }',
    { o: member.orgId, f: [formId], a: caseId },
  );
  const taskId = appointmentTasks(JSON.parse(added.data!.addFormTasksToAppointment.fhirJSON) as Appointment)[0]!.id;
  const sent = await member.browser.gql(
    'mutation ($o: String!, $t: String!, $a: String!, $to: String!) { sendAppointmentForm(orgId: $o, appointmentTaskId: $t, appointmentId: $a, to: $to, channel: "sms") { fhirJSON } }',
    { o: member.orgId, t: taskId, a: caseId, to: MOBILE },
  );
  expect(sent.code).toBeFalsy();
  const outbox = (await (await fetch(`${baseURL!}/api/dev/outbox?to=${encodeURIComponent(MOBILE)}`)).json()) as {
    messages: { body: string }[];
  };
  const link = /https?:\/\/[^\s]+\/patient-form\/[A-Za-z0-9_-]+/.exec(outbox.messages[0]?.body ?? '')?.[0];
  expect(link).toBeTruthy();

  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const mobile = await phone.newPage();
  await mobile.goto(new URL(link!).pathname);
  await mobile.getByLabel('Allergic to').fill('Peanut');
  await mobile.getByLabel('What happens').fill('anaphylaxis');
  await mobile.getByLabel('I have read and agree to the above.').check();
  await mobile.getByRole('button', { name: 'Sign and Submit' }).click();
  await expect(mobile.getByText('Your form was sent to')).toBeVisible();
  await phone.close();

  // The case, with no health history at all: the allergy reads as the parent reported it.
  const desk = await contextWith(browser, baseURL!, member.browser);
  const page = await desk.newPage();
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  const allergies = page.getByTestId('case-allergies');
  await expect(allergies).toHaveText('Patient-reported allergies, not reviewed: Peanut (anaphylaxis)', {
    timeout: 120_000, // a first load on a busy machine
  });
  await expect(allergies).toHaveAttribute('role', 'alert');
  await expect(page.getByText('Allergies not recorded')).toHaveCount(0);

  // Review and merge offers it ticked; merging without touching it copies it.
  await page.goto(`/org/${member.orgId}/patients/${patientId}`);
  const answers = page.getByTestId('patient-answers-item');
  await answers.getByRole('button', { name: 'Review and merge' }).click();
  const dialog = page.getByRole('dialog', { name: "Patient's answers: Allergy Check" });
  await expect(dialog.getByRole('checkbox', { name: 'Add Peanut (anaphylaxis) to the health history' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Start a health history from these answers' }).click();
  await expect(page).toHaveURL(/\/health-histories\/[^/]+$/);
  await page.getByRole('tab', { name: /Allergies/ }).click();
  await expect(page.getByText('Peanut', { exact: false }).first()).toBeVisible();
  await desk.close();
});
