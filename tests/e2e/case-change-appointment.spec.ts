import type { Appointment } from '@vigil/shared';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';
import { fhirPoster } from './org-setup.js';

/*
 * Issue 40 ("a form everywhere"): the provider who opened a case not started yet moves its
 * appointment from the case screen; once the case starts, the appointment is no longer offered.
 */

test('a provider moves the appointment of a case not started from the case screen; a started case no longer offers it (issue 40)', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const tablet = await context.newPage();
  await tablet.setViewportSize({ width: 1280, height: 800 });
  await tablet.goto(`/org/${member.orgId}`);
  // Today 9:00-10:00 in the tablet's time zone, booked through the FHIR API.
  const { start, end } = await tablet.evaluate(() => {
    const d = new Date();
    const at = (h: number): string => new Date(d.getFullYear(), d.getMonth(), d.getDate(), h).toISOString();
    return { start: at(9), end: at(10) };
  });
  const post = fhirPoster(baseURL!, member);
  const patientId = await post('Patient', { name: [{ given: ['Ines'], family: 'Carvalho' }], birthDate: '1988-02-03' });
  const providerId = await post('Practitioner', { name: [{ text: 'Dr Ada Shaw' }] });
  const caseId = await post('Appointment', {
    status: 'booked',
    start,
    end,
    participant: [
      { actor: { reference: `Patient/${patientId}` }, status: 'accepted' },
      { actor: { reference: `Practitioner/${providerId}` }, status: 'accepted' },
    ],
  });

  await tablet.goto(`/org/${member.orgId}/cases/${caseId}`);
  await expect(tablet.getByLabel('Procedure', { exact: true })).toBeEnabled({ timeout: 90_000 });
  await tablet.getByRole('button', { name: 'Change appointment' }).click();
  const dialog = tablet.getByRole('dialog', { name: 'Change appointment' });
  await expect(dialog.getByLabel('Start')).toHaveValue('09:00');
  expect(await seriousViolations(tablet)).toEqual([]);
  await dialog.getByLabel('Start').fill('14:00');
  await dialog.getByLabel('End').fill('15:30');
  await dialog.getByRole('button', { name: 'Save new time' }).click();
  await expect(dialog).toHaveCount(0);
  const stored = await fetch(`${baseURL!}/api/fhir/${member.orgId}/Appointment/${caseId}?token=${member.token}`);
  const moved = (await stored.json()) as Appointment;
  expect([new Date(moved.start!).getUTCHours() - new Date(start).getUTCHours(), moved.status]).toEqual([5, 'booked']);

  // The case starts: the appointment stays as it is from here on.
  await tablet.getByRole('button', { name: 'Started Monitoring: now' }).click();
  await expect(tablet.getByTestId('save-status')).toHaveText('saved');
  await expect(tablet.getByRole('button', { name: 'Change appointment' })).toHaveCount(0);
  await context.close();
});
