import type { Appointment, Composition, Patient } from '@vigil/shared';
import { APPOINTMENT_EXTENSIONS, ANESTHESIA_RECORD_TYPE } from '@vigil/shared';
import { expect, test, untilControlledByServiceWorker } from './fixtures.js';
import { memberContext } from './members.js';

test('a case created offline on a tablet opens at once and reaches the server after reconnect', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const api = (path: string, init?: RequestInit): Promise<Response> =>
    fetch(`${baseURL!}/api/fhir/${member.orgId}/${path}${path.includes('?') ? '&' : '?'}token=${member.token}`, init);
  const created = await api('Patient', {
    method: 'POST',
    headers: { 'content-type': 'application/fhir+json' },
    body: JSON.stringify({
      resourceType: 'Patient',
      name: [{ use: 'official', given: ['Oskar'], family: 'Lindgren' }],
      birthDate: '2011-06-02',
    } satisfies Patient),
  });
  expect(created.status).toBe(201);
  const patient = (await created.json()) as Patient;

  const tablet = await context.newPage();
  await tablet.setViewportSize({ width: 1280, height: 800 });
  await tablet.goto(`/org/${member.orgId}/new-case`);
  const form = tablet.getByRole('form', { name: 'New case' });
  // The tablet has read the office's patients and providers, and the app is installed.
  await expect(form.getByLabel(/^Provider/)).not.toHaveValue('');
  await untilControlledByServiceWorker(tablet);

  await context.setOffline(true);
  await form.getByLabel(/^Patient/).fill('Lindg');
  await tablet.getByRole('option', { name: /^Oskar Lindgren/ }).click();
  await form.getByLabel('Start').fill('13:00');
  await form.getByLabel('End').fill('14:15');
  await form.getByRole('button', { name: 'Create Case' }).click();

  // The case opens at once, with no network.
  await expect(tablet).toHaveURL(/\/cases\/apt-[a-z0-9]{14}$/);
  const caseId = /\/cases\/([^/]+)$/.exec(tablet.url())![1]!;
  await expect(tablet.getByText(/Could not find page/)).toHaveCount(0);
  await expect(form).toHaveCount(0);
  expect((await api(`Appointment/${caseId}`)).status).toBe(404);
  expect((await api(`Composition/${caseId}`)).status).toBe(404);

  // Back online: the record and the appointment reach the server, under the same id.
  await context.setOffline(false);
  await expect.poll(async () => (await api(`Appointment/${caseId}`)).status).toBe(200);
  const appointment = (await (await api(`Appointment/${caseId}`)).json()) as Appointment;
  const record = (await (await api(`Composition/${caseId}`)).json()) as Composition;
  expect(record.status).toBe('preliminary');
  expect(record.type.coding?.[0]).toMatchObject(ANESTHESIA_RECORD_TYPE);
  expect(record.subject?.reference).toBe(`Patient/${patient.id}`);
  expect(appointment.participant.map((p) => p.actor?.reference)).toContain(`Patient/${patient.id}`);
  expect(appointment.extension).toContainEqual({
    url: APPOINTMENT_EXTENSIONS.composition,
    valueReference: { reference: `Composition/${caseId}` },
  });

  // The cases list shows it, sent.
  await tablet.goto(`/org/${member.orgId}/cases`);
  const item = tablet.getByTestId('appointment').filter({ hasText: 'Oskar Lindgren' });
  await expect(item).toContainText('1:00 PM – 2:15 PM');
  await expect(item.getByText('Not sent yet')).toHaveCount(0);
  await context.close();
});

test('a new case needs a patient, and a patient added from the form is chosen for it', async ({ browser, baseURL }) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/cases`);
  await expect(page.getByText('No cases today or in the next 30 days. Start one with New Case.')).toBeVisible();
  await page.getByRole('link', { name: 'New Case' }).click();
  const form = page.getByRole('form', { name: 'New case' });
  await form.getByRole('button', { name: 'Create Case' }).click();
  await expect(form.getByText('Choose a patient')).toBeVisible();
  await expect(page).toHaveURL(/\/new-case$/);

  // A patient added from the form is chosen for the case.
  await form.getByRole('button', { name: 'New Patient' }).click();
  const patientForm = page.getByRole('form', { name: 'New patient' });
  await patientForm.getByLabel('First Name').fill('Zara');
  await patientForm.getByLabel('Last Name').fill('Holm');
  await patientForm.getByLabel('Birth Date').fill('12/1/1990');
  await patientForm.getByRole('button', { name: 'Add Patient' }).click();
  await expect(form.getByLabel(/^Patient/)).toHaveValue(/^Zara Holm/);
  await form.getByRole('button', { name: 'Create Case' }).click();
  await expect(page).toHaveURL(/\/cases\/apt-[a-z0-9]{14}$/);
  await context.close();
});
