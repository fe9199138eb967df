import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.js';
import { drawSignature, expectNoCrash } from './signature.js';
import { memberContext } from './members.js';
import { REPO_ROOT } from '../utils/start-server.js';
import { outbox } from '../integration/accounts-client.js';

/** The 6-digit code of the first message to an address after the first `seen` ones. */
async function nextCode(baseUrl: string, to: string, seen: number): Promise<string> {
  const code = async (): Promise<string | undefined> => {
    const message = (await outbox(baseUrl, to))[seen];
    return message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
  };
  await expect.poll(code, { message: `a code for ${to}` }).toMatch(/^\d{6}$/);
  return (await code())!;
}

const FHIR = { 'content-type': 'application/fhir+json' };
/** The name tests/integration/accounts-client.ts signs members up with. */
const SIGNER = 'Dr. Test Person, DDS';

test('a provider signs a charted case: the progress reaches done, the case turns read-only and the PDF opens', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const api = context.request;
  const patient = await api.post(`/api/fhir/${member.orgId}/Patient`, {
    headers: FHIR,
    data: {
      resourceType: 'Patient',
      name: [{ use: 'official', given: ['Ada'], family: 'Lovelace' }],
      birthDate: '1990-01-02',
    },
  });
  const practitioner = await api.post(`/api/fhir/${member.orgId}/Practitioner`, {
    headers: FHIR,
    data: { resourceType: 'Practitioner', name: [{ text: 'Dr Grace Hopper' }] },
  });
  expect(patient.status()).toBe(201);
  expect(practitioner.status()).toBe(201);
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
        {
          actor: { reference: `Practitioner/${((await practitioner.json()) as { id: string }).id}` },
          status: 'accepted',
        },
      ],
    },
  });
  expect(appointment.status()).toBe(201);
  const caseId = ((await appointment.json()) as { id: string }).id;

  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  const notes = page.getByRole('textbox', { name: 'Procedure notes' });
  await expect(notes).toBeEnabled();
  // FS1 (issue 25): only a started case can be signed.
  await page.getByRole('button', { name: 'Started Monitoring: now' }).click();
  await notes.fill('Uneventful extraction under moderate sedation.');
  await expect(page.getByTestId('save-status')).toHaveText('saved');

  const report = page.getByRole('region', { name: 'Report', exact: true });
  // FS4 (issue 25): the PDF names the person who signs, here the signed-in provider (the
  // organisation does not require the primary provider, Dr Grace Hopper, to sign).
  await expect(report.getByTestId('report-final-signer')).toHaveText(`Final signer: ${SIGNER}`);
  await report.getByRole('button', { name: 'Show report preview' }).click();
  const preview = page.getByRole('region', { name: 'Report preview' });
  await expect(preview).toContainText('Lovelace, Ada');
  await expect(preview).toContainText('Uneventful extraction under moderate sedation.');

  await report.getByRole('button', { name: 'Sign and Finalize' }).click();
  const dialog = page.getByRole('dialog');
  // Signed in four strokes with the mouse, a pen and a finger in turn (issue 35).
  await drawSignature(page, dialog.getByTestId('signature-pad'), { inputs: ['mouse', 'pen', 'touch'], strokes: 4 });
  await dialog.getByRole('button', { name: 'Sign and Finalize' }).click();

  // spec 001 §8 step messages, in order, ending in done.
  const progress = page.getByTestId('finalize-progress');
  await expect(progress.locator('[data-step]')).toHaveText([
    /Generating PDF$/,
    /Saving report$/,
    /Report signed and saved$/,
  ]);
  await expect(report.getByText('Report finalized')).toBeVisible();
  await expect(notes).toBeDisabled();

  // Open PDF: a new tab on a short-lived link.
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    report.getByRole('button', { name: 'Open PDF' }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/\/api\/report-pdf\/[A-Za-z0-9_-]+$/);

  // sharePdf (spec 000 §2): the modal opened through the URL hash offers a short-lived link.
  await report.getByRole('link', { name: 'Share' }).click();
  await expect(page).toHaveURL(/#sharePdf=/);
  const share = page.getByRole('dialog', { name: 'Share report' });
  await expect(share.getByRole('textbox', { name: 'Link', exact: true })).toHaveValue(
    /\/api\/report-pdf\/[A-Za-z0-9_-]+$/,
  );
  await page.keyboard.press('Escape');
  await expect(share).toBeHidden();

  // Keep the PDF and its first page as PNG with the test's artifacts (test-results/).
  const pdf = await api.get(tab.url());
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const dir = path.join(REPO_ROOT, 'test-results', 'finalize-moderate-sedation-case');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, await pdf.body());
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    path.join(dir, 'report-page-1'),
  ]);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Lovelace, Ada');
  expect(text).toContain(`Final signer: ${SIGNER}`);
  expect(text).toContain('Uneventful extraction under moderate sedation.');

  // Issue 25: a finalized case opens on its signed PDF after a reload: Open PDF, who signed, the
  // addenda and Add addendum; never a greyed Sign and Finalize.
  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Report', exact: true });
  await expect(reloaded.getByText('Report finalized')).toBeVisible();
  await expect(reloaded.getByRole('button', { name: 'Open PDF' })).toBeVisible();
  await expect(reloaded.getByTestId('report-signed-by')).toContainText(`Signed by ${SIGNER}`);
  await expect(reloaded.getByTestId('addenda-count')).toHaveText('No addenda yet.');
  await expect(reloaded.getByRole('button', { name: 'Sign and Finalize' })).toHaveCount(0);

  // An addendum signed now is listed, and still counted after another reload.
  await reloaded.getByRole('button', { name: 'Add addendum' }).click();
  await reloaded.getByRole('textbox', { name: 'Addendum title' }).fill('Late entry');
  await reloaded.getByRole('textbox', { name: 'Addendum text' }).fill('Patient called the next day: doing well.');
  await reloaded.getByRole('textbox', { name: 'Signer name' }).fill(SIGNER);
  await reloaded.getByRole('button', { name: 'Sign Addendum' }).click();
  const addendumPad = page.getByRole('dialog');
  await drawSignature(page, addendumPad.getByTestId('signature-pad'), {
    inputs: ['mouse', 'pen', 'touch'],
    strokes: 4,
  });
  await addendumPad.getByRole('button', { name: 'Sign Addendum' }).click();
  await expect(reloaded.getByText('Addendum signed. The report PDF now includes it.')).toBeVisible();
  await expectNoCrash(page);
  await expect(reloaded.getByText(`Late entry, signed by ${SIGNER}`)).toBeVisible();
  // The organisation lets administrators reopen finalized cases (spec 000 §3 adminUnfinalize).
  const flag = await member.browser.gql(
    'mutation ($orgId: String!) { addOrgFeature(orgId: $orgId, featureName: "adminUnfinalize") { name value } }',
    { orgId: member.orgId },
  );
  expect(flag.code).toBeUndefined();
  await page.reload();
  const afterAddendum = page.getByRole('region', { name: 'Report', exact: true });
  await expect(afterAddendum.getByTestId('addenda-count')).toHaveText(
    '1 addendum is signed and printed as the last pages of the PDF.',
  );
  // After a reload the addendum itself is listed from the server: its title, signer and text.
  const listed = afterAddendum.getByTestId('addenda-list');
  await expect(listed).toContainText(`Late entry, signed by ${SIGNER} on `);
  await expect(listed).toContainText('Patient called the next day: doing well.');
  await expect(page.getByRole('button', { name: 'Add addendum' })).toBeVisible();

  // Unfinalize needs a fresh identity confirmation (issue 24 item 1): the sudo modal opens, and
  // once confirmed the case reopens for editing.
  await afterAddendum.getByRole('button', { name: 'Unfinalize' }).click();
  const seen = (await outbox(baseURL!, member.email)).length;
  await afterAddendum.getByRole('button', { name: 'Reopen case' }).click();
  const sudoDialog = page.getByRole('dialog', { name: 'Confirm your identity' });
  await expect(sudoDialog).toBeVisible();
  await sudoDialog.getByRole('button', { name: 'Send code' }).click();
  await sudoDialog.getByLabel('Verification code').fill(await nextCode(baseURL!, member.email, seen));
  const reopened = page.getByRole('region', { name: 'Report', exact: true });
  await expect(reopened.getByRole('button', { name: 'Sign and Finalize' })).toBeVisible();
  await expect(reopened.getByText('Report finalized')).toHaveCount(0);
});
