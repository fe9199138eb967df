import type { Patient } from '@vigil/shared';
import { expect, test } from './fixtures.js';
import { memberContext, secondDevice } from './members.js';

test('a second tablet sees a new patient and a renamed one appear live', async ({ browser, baseURL }) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const other = await secondDevice(browser, baseURL!, member);
  const watching = await other.newPage();
  await watching.goto(`/org/${member.orgId}/patients`);
  await expect(watching.getByText('No patients yet. Add the first one with New Patient.')).toBeVisible();

  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/patients`);
  await page.getByRole('button', { name: 'New Patient' }).click();
  const form = page.getByRole('form', { name: 'New patient' });
  await form.getByLabel('First Name').fill('Noah');
  await form.getByLabel('Last Name').fill('Bergstrom');
  await form.getByLabel('Birth Date').fill('10/2/2018');
  await form.getByRole('button', { name: 'Add Patient' }).click();
  await expect(page.getByRole('heading', { name: 'Noah Bergstrom' })).toBeVisible();
  const patientId = /\/patients\/([^/]+)$/.exec(page.url())![1]!;

  // No reload: the live event stream puts it into the other tablet's cache.
  const list = watching.getByRole('list', { name: 'Patients' });
  await expect(list.getByRole('link', { name: 'Noah Bergstrom' })).toBeVisible();

  const url = `${baseURL!}/api/fhir/${member.orgId}/Patient/${patientId}?token=${member.token}`;
  const current = (await (await fetch(url)).json()) as Patient;
  const put = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/fhir+json' },
    body: JSON.stringify({ ...current, name: [{ use: 'official', given: ['Noah'], family: 'Bergström' }] }),
  });
  expect(put.status).toBe(200);
  await expect(list.getByRole('link', { name: 'Noah Bergström' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Noah Bergström' })).toBeVisible();
  await other.close();
  await context.close();
});
