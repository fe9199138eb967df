import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { drawSignature } from './signature.js';
import { memberContext } from './members.js';
import { FakeEmr } from '../utils/fake-emr.js';
import type { OrgMember } from '../utils/members.js';

/**
 * Issue 42 (spec 001 §8 finalize steps): an office with an EMR connection signs a case; the
 * progress shows 'Attempting to save to EMR' then 'EMR save completed', and the EMR received the
 * signed record as a FHIR transaction. With the EMR down the step reads 'EMR save failed' and the
 * case is finalized all the same. The EMR is the tests' fake EMR (tests/utils/fake-emr.ts): its
 * SMART configuration, a client-credentials token endpoint and the transaction endpoint, answering
 * real FHIR R4 JSON.
 */

const FHIR = { 'content-type': 'application/fhir+json' };

/** A case of today for a new patient, opened, started and charted, up to the signature pad's Sign and Finalize. */
async function signCase(context: BrowserContext, member: OrgMember, family: string): Promise<void> {
  const api = context.request;
  const patient = await api.post(`/api/fhir/${member.orgId}/Patient`, {
    headers: FHIR,
    data: { resourceType: 'Patient', name: [{ use: 'official', given: ['Ada'], family }], birthDate: '1990-01-02' },
  });
  expect(patient.status()).toBe(201);
  const start = new Date();
  const appointment = await api.post(`/api/fhir/${member.orgId}/Appointment`, {
    headers: FHIR,
    data: {
      resourceType: 'Appointment',
      status: 'arrived',
      description: 'Third molar extraction',
      start: start.toISOString(),
      end: new Date(start.getTime() + 3_600_000).toISOString(),
      participant: [
        { actor: { reference: `Patient/${((await patient.json()) as { id: string }).id}` }, status: 'accepted' },
      ],
    },
  });
  expect(appointment.status()).toBe(201);
  const caseId = ((await appointment.json()) as { id: string }).id;
  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  const notes = page.getByRole('textbox', { name: 'Procedure notes' });
  // A bound, not a pause: the case document's first load on a loaded 2-core machine took over 30 s.
  await expect(notes).toBeEnabled({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Started Monitoring: now' }).click();
  await notes.fill('Uneventful extraction under moderate sedation.');
  await expect(page.getByTestId('save-status')).toHaveText('saved');
  const report = page.getByRole('region', { name: 'Report', exact: true });
  await report.getByRole('button', { name: 'Sign and Finalize' }).click();
  const dialog = page.getByRole('dialog');
  await drawSignature(page, dialog.getByTestId('signature-pad'), { inputs: ['mouse'], strokes: 3 });
  await dialog.getByRole('button', { name: 'Sign and Finalize' }).click();
}

test('finalizing in an office with an EMR connection saves the signed record to the EMR, and an EMR that is down does not undo the finalize', async ({
  browser,
  baseURL,
}) => {
  // Two cases signed in one flow: a long one (playwright.config.ts lets such a test lengthen its bound).
  test.setTimeout(480_000);
  const emr = new FakeEmr({ clientId: 'vigil-writer', clientSecret: 'e2e-write-back-secret' });
  await emr.listen();
  const received = emr.received;
  try {
    const { member, context } = await memberContext(browser, baseURL!);
    expect(await emr.connect(member.browser, member.orgId, 'office')).toBeUndefined();

    await signCase(context, member, 'Lovelace');
    const page = context.pages().at(-1)!;
    const progress = page.getByTestId('finalize-progress');
    // spec 001 §8 step messages, in order.
    await expect(progress.locator('[data-step]')).toHaveText([
      /Generating PDF$/,
      /Saving report$/,
      /Attempting to save to EMR$/,
      /EMR save completed$/,
      /Report signed and saved$/,
    ]);
    await expect(page.getByRole('region', { name: 'Report', exact: true }).getByText('Report finalized')).toBeVisible();
    // The EMR holds the signed PDF and the Composition.
    expect(received).toHaveLength(1);
    const types = received[0]!.bundle.entry.map((e) => e.resource.resourceType);
    expect(types).toEqual(expect.arrayContaining(['Patient', 'Composition', 'DocumentReference', 'Procedure']));
    const doc = received[0]!.bundle.entry.find((e) => e.resource.resourceType === 'DocumentReference')!;
    const [pdf] = doc.resource.content as { attachment: { contentType: string; data: string } }[];
    expect(pdf!.attachment.contentType).toBe('application/pdf');
    expect(Buffer.from(pdf!.attachment.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // The EMR goes down: nothing listens at its address any more.
    await emr.close();
    await signCase(context, member, 'Hopper');
    const second = context.pages().at(-1)!;
    await expect(second.getByTestId('finalize-progress').locator('[data-step]')).toHaveText([
      /Generating PDF$/,
      /Saving report$/,
      /Attempting to save to EMR$/,
      /EMR save failed$/,
      /Report signed and saved$/,
    ]);
    const report = second.getByRole('region', { name: 'Report', exact: true });
    await expect(report.getByText('Report finalized')).toBeVisible();
    await expect(second.getByRole('textbox', { name: 'Procedure notes' })).toBeDisabled();
    // The write-back waits for its retry, listed with its failed attempt.
    const rows = await member.browser.gql<{ emrWriteBacks: { status: string; attempts: number }[] }>(
      'query ($o: String!) { emrWriteBacks(orgId: $o) { status attempts } }',
      { o: member.orgId },
    );
    expect(rows.data!.emrWriteBacks[0]!.status).not.toBe('done');
    expect(rows.data!.emrWriteBacks[0]!.attempts).toBeGreaterThan(0);
    expect(received).toHaveLength(1);
  } finally {
    await emr.close();
  }
});
