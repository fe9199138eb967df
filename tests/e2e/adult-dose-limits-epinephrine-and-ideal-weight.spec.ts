import type { Observation, Patient } from '@vigil/shared';
import { measurementComponent, PHYSICAL_ATTRIBUTE_CODES } from '@vigil/shared';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

const pad = (n: number): string => String(n).padStart(2, '0');
const ymd = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

test('an adult man of 95 kg, 170 cm: lidocaine is dosed on his ideal body weight, epinephrine binds first, and cardiovascular disease cuts it to 0.04 mg (issue 29)', async ({
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
  const now = new Date();
  const patient = await api<Patient>('Patient', {
    resourceType: 'Patient',
    name: [{ use: 'official', given: ['Marcus'], family: 'Bell' }],
    gender: 'male',
    birthDate: ymd(new Date(now.getFullYear() - 40, 0, 1)),
  } satisfies Patient);
  await api<Observation>('Observation', {
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.panel }] },
    subject: { reference: `Patient/${patient.id}` },
    effectiveDateTime: now.toISOString(),
    component: [measurementComponent('weight', 95, '95 kg'), measurementComponent('height', 170, '170 cm')],
  } satisfies Observation);

  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/new-case`);
  const form = page.getByRole('form', { name: 'New case' });
  await expect(form.getByLabel(/^Provider/)).not.toHaveValue('');
  await form.getByLabel(/^Patient/).fill('Bell');
  await page.getByRole('option', { name: /^Marcus Bell/ }).click();
  await form.getByRole('button', { name: 'Create Case' }).click();
  await expect(page).toHaveURL(/\/cases\/apt-[a-z0-9]{14}$/);
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('95');

  await page.getByRole('radio', { name: 'Lidocaine 2% 1:100,000' }).click();
  // Devine, male, 170 cm = 66.93 in: 50 + 2.3 × 6.93 = 65.9 kg, below his 95 kg: doses on 65.9 kg.
  await expect(page.getByTestId('la-dose-weight')).toHaveText(
    'Dosing on ideal body weight 65.9 kg (Devine, male); actual weight 95 kg.',
  );
  // An adult's default set is the manufacturer's (LA19); the provider picks AAPD for this case.
  await expect(page.getByRole('radio', { name: 'Manufacturer' })).toBeChecked();
  await page.getByRole('radio', { name: 'Pediatric dentistry (AAPD)' }).click();
  // AAPD: min(300, 4.4 × 65.9 = 289.96 → 289.9) mg; 289.9 / 36 = 8.05 → 8 cartridges.
  await expect(page.getByTestId('la-remaining')).toHaveText(
    'Up to 289.9 mg (8 cartridges) more of Lidocaine 2% 1:100,000 for 65.9 kg ideal body weight',
  );
  await expect(page.getByTestId('la-limited-by')).toHaveText(
    'Limited by the pediatric dentistry (AAPD) maximum: 4.4 mg/kg × 65.9 kg ideal body weight = 289.9 mg Lidocaine. Epinephrine would allow 11.1 cartridges.',
  );

  // Manufacturer: lidocaine 7 × 65.9 = 461.3 mg = 12.8 cartridges; epinephrine 0.2 mg / 0.018 mg a
  // cartridge = 11.1 cartridges (400 mg): epinephrine binds.
  await page.getByRole('radio', { name: 'Manufacturer' }).click();
  await expect(page.getByTestId('la-remaining')).toHaveText(
    'Up to 400 mg (11.1 cartridges) more of Lidocaine 2% 1:100,000 for 65.9 kg ideal body weight',
  );
  await expect(page.getByTestId('la-limited-by')).toHaveText(
    'Limited by epinephrine: 0.2 mg a visit for a healthy patient (0 mg given). Lidocaine alone would allow 12.8 cartridges.',
  );
  const tracker = page.locator('section[aria-labelledby="la-tracker-title"]');
  await tracker.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('la-tracker-epinephrine-1280.png') });

  // Cardiovascular disease: 0.04 mg / 0.01 mg/mL = 4 mL = 80 mg = 2.2 cartridges.
  const heart = page.getByRole('switch', { name: /Cardiovascular disease/ });
  await expect(heart).not.toBeChecked();
  await heart.click({ force: true });
  await expect(heart).toBeChecked();
  await expect(page.getByTestId('la-remaining')).toHaveText(
    'Up to 80 mg (2.2 cartridges) more of Lidocaine 2% 1:100,000 for 65.9 kg ideal body weight',
  );
  await expect(page.getByTestId('la-epinephrine')).toHaveText('Epinephrine 0 of 0.04 mg (0%)');

  // Three cartridges: 0.054 mg epinephrine, past 0.04 mg: the tracker asks before charting.
  await page.getByLabel('Amount').fill('3');
  await page.getByRole('button', { name: 'Give dose' }).click();
  const confirm = page.getByTestId('la-over-maximum');
  await expect(confirm).toContainText(
    'Epinephrine after this dose: 0.054 mg, past the 0.04 mg limit of a visit with cardiovascular disease',
  );
  await confirm.getByRole('button', { name: 'Give anyway' }).click();
  await expect(page.getByTestId('la-epinephrine')).toHaveText('Epinephrine 0.054 of 0.04 mg (135%)');
  await expect(page.getByRole('alert').filter({ hasText: 'Epinephrine is at 0.054 mg' })).toHaveText(
    'Epinephrine is at 0.054 mg, past the 0.04 mg limit of a visit for a patient with cardiovascular disease',
  );
  await tracker.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('la-tracker-cardiac-1280.png') });

  // On a tablet held upright the new lines wrap inside the section: nothing scrolls sideways.
  await page.setViewportSize({ width: 800, height: 1280 });
  await page.getByTestId('la-limited-by').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
  const box = await page.getByTestId('la-limited-by').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(800);
  await page.screenshot({ path: test.info().outputPath('la-tracker-tablet-800.png') });
});
