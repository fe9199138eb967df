import type { Bundle, Patient } from '@vigil/shared';
import { expect, test, untilControlledByServiceWorker } from './fixtures.js';
import { memberContext, secondDevice } from './members.js';

async function serverPatients(baseURL: string, orgId: string, token: string, name: string): Promise<Patient[]> {
  const res = await fetch(`${baseURL}/api/fhir/${orgId}/Patient?name=${encodeURIComponent(name)}&token=${token}`);
  const bundle = (await res.json()) as Bundle<Patient>;
  return (bundle.entry ?? []).flatMap((e) => (e.resource ? [e.resource] : []));
}

test('a patient created offline waits in the outbox and reaches the server after reconnect', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/patients`);
  await expect(page.getByText('No patients yet. Add the first one with New Patient.')).toBeVisible();
  // The app is installed (the service worker controls the page) before the network goes.
  await untilControlledByServiceWorker(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'New Patient' }).click();
  const form = page.getByRole('form', { name: 'New patient' });
  await form.getByLabel('First Name').fill('Theo');
  await form.getByLabel('Last Name').fill('Lindqvist');
  await form.getByLabel('Birth Date').fill('7/19/2009');
  await form.getByRole('button', { name: 'Add Patient' }).click();

  // Saved on the device: in the list from the cache, and waiting in the outbox.
  await expect(page.getByTestId('outbox-pending')).toContainText('1 patient change is saved on this device');
  const row = page.getByRole('list', { name: 'Patients' }).getByRole('link', { name: 'Theo Lindqvist' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Not sent yet')).toBeVisible();
  expect(await serverPatients(baseURL!, member.orgId, member.token, 'lindqvist')).toHaveLength(0);

  // Back online: the outbox replays and empties.
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-pending')).toHaveCount(0);
  await expect(row.getByText('Not sent yet')).toHaveCount(0);
  const stored = await serverPatients(baseURL!, member.orgId, member.token, 'lindqvist');
  expect(stored).toHaveLength(1);
  expect(stored[0]!.birthDate).toBe('2009-07-19');

  // The tablet restarts with no network: the list comes from the device's cache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Offline: showing the patients saved on this device.')).toBeVisible();
  await expect(row).toBeVisible();
  await context.setOffline(false);

  // Another tablet of the office sees the patient.
  const other = await secondDevice(browser, baseURL!, member);
  const otherPage = await other.newPage();
  await otherPage.goto(`/org/${member.orgId}/patients`);
  await expect(otherPage.getByRole('link', { name: 'Theo Lindqvist' })).toBeVisible();
  await other.close();
  await context.close();
});

test('an offline edit that meets a newer server version is shown as a conflict, never overwritten', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/patients`);
  await page.getByRole('button', { name: 'New Patient' }).click();
  const form = page.getByRole('form', { name: 'New patient' });
  await form.getByLabel('First Name').fill('Ines');
  await form.getByLabel('Last Name').fill('Moreau');
  await form.getByLabel('Birth Date').fill('1984-02-29');
  await form.getByRole('button', { name: 'Add Patient' }).click();
  await expect(page.getByRole('heading', { name: 'Ines Moreau' })).toBeVisible();
  const patientId = /\/patients\/([^/]+)$/.exec(page.url())![1]!;

  // Offline, this tablet renames her…
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit patient' });
  await edit.getByLabel('Last Name').fill('Moreau-Tablet');
  await edit.getByRole('button', { name: 'Save Patient' }).click();
  await expect(page.getByTestId('outbox-pending')).toBeVisible();

  // …while the front desk's computer changes her on the server.
  const url = `${baseURL!}/api/fhir/${member.orgId}/Patient/${patientId}?token=${member.token}`;
  const current = (await (await fetch(url)).json()) as Patient;
  const put = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/fhir+json', 'if-match': `W/"${current.meta!.versionId!}"` },
    body: JSON.stringify({ ...current, name: [{ use: 'official', given: ['Ines'], family: 'Moreau-Desk' }] }),
  });
  expect(put.status).toBe(200);

  await context.setOffline(false);
  await expect(page.getByText('Conflicting change to Ines Moreau-Tablet')).toBeVisible();
  // Nothing was overwritten.
  const after = (await (await fetch(url)).json()) as Patient;
  expect(after.name?.[0]?.family).toBe('Moreau-Desk');

  await page.getByRole('button', { name: 'Keep the server version' }).click();
  await expect(page.getByText('Conflicting change to Ines Moreau-Tablet')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Ines Moreau-Desk' })).toBeVisible();

  // Once more, and this time the tablet's user decides to keep their change.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Edit' }).click();
  await edit.getByLabel('First Name').fill('Inès');
  await edit.getByRole('button', { name: 'Save Patient' }).click();
  await expect(page.getByTestId('outbox-pending')).toBeVisible();
  const desk = (await (await fetch(url)).json()) as Patient;
  await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/fhir+json' },
    body: JSON.stringify({ ...desk, birthDate: '1984-03-01' }),
  });
  await context.setOffline(false);
  await expect(page.getByText('Conflicting change to Inès Moreau-Desk')).toBeVisible();
  await page.getByRole('button', { name: 'Keep my change' }).click();
  await expect(page.getByText('Conflicting change to Inès Moreau-Desk')).toHaveCount(0);
  const kept = (await (await fetch(url)).json()) as Patient;
  expect(kept.name?.[0]?.given).toEqual(['Inès']);
  // Keeping mine sends the whole patient as the tablet had it: the desk's later birth date is replaced, knowingly.
  expect(kept.birthDate).toBe('1984-02-29');
  expect(kept.meta?.versionId).toBe('4');
  await context.close();
});
