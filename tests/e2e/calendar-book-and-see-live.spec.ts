import type { Appointment, Composition } from '@vigil/shared';
import { expect, test } from './fixtures.js';
import { memberContext, secondDevice } from './members.js';

async function read<T>(
  baseURL: string,
  orgId: string,
  token: string,
  path: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseURL}/api/fhir/${orgId}/${path}?token=${token}`);
  return { status: res.status, body: (await res.json()) as T };
}

test('the front desk adds a patient (birth date 3/4/15), books a case, sees it on the calendar, and a second screen sees it appear live (spec 002 §2, §3, §5; spec 000 §3)', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const desk = await context.newPage();
  await desk.setViewportSize({ width: 1280, height: 800 });

  // A second screen in the office keeps the calendar open.
  const other = await secondDevice(browser, baseURL!, member);
  const wall = await other.newPage();
  await wall.goto(`/org/${member.orgId}`);
  await expect(wall.getByRole('grid', { name: /^Calendar, / })).toBeVisible();
  await expect(wall.getByText('No appointments in these weeks.')).toBeVisible();

  // The patient, with the birth date typed the short way.
  await desk.goto(`/org/${member.orgId}/patients`);
  await desk.getByRole('button', { name: 'New Patient' }).click();
  const form = desk.getByRole('form', { name: 'New patient' });
  await form.getByLabel('First Name').fill('Marisol');
  await form.getByLabel('Last Name').fill('Quintero');
  await form.getByLabel('Birth Date').fill('3/4/15');
  await expect(form.getByTestId('birth-date-hint')).toHaveText(/^Interpreted as: 2015-03-04 \(age: \d+\)$/);
  await form.getByRole('button', { name: 'Add Patient' }).click();
  await expect(desk.getByRole('heading', { name: 'Marisol Quintero' })).toBeVisible();

  // The booking, from the patient's page, today 9:00-10:00 in the browser's time zone.
  await desk.getByRole('link', { name: 'New Case' }).click();
  await expect(desk).toHaveURL(/\/patients\/[^/]+\/new-case$/);
  const today = await desk.evaluate(() => {
    const d = new Date();
    const pad = (n: number): string => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
  const booking = desk.getByRole('form', { name: 'New case' });
  await expect(booking.getByLabel(/^Patient/)).toHaveValue(/^Marisol Quintero/);
  await expect(booking.getByLabel(/^Provider/)).not.toHaveValue('');
  await booking.getByLabel('Date').fill(today);
  await booking.getByLabel('Start').fill('09:00');
  await booking.getByLabel('End').fill('10:00');
  await booking.getByLabel(/^Sedation level/).click();
  await desk.getByRole('option', { name: 'Moderate' }).click();
  await booking.getByLabel('Description (optional)').fill('Full-mouth restorations');
  await booking.getByRole('button', { name: 'Create Case' }).click();

  // The case opens at /cases/{id}, the id shared by the Appointment and its record.
  await expect(desk).toHaveURL(/\/cases\/apt-[a-z0-9]{14}$/);
  const caseId = /\/cases\/([^/]+)$/.exec(desk.url())![1]!;
  const appointment = await read<Appointment>(baseURL!, member.orgId, member.token, `Appointment/${caseId}`);
  expect(appointment.status).toBe(200);
  expect(appointment.body.status).toBe('booked');
  expect(appointment.body.description).toBe('Full-mouth restorations');
  const record = await read<Composition>(baseURL!, member.orgId, member.token, `Composition/${caseId}`);
  expect(record.status).toBe(200);
  expect(record.body.status).toBe('preliminary');
  expect(record.body.subject?.reference).toBe(appointment.body.participant[0]!.actor!.reference);

  // The calendar shows it on today's cell, in the booked colour, with a popup for the day.
  await desk.goto(`/org/${member.orgId}`);
  const cell = desk.getByTestId(`day-${today}`);
  await expect(cell).toHaveAttribute('aria-current', 'date');
  await expect(cell).toContainText('Marisol Quintero');
  // The day's name holds its visible text (axe label-content-name-mismatch): date, count, then the rows.
  await expect(cell).toHaveAccessibleName(/^[A-Z][a-z]+ \d+, \d{4}, 1 appointment: .*Marisol Quintero$/);
  expect((await cell.boundingBox())!.height).toBeGreaterThanOrEqual(64); // spec 002 §9
  await cell.click();
  await expect(desk).toHaveURL(new RegExp(`[?&]date=${Number(today.slice(8))}(&|$)`));
  const popup = desk.getByTestId('day-popup');
  await expect(popup).toBeVisible();
  expect((await popup.boundingBox())!.width).toBe(240); // spec 000 §9
  const item = popup.getByTestId('appointment');
  await expect(item).toContainText('9:00 AM – 10:00 AM');
  await expect(item).toContainText('Full-mouth restorations');
  await expect(item).toHaveAttribute('data-status', 'booked');
  await expect(item.getByRole('link', { name: /^Open case/ })).toHaveAttribute(
    'href',
    `/org/${member.orgId}/cases/${caseId}`,
  );

  // The second screen saw it arrive without reloading.
  await expect(wall.getByTestId(`day-${today}`)).toContainText('Marisol Quintero');
  await expect(wall.getByText('No appointments in these weeks.')).toHaveCount(0);

  // A status change on the server (a no-show) reaches the screen live: complete, struck through (spec 000 §4).
  const arrived = await fetch(`${baseURL!}/api/fhir/${member.orgId}/Appointment/${caseId}?token=${member.token}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/fhir+json' },
    body: JSON.stringify({ ...appointment.body, status: 'noshow' }),
  });
  expect(arrived.status).toBe(200);
  await expect(item).toHaveAttribute('data-status', 'noshow');
  await expect(item).toHaveAttribute('data-state', 'complete');
  await expect(item.getByText('Marisol Quintero')).toHaveCSS('text-decoration-line', 'line-through');
  await other.close();
  await context.close();
});

test('the calendar keeps month, date, location and provider in the query string and moves by month (spec 000 §3)', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}?month=2027-02&date=14`);
  await expect(page.getByRole('heading', { name: 'February 2027' })).toBeVisible();
  await expect(page.getByTestId('day-popup')).toBeVisible();
  await expect(page.getByTestId('day-popup').getByRole('link', { name: 'New Case' })).toHaveAttribute(
    'href',
    `/org/${member.orgId}/new-case?date=2027-02-14`,
  );
  // One week before the week of Feb 1 (a Monday) starts on Sunday Jan 24; one week after ends Sat Mar 13.
  await expect(page.getByTestId('day-2027-01-24')).toBeVisible();
  await expect(page.getByTestId('day-2027-01-23')).toHaveCount(0);
  await expect(page.getByTestId('day-2027-03-13')).toBeVisible();
  await expect(page.getByTestId('day-2027-03-14')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\?month=2027-02$/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/month=2027-03/);
  await expect(page.getByRole('heading', { name: 'March 2027' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('heading', { name: 'January 2027' })).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  const current = await page.evaluate(() =>
    new Date().toLocaleDateString(undefined, { month: 'long', year: 'numeric' }),
  );
  await expect(page.getByRole('heading', { name: current })).toBeVisible();
  await page.goto(`/org/${member.orgId}?month=3001-01&locationId=loc-x&providerId=prc-y`);
  await expect(page.getByRole('heading', { name: current })).toBeVisible();
  await expect(page.getByText('No appointments in these weeks for these filters.')).toBeVisible();
  await context.close();
});
