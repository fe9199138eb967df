import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

/** A patient made through the real FHIR API as the front desk would. */
async function patient(baseURL: string, orgId: string, token: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/fhir/${orgId}/Patient?token=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/fhir+json' },
    body: JSON.stringify({
      resourceType: 'Patient',
      name: [{ given: ['Noor'], family: 'Haddad' }],
      birthDate: '1984-05-02',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/*
 * Issue 35 item 15: the Pre-Op Vitals tab's status was computed against the moment the editor
 * opened, so vitals taken "now" (a moment later) counted as taken in the future (HH6 needs
 * t <= now) and the badge stayed Incomplete until a reload. The vitals here are saved with the
 * dialog's empty time, which is always later than the opening of the editor.
 */
test('entering pre-op vitals on the health history turns the Pre-Op Vitals status Complete without a reload (spec 002 §4, HH6; issue 35 item 15)', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const patientId = await patient(baseURL!, member.orgId, member.token);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/org/${member.orgId}/patients/${patientId}/health-histories`);
  await page.getByRole('button', { name: 'New Health History' }).click();
  const editor = page.getByRole('dialog', { name: 'Health History' });
  const tab = editor.getByRole('tab', { name: /^Pre-Op Vitals/ });
  await expect(tab).toHaveAccessibleName('Pre-Op Vitals Incomplete');
  await tab.click();
  // The panel shown (getByRole skips hidden ones): the badge of the tab left is never read here.
  const panel = editor.getByRole('tabpanel', { name: /^Pre-Op Vitals/ });
  await expect(panel.getByTestId('hhx-tab-status')).toHaveText('Incomplete');
  await expect(editor.getByText('No vitals recorded in the last 30 days.')).toBeVisible();

  await editor.getByRole('button', { name: 'Add vitals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add vitals' });
  await dialog.getByLabel(/Systolic BP/).fill('122');
  await dialog.getByLabel(/Diastolic BP/).fill('78');
  await dialog.getByLabel(/Heart rate/).fill('71');
  await dialog.getByLabel(/SpO2/).fill('98');
  await dialog.getByRole('button', { name: 'Save vitals' }).click();
  await expect(dialog).toHaveCount(0);

  // The entry is listed, and both the tab's badge and the section's status follow at once.
  await expect(editor.getByRole('list', { name: 'Pre-op vitals recorded' }).getByRole('listitem')).toHaveCount(1);
  await expect(editor.getByText('No vitals recorded in the last 30 days.')).toHaveCount(0);
  await expect(panel.getByTestId('hhx-tab-status')).toHaveText('Complete');
  await expect(tab).toHaveAccessibleName('Pre-Op Vitals Complete');
  await editor.getByRole('tab', { name: /^Review & Complete/ }).click();
  await expect(editor.getByTestId('review-status-Pre-Op Vitals')).toHaveText('Complete');
  await context.close();
});
