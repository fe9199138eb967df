import { KG_PER_LB, measurementComponent, PHYSICAL_ATTRIBUTE_CODES } from '@vigil/shared';
import { chartedCase, finalize, SIGNATURE } from '../integration/report-helpers.js';
import { expect, test } from './fixtures.js';
import { contextWith, memberContext } from './members.js';
import { bookCaseOf, fhirPoster } from './org-setup.js';

test('the patient page shows a signed case as finalized, not booked (issue 35)', async ({
  browser,
  baseURL,
  server,
}) => {
  test.slow(); // a case charted, signed and printed to PDF before the page opens
  const c = await chartedCase(server);
  const signed = await finalize(server, c.member.browser, c.orgId, c.caseId, {
    signature: SIGNATURE,
    contentHash: c.hash(),
    timeZone: 'UTC',
  });
  c.client.destroy();
  expect(signed.lines.at(-1)?.step).toBe('done');
  const context = await contextWith(browser, baseURL!, c.member.browser);
  const page = await context.newPage();
  await page.goto(`/org/${c.orgId}/patients/${c.patientId}`);
  const row = page.getByRole('row').filter({ hasText: 'Third molar extraction' });
  // A first load on a busy machine (seen at 48 s with the machine's load at 23).
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible({ timeout: 120_000 });
  await expect(row.getByText('finalized', { exact: true })).toBeVisible();
  await expect(row.getByText('booked', { exact: true })).toHaveCount(0);
  await context.close();
});

test('a weight typed in pounds shows rounded to 0.1 kg on the case (66 lb reads 29.9 kg, issue 35)', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const { caseId, patientId } = await bookCaseOf(baseURL!, member.orgId, member.token, {
    name: [{ given: ['Noah'], family: 'Berg' }],
    birthDate: '2019-05-06',
  });
  await fhirPoster(baseURL!, member)('Observation', {
    status: 'final',
    code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.panel }] },
    subject: { reference: `Patient/${patientId}` },
    effectiveDateTime: new Date().toISOString(),
    // As the patient form stores "66 lb": 66 × 0.45359237 = 29.937096420000003 in floating point.
    component: [measurementComponent('weight', 66 * KG_PER_LB, '66 lb')],
  });
  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  // The weight comes from the patient record once the case has read it.
  await expect(page.getByLabel('Case header')).toContainText('29.9 kg', { timeout: 120_000 });
  await expect(page.getByText(/29\.93/)).toHaveCount(0);
  await context.close();
});

test('Unsigned Reports lists a case booked for later today, which may be charted before its booked time (issue 35)', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  // The device's clock reads 09:00; the case is booked for 15:00 the same day and is seen early.
  const today = new Date();
  const at = (hour: number): Date => new Date(today.getFullYear(), today.getMonth(), today.getDate(), hour);
  await page.clock.setFixedTime(at(9));
  await bookCaseOf(
    baseURL!,
    member.orgId,
    member.token,
    { name: [{ given: ['Elsa'], family: 'Moreau' }], birthDate: '2015-01-02' },
    { description: 'Seen early', start: at(15).toISOString(), end: at(16).toISOString() },
  );
  await page.goto(`/org/${member.orgId}/admin-reports/unsigned`);
  const table = page.getByRole('table', { name: 'Unsigned cases' });
  await expect(table).toBeVisible({ timeout: 120_000 }); // a first load on a busy machine
  await expect(table.getByRole('row').filter({ hasText: 'Seen early' })).toBeVisible();
  await context.close();
});
