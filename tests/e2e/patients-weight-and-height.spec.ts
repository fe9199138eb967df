import type { Bundle, Observation } from '@vigil/shared';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

test("weight and height are typed as text, read in the org's units, refused with 'Failed to parse' past 650 kg / 120 in, and saved with their raw text (spec 002 §5, §9)", async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/patients`);
  await page.getByRole('button', { name: 'New Patient' }).click();
  const form = page.getByRole('form', { name: 'New patient' });
  await form.getByLabel('First Name').fill('Pia');
  await form.getByLabel('Last Name').fill('Andersen');
  await form.getByLabel('Birth Date').fill('5/6/2014');

  // No unit setting: pounds and inches.
  const weight = form.getByLabel('Weight (optional)');
  const height = form.getByLabel('Height (optional)');
  await weight.fill('651 kg');
  await expect(form.getByText('Failed to parse')).toBeVisible();
  await weight.fill('70');
  await expect(form.getByText('Saved as 31.8 kg')).toBeVisible(); // 70 lb × 0.45359237
  await height.fill('121');
  await expect(form.getByText('Failed to parse')).toBeVisible();
  await form.getByRole('button', { name: 'Add Patient' }).click();
  await expect(form).toBeVisible(); // blocked while a value fails to parse
  await height.fill(`4' 8"`);
  await expect(form.getByText('Saved as 142.2 cm')).toBeVisible(); // 56 in × 2.54
  await expect(form.getByText('Failed to parse')).toHaveCount(0);
  await form.getByRole('button', { name: 'Add Patient' }).click();

  await expect(page.getByRole('heading', { name: 'Pia Andersen' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Patient details' });
  await expect(details).toContainText('70 (31.8 kg)');
  await expect(details).toContainText(`4' 8" (142.2 cm)`);
  await expect(details).toContainText('15.7'); // 31.75 kg / 1.4224² m² = 15.69 (server-derived BMI)

  const patientId = /\/patients\/([^/]+)$/.exec(page.url())![1]!;
  const res = await fetch(
    `${baseURL!}/api/fhir/${member.orgId}/Observation?patient=Patient/${patientId}&token=${member.token}`,
  );
  const stored = ((await res.json()) as Bundle<Observation>).entry!.map((e) => e.resource!);
  expect(stored).toHaveLength(1);
  const components = stored[0]!.component!;
  expect(components.find((c) => c.code.coding?.[0]?.code === '29463-7')).toMatchObject({
    valueQuantity: { unit: 'kg' },
    extension: [{ valueString: '70' }],
  });
  expect(components.find((c) => c.code.coding?.[0]?.code === '8302-2')?.valueQuantity?.value).toBeCloseTo(142.24, 5);

  // Editing shows the typed text again; an unchanged weight and height add no new measurement.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit patient' });
  await expect(edit.getByLabel('Weight (optional)')).toHaveValue('70');
  await edit.getByLabel('Nickname (optional)').fill('Pip');
  await edit.getByRole('button', { name: 'Save Patient' }).click();
  await expect(edit).toHaveCount(0);
  const again = await fetch(
    `${baseURL!}/api/fhir/${member.orgId}/Observation?patient=Patient/${patientId}&token=${member.token}`,
  );
  expect(((await again.json()) as Bundle<Observation>).total).toBe(1);
  await context.close();
});
