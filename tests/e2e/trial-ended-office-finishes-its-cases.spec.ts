import { rmSync } from 'node:fs';
import { TRIAL_ENDED_MESSAGE, TRIAL_MS } from '@vigil/shared';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';
import { fhirPoster } from './org-setup.js';
import { orgMember, signInAgain } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';

/**
 * Issue 35 item 2 in Chromium: an office whose 30-day trial has ended still signs the case it
 * booked during the trial, and the front desk adding a new patient is told the trial ended, with
 * a link to the Subscription page (spec 000 §2 /org/{orgId}/subscription). The server's clock is
 * moved to day 31 (VIGIL_TEST_CLOCK_OFFSET_MS), and the browser's with it (its clock check).
 */
test('after the trial the provider finalizes the case booked in it, and the front desk adding a patient is told where to subscribe', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  // This spec moves its own server's clock, so it starts (and restarts) one of its own.
  let server: TestServer = await startServer({ timeoutMs: 150_000 });
  const dataDir = server.dataDir;
  try {
    // During the trial: the office signs up and books the case.
    const member = await orgMember(server.url);
    const post = fhirPoster(server.url, member);
    const patientId = await post('Patient', {
      name: [{ use: 'official', given: ['Ada'], family: 'Lovelace' }],
      birthDate: '1990-01-02',
    });
    // Day 31: the trial ended an hour ago; the case was booked for then.
    const offset = TRIAL_MS + 3_600_000;
    const start = new Date(Date.now() + offset);
    const caseId = await post('Appointment', {
      status: 'arrived',
      description: 'Third molar extraction',
      start: start.toISOString(),
      end: new Date(start.getTime() + 3_600_000).toISOString(),
      participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
    });
    await server.stop();
    server = await startServer({ dataDir, timeoutMs: 150_000, env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(offset) } });
    const context = await contextWith(browser, server.url, await signInAgain(server.url, member.email));
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() + offset });

    // The provider charts and signs the case.
    await page.goto(`/org/${member.orgId}/cases/${caseId}`);
    const notes = page.getByRole('textbox', { name: 'Procedure notes' });
    // A first load on a loaded 2-core machine can take longer than the default 30 s.
    await expect(notes).toBeEnabled({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Started Monitoring: now' }).click();
    await notes.fill('Uneventful extraction under moderate sedation.');
    await expect(page.getByTestId('save-status')).toHaveText('saved');
    const report = page.getByRole('region', { name: 'Report', exact: true });
    await report.getByRole('button', { name: 'Sign and Finalize' }).click();
    const dialog = page.getByRole('dialog');
    const pad = (await dialog.getByTestId('signature-pad').boundingBox())!;
    await page.mouse.move(pad.x + 40, pad.y + 150);
    await page.mouse.down();
    await page.mouse.move(pad.x + 160, pad.y + 80, { steps: 6 });
    await page.mouse.move(pad.x + 280, pad.y + 190, { steps: 6 });
    await page.mouse.up();
    await dialog.getByRole('button', { name: 'Sign and Finalize' }).click();
    await expect(page.getByTestId('finalize-progress').locator('[data-step]')).toHaveText([
      /Generating PDF$/,
      /Saving report$/,
      /Report signed and saved$/,
    ]);
    await expect(report.getByText('Report finalized')).toBeVisible();

    // The front desk tries to add a new patient.
    await page.goto(`/org/${member.orgId}/patients`);
    await page.getByRole('button', { name: 'New Patient' }).click();
    const form = page.getByRole('form', { name: 'New patient' });
    await form.getByLabel('First Name').fill('Maya');
    await form.getByLabel('Last Name').fill('Okafor');
    await form.getByLabel('Birth Date').fill('3/4/15');
    await form.getByRole('button', { name: 'Add Patient' }).click();
    const refusal = form.getByRole('alert');
    await expect(refusal).toContainText('Your free trial has ended');
    await expect(refusal).toContainText(TRIAL_ENDED_MESSAGE);
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 1280 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await refusal.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/trial-ended/${size.width}x${size.height}.png` });
    }
    await refusal.getByRole('link', { name: 'Go to the Subscription page' }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${member.orgId}/subscription$`));
    await context.close();
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
