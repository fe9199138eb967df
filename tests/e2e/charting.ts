import type { Locator, Page } from '@playwright/test';
import { APPOINTMENT_EXTENSIONS, HEALTH_HISTORY_ROOT } from '@vigil/shared';
import type { OrgMember } from '../utils/members.js';
import { connectVigilClient, eventually } from '../utils/yjs-clients.js';
import { expect } from './fixtures.js';
import { bookCaseOf } from './org-setup.js';

/**
 * Charting steps the case-screen specs share: booking a child's moderate case, the time
 * incrementor's Now, a segmented choice, a vitals entry and a signed health history.
 */

/**
 * Books a child patient (Mia Chen, born 2020-03-04) and an appointment for moderate sedation
 * starting now through the real FHIR API; the case id is the appointment's.
 */
export async function bookChild(
  baseURL: string,
  orgId: string,
  token: string,
): Promise<{ caseId: string; patientId: string }> {
  return bookCaseOf(
    baseURL,
    orgId,
    token,
    { name: [{ given: ['Mia'], family: 'Chen' }], birthDate: '2020-03-04' },
    {
      description: 'Restorations under moderate sedation',
      extension: [{ url: APPOINTMENT_EXTENSIONS.sedationLevel, valueCode: 'moderate' }],
    },
  );
}

/** Sets an event time to now with the time incrementor's Now button. */
export async function now(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: `${label}: now` }).click();
  await expect(page.getByLabel(label, { exact: true })).toHaveValue(/^\d\d:\d\d$/);
}

/** Picks a choice of a segmented control (its radio is visually hidden under the label). */
export async function choose(scope: Page | Locator, group: string, option: string): Promise<void> {
  const radios = scope.getByRole('radiogroup', { name: group, exact: true });
  await radios
    .locator('label')
    .filter({ hasText: new RegExp(`^${option.replace(/[/.]/g, '\\$&')}$`) })
    .click();
  await expect(radios.getByRole('radio', { name: option, exact: true })).toBeChecked();
}

/** Adds a manual vitals entry; `time` (HH:MM, today) backdates it, else it is taken now. */
export async function addVitals(
  page: Page,
  v: { sbp: string; dbp: string; hr: string; spo2: string; time?: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Add vitals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add vitals' });
  await dialog.getByLabel(/Systolic BP/).fill(v.sbp);
  await dialog.getByLabel(/Diastolic BP/).fill(v.dbp);
  await dialog.getByLabel(/Heart rate/).fill(v.hr);
  await dialog.getByLabel(/SpO2/).fill(v.spo2);
  if (v.time !== undefined) await dialog.getByLabel(/^Time/).fill(v.time);
  await dialog.getByRole('button', { name: 'Save vitals' }).click();
  await expect(dialog).toHaveCount(0);
}

const HISTORY_SIGNATURE = 'M 10 150 L 120 60 L 200 220 L 330 80';

/**
 * A health history of the patient written and signed through the real server, as a provider's
 * tablet would (newHhx, its room synced by Vigil's own client, finalizeHhx with a signature).
 */
export async function signedHistory(
  baseURL: string,
  member: OrgMember,
  patientId: string,
  content: Record<string, unknown>,
): Promise<string> {
  const made = await member.browser.gql<{ newHhx: { id: string } }>(
    'mutation ($o: String!, $p: String!) { newHhx(orgId: $o, patientId: $p) { id } }',
    { o: member.orgId, p: patientId },
  );
  expect(made.code).toBeFalsy();
  const id = made.data!.newHhx.id;
  const client = connectVigilClient(baseURL, `${member.orgId}/${id}`, {
    params: { token: member.browser.token! },
    root: HEALTH_HISTORY_ROOT,
  });
  try {
    await eventually(() => expect(client.provider.status.status).toBe('synced'), 15_000);
    client.doc.transact(() => {
      const root = client.doc.getMap(HEALTH_HISTORY_ROOT);
      for (const [k, v] of Object.entries(content)) root.set(k, v);
    });
    // Signed once the server has the content (as the editor waits for its save before signing).
    await eventually(() => {
      expect(client.provider.unsavedUpdates).toBe(0);
      expect(['saving', 'outOfSync']).not.toContain(client.provider.status.status);
    }, 15_000);
    const signed = await member.browser.gql(
      'mutation ($o: String!, $c: String!, $s: String) { finalizeHhx(orgId: $o, compositionId: $c, signature: $s) { time } }',
      { o: member.orgId, c: id, s: HISTORY_SIGNATURE },
    );
    expect(signed.code).toBeFalsy();
  } finally {
    client.destroy();
  }
  return id;
}
