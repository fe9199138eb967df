import { ageInYears, type Bundle, type Patient } from '@vigil/shared';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

test('the front desk adds a patient with a birth date typed as 3/4/15 and finds them in the list', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/patients`);
  await expect(page.getByRole('heading', { name: 'Patients' })).toBeVisible();
  await expect(page.getByText('No patients yet. Add the first one with New Patient.')).toBeVisible();

  await page.getByRole('button', { name: 'New Patient' }).click();
  const form = page.getByRole('form', { name: 'New patient' });
  await form.getByLabel('First Name').fill('Maya');
  await form.getByLabel('Last Name').fill('Okafor');
  await form.getByLabel('Nickname (optional)').fill('May');
  // Spec 002 §5: unreadable while typing, then the interpretation and age.
  await form.getByLabel('Birth Date').fill('3/4');
  await expect(form.getByText('Could not interpret birth date yet.')).toBeVisible();
  await form.getByLabel('Birth Date').fill('3/4/15');
  const age = ageInYears('2015-03-04', Date.now());
  await expect(form.getByText(`Interpreted as: 2015-03-04 (age: ${age})`)).toBeVisible();
  await expect(form.getByText('Could not interpret birth date yet.')).toHaveCount(0);
  await form.getByLabel('Phone number (optional)').fill('555 0100');
  await form.getByRole('button', { name: 'Add Patient' }).click();

  // The patient's page with her details; a live organisation's patient is a real one.
  await expect(page.getByRole('heading', { name: 'Maya (May) Okafor' })).toBeVisible();
  await expect(page.getByText('Test Patient')).toHaveCount(0);
  await expect(page.getByText(`2015-03-04 (age ${age})`)).toBeVisible();
  await expect(page.getByText('No appointments.')).toBeVisible();
  const patientId = /\/patients\/([^/]+)$/.exec(page.url())?.[1];
  expect(patientId).toMatch(/^pat-/);

  // The server stored the parsed date.
  const res = await fetch(`${baseURL!}/api/fhir/${member.orgId}/Patient/${patientId!}?token=${member.token}`);
  const stored = (await res.json()) as Patient;
  expect(stored.birthDate).toBe('2015-03-04');

  // An appointment booked for her shows on her page.
  const booked = await fetch(`${baseURL!}/api/fhir/${member.orgId}/Appointment?token=${member.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/fhir+json' },
    body: JSON.stringify({
      resourceType: 'Appointment',
      status: 'booked',
      description: 'Extraction of 75',
      start: '2026-12-01T15:00:00Z',
      end: '2026-12-01T16:00:00Z',
      participant: [{ actor: { reference: `Patient/${patientId!}` }, status: 'accepted' }],
    }),
  });
  expect(booked.status).toBe(201);
  await page.reload();
  const appointments = page.getByRole('region', { name: 'Appointments' });
  await expect(appointments.getByText('Extraction of 75')).toBeVisible();
  await expect(appointments.getByText('booked')).toBeVisible();
  await expect(appointments.getByRole('link', { name: 'Open case' })).toHaveAttribute(
    'href',
    new RegExp(`/org/${member.orgId}/cases/apt-`),
  );

  // Edit: the form opens with the stored values.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit patient' });
  await expect(edit.getByLabel('Birth Date')).toHaveValue('2015-03-04');
  await edit.getByLabel('Email Address (optional)').fill('maya@example.com');
  await edit.getByRole('button', { name: 'Save Patient' }).click();
  await expect(page.getByText('maya@example.com')).toBeVisible();

  // A test patient (tag HTEST, spec 001 §3) made elsewhere, e.g. while the office was onboarding.
  const created = await fetch(`${baseURL!}/api/fhir/${member.orgId}/Patient?token=${member.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/fhir+json' },
    body: JSON.stringify({
      resourceType: 'Patient',
      meta: { tag: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', code: 'HTEST' }] },
      name: [{ use: 'official', given: ['Tess'], family: 'Trial' }],
      birthDate: '1990-05',
    }),
  });
  expect(created.status).toBe(201);

  // The list (sorted by last name), the test-patient marker, and the name search.
  await page.getByRole('link', { name: 'Patients' }).first().click();
  const list = page.getByRole('list', { name: 'Patients' });
  await expect(list.getByRole('link')).toHaveText([/Maya \(May\) Okafor/, /Tess Trial/]);
  await expect(list.getByRole('link', { name: 'Tess Trial' }).getByText('Test Patient')).toBeVisible();
  await expect(list.getByRole('link', { name: 'Maya (May) Okafor' }).getByText('Test Patient')).toHaveCount(0);
  await page.getByLabel('Search patients').fill('oka');
  await expect(list.getByRole('link', { name: 'Maya (May) Okafor' })).toBeVisible();
  await page.getByLabel('Search patients').fill('zzz');
  await expect(page.getByText('No matches')).toBeVisible();

  const search = await fetch(`${baseURL!}/api/fhir/${member.orgId}/Patient?name=okafor&token=${member.token}`);
  expect(((await search.json()) as Bundle).total).toBe(1);
  await context.close();
});
