import type { Observation, Patient } from '@vigil/shared';
import { measurementComponent, PHYSICAL_ATTRIBUTE_CODES } from '@vigil/shared';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

const DAY = 24 * 60 * 60_000;
const pad = (n: number): string => String(n).padStart(2, '0');
const ymd = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const hm = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

test('a 15 kg child: the case takes the weight from the record, an over-maximum midazolam dose asks first, and backdated vitals land at their time (issue 25)', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const api = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${baseURL!}/api/fhir/${member.orgId}/${path}?token=${member.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as T;
  };
  // A four-year-old weighed six days ago: 15 kg, 100 cm.
  const now = new Date();
  const birth = new Date(now.getFullYear() - 4, now.getMonth(), 1);
  const patient = await api<Patient>('Patient', {
    resourceType: 'Patient',
    name: [{ use: 'official', given: ['Lily'], family: 'Okafor' }],
    birthDate: ymd(birth),
  } satisfies Patient);
  const weighed = new Date(now.getTime() - 6 * DAY);
  await api<Observation>('Observation', {
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.panel }] },
    subject: { reference: `Patient/${patient.id}` },
    effectiveDateTime: weighed.toISOString(),
    component: [measurementComponent('weight', 15, '15 kg'), measurementComponent('height', 100, '100 cm')],
  } satisfies Observation);

  // The new-case form says what the case will take from the record.
  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/new-case`);
  const form = page.getByRole('form', { name: 'New case' });
  await expect(form.getByLabel(/^Provider/)).not.toHaveValue('');
  await form.getByLabel(/^Patient/).fill('Okaf');
  await page.getByRole('option', { name: /^Lily Okafor/ }).click();
  const source = `from the patient record, measured ${ymd(weighed)} (6 days ago)`;
  await expect(form.getByTestId('carried-measurements')).toHaveText(
    `Weight 15 kg and height 100 cm will be carried into the case (${source}).`,
  );
  await form.getByRole('button', { name: 'Create Case' }).click();
  await expect(page).toHaveURL(/\/cases\/apt-[a-z0-9]{14}$/);

  // 15 kg without typing, with where it came from; the tracker doses by it (1.8 cartridges, not 8.3).
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('15');
  await expect(page.getByText(`From the patient record, measured ${ymd(weighed)} (6 days ago)`).first()).toBeVisible();
  await page.getByRole('radio', { name: 'Lidocaine 2% 1:100,000' }).click();
  // AAPD lidocaine: min(300, 4.4 × 15 = 66) mg = 66 / 36 = 1.8 cartridges
  await expect(page.getByTestId('la-remaining')).toHaveText(
    'Up to 66 mg (1.8 cartridges) more of Lidocaine 2% 1:100,000 for 15 kg',
  );

  // Midazolam 7.5 mg PO = 0.5 mg/kg, the oral maximum: charted without a question.
  const drug = page.getByLabel('Drug', { exact: true });
  await drug.fill('Midazolam');
  // The maximum shows as soon as the drug is picked: IV, min(0.6 × 15, 6) = 6 mg.
  await expect(page.getByTestId('dose-check')).toContainText(
    'Maximum of Midazolam: 6 mg IV (0.6 mg/kg for 15 kg, at most 6 mg)',
  );
  await expect(page.getByTestId('dose-check')).toContainText('Source: FDA label, midazolam injection');
  await page.getByLabel('Route', { exact: true }).selectOption('PO');
  await page.getByLabel('Dose', { exact: true }).fill('7.5');
  await page.getByRole('button', { name: 'Add drug', exact: true }).click();
  const oral = page.getByRole('table', { name: 'Oral sedatives' });
  await expect(oral).toContainText('7.5 mg PO');
  await expect(page.getByTestId('max-oral:midazolam')).toContainText('100% of max');

  // Then 10 mg IV (0.67 mg/kg): asked before anything is saved, with the drug, total, maximum and percent.
  await drug.fill('Midazolam');
  await page.getByLabel('Route', { exact: true }).selectOption('IV');
  await page.getByLabel('Dose', { exact: true }).fill('10');
  await expect(page.getByTestId('dose-check')).toContainText('after this dose: 266.7% of the maximum');
  await page.getByRole('button', { name: 'Add drug', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Over the maximum dose' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Midazolam 10 mg IV');
  await expect(confirm).toContainText('Total after this dose: 10 mg IV');
  await expect(confirm).toContainText('Maximum: 6 mg IV (0.6 mg/kg for 15 kg, at most 6 mg)');
  // 7.5 / 7.5 + 10 / 6 = 266.67 % → 266.7
  await expect(confirm).toContainText('266.7% of the maximum dose (all routes counted)');
  await expect(page.getByRole('table', { name: 'Parenteral' })).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByLabel('Dose', { exact: true })).toHaveValue('10');
  await expect(page.getByRole('table', { name: 'Parenteral' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add drug', exact: true }).click();
  await confirm.getByRole('button', { name: 'Give anyway' }).click();
  await expect(page.getByRole('table', { name: 'Parenteral' })).toContainText('10 mg IV');
  await expect(page.getByTestId('max-parenteral:midazolam')).toContainText('166.7% of max');
  await expect(page.getByRole('alert').filter({ hasText: 'Midazolam is at 266.7% of its maximum dose' })).toBeVisible();

  // Manual vitals: one backdated half an hour (or to midnight) and one now; each lands at its time.
  const earlier = new Date(Math.max(now.getTime() - 30 * 60_000, new Date(ymd(now) + 'T00:00').getTime()));
  await page.getByRole('button', { name: 'Add vitals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add vitals' });
  await dialog.getByLabel(/Heart rate/).fill('101');
  await dialog.getByLabel(/^Time/).fill(hm(earlier));
  await dialog.getByRole('button', { name: 'Save vitals' }).click();
  await page.getByRole('button', { name: 'Add vitals' }).click();
  await dialog.getByLabel(/Heart rate/).fill('96');
  await dialog.getByRole('button', { name: 'Save vitals' }).click();
  const rows = page.getByRole('table', { name: 'Vitals recorded' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(hm(earlier));
  await expect(rows.nth(1)).toContainText('101');
  await expect(rows.nth(2)).toContainText('96');
  await expect(page.getByTestId('save-status')).toHaveText('saved');

  await page.reload();
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('15');
  await expect(page.getByRole('table', { name: 'Vitals recorded' }).getByRole('row').nth(1)).toContainText(hm(earlier));
  await context.close();
});
