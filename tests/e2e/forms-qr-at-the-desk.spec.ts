import QRCode from 'qrcode';
import { orgMember } from '../utils/members.js';
import { seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';
import { fhirPoster, turnOnFeatures } from './org-setup.js';

/*
 * Issue 40: a form handed over at the desk as a QR code. The desk shows the attached consent as a
 * QR code; the code is the link the server made (drawn again here from the link the call answered,
 * pixel for pixel), and the patient's phone opening that link gets the form.
 */
test('the desk shows a form as a QR code of its single-use link, and the phone that opens the link gets the form', async ({
  browser,
  baseURL,
  server,
}) => {
  const member = await orgMember(baseURL!);
  await turnOnFeatures(server, member.orgId, 'formBuilder');
  const post = fhirPoster(baseURL!, member);
  const patientId = await post('Patient', { name: [{ given: ['Grace'], family: 'Hopper' }], birthDate: '1986-12-09' });
  await post('Appointment', {
    status: 'booked',
    description: 'Wisdom teeth',
    start: new Date(Date.now() + 86_400_000).toISOString(),
    end: new Date(Date.now() + 90_000_000).toISOString(),
    participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
  });
  const made = await member.browser.gql(
    `mutation ($o: String!, $p: OrgFormProperties!) { createOrgForm(orgId: $o, properties: $p) { id } }`,
    { o: member.orgId, p: { name: 'Sedation Consent', markdown: 'I consent to sedation.', requireSignature: true } },
  );
  expect(made.code).toBeFalsy();

  const desk = await contextWith(browser, baseURL!, member.browser);
  const page = await desk.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/org/${member.orgId}/patients/${patientId}`);
  await page.getByRole('button', { name: 'Forms' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Attach forms').click();
  await page.getByRole('option', { name: 'Sedation Consent' }).click();
  await dialog.getByRole('button', { name: 'Attach' }).click();
  await expect(dialog.getByTestId('form-task-status')).toHaveText('requested');

  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/graphql') && (r.request().postData() ?? '').includes('showAppointmentFormQr'),
  );
  await dialog.getByRole('button', { name: 'Show Sedation Consent as a QR code' }).click();
  const { url } = ((await (await answered).json()) as { data: { showAppointmentFormQr: { url: string } } }).data
    .showAppointmentFormQr;
  const qr = page.getByRole('dialog', { name: 'Scan to open the form' });
  const image = qr.getByTestId('form-qr');
  await expect(image).toBeVisible();
  // The image is exactly the QR code of that link.
  const expected = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  expect(decodeURIComponent((await image.getAttribute('src'))!.replace('data:image/svg+xml;charset=utf-8,', ''))).toBe(
    expected,
  );
  await expect(qr).toContainText('The link works once, until');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/forms-qr-at-the-desk.png' });
  await qr.getByRole('button', { name: 'Close' }).click();
  await expect(dialog.getByTestId('form-task-status')).toHaveText('sent');
  await expect(dialog).toContainText('Shown as a QR code at the desk');

  // The patient's phone opens the link the code holds.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
  const mobile = await phone.newPage();
  await mobile.goto(new URL(url).pathname);
  await expect(mobile.getByRole('heading', { name: 'Sedation Consent' })).toBeVisible();
  await expect(mobile.getByText('I consent to sedation.')).toBeVisible();
  await phone.close();
  await desk.close();
});
