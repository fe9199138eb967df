import type { Location } from '@vigil/shared';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

test('an office manager adds an office (Country US by default) and a room, books a case there, and filters the calendar by location (spec 001 §2; spec 000 §3)', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/locations`);
  await expect(page.getByText('No locations yet. Add your office with New Location, then its rooms.')).toBeVisible();

  await page.getByRole('button', { name: 'New Location' }).click();
  const form = page.getByRole('form', { name: 'New location' });
  await expect(form.getByLabel(/^Country/)).toHaveValue('US');
  await form.getByRole('button', { name: 'Add Location' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel(/^Name/).fill('Harbor Pediatric Dentistry');
  await form.getByLabel(/^Address Line 1/).fill('12 Wharf Rd');
  await form.getByLabel(/^City/).fill('Portland');
  await form.getByLabel(/^State/).fill('ME');
  await form.getByLabel(/^Postal Code/).fill('04101');
  await form.getByRole('button', { name: 'Add Location' }).click();
  const office = page.getByRole('region', { name: 'Harbor Pediatric Dentistry' });
  await expect(office).toContainText('12 Wharf Rd, Portland, ME 04101, US');

  await office.getByRole('button', { name: 'Add Room' }).click();
  const room = page.getByRole('form', { name: 'New room' });
  await room.getByLabel(/^Room \/ Operatory Name/).fill('Operatory A');
  await room.getByLabel(/^Description/).fill('Nitrous plumbed');
  await room.getByRole('button', { name: 'Add Room' }).click();
  await expect(office.getByRole('list', { name: 'Rooms' })).toContainText('Operatory A');

  const res = await fetch(`${baseURL!}/api/fhir/${member.orgId}/Location?token=${member.token}`);
  const stored = ((await res.json()) as { entry?: { resource: Location }[] }).entry!.map((e) => e.resource);
  const saved = stored.find((l) => l.name === 'Harbor Pediatric Dentistry')!;
  expect(saved.address?.country).toBe('US');
  const savedRoom = stored.find((l) => l.name === 'Operatory A')!;
  expect(savedRoom.partOf?.reference).toBe(`Location/${saved.id}`);

  // A case booked in the room shows under the office's filter, and not under another office's.
  await page.goto(`/org/${member.orgId}/new-case`);
  const booking = page.getByRole('form', { name: 'New case' });
  await booking.getByRole('button', { name: 'New Patient' }).click();
  const patient = page.getByRole('form', { name: 'New patient' });
  await patient.getByLabel('First Name').fill('Ivy');
  await patient.getByLabel('Last Name').fill('Okonkwo');
  await patient.getByLabel('Birth Date').fill('8/9/2016');
  await patient.getByRole('button', { name: 'Add Patient' }).click();
  await expect(booking.getByLabel(/^Patient/)).toHaveValue(/^Ivy Okonkwo/);
  await booking.getByLabel(/^Location/).click();
  await page.getByRole('option', { name: 'Harbor Pediatric Dentistry — Operatory A' }).click();
  await booking.getByRole('button', { name: 'Create Case' }).click();
  await expect(page).toHaveURL(/\/cases\/apt-/);

  await page.goto(`/org/${member.orgId}?locationId=${saved.id}`);
  await expect(page.getByTestId('appointment-chip').filter({ hasText: 'Ivy Okonkwo' })).toBeVisible();
  await page.goto(`/org/${member.orgId}?locationId=loc-elsewhere`);
  await expect(page.getByText('No appointments in these weeks for these filters.')).toBeVisible();
  await expect(page.getByTestId('appointment-chip')).toHaveCount(0);
  await context.close();
});
