import { CASE_ROOT } from '@vigil/shared';
import { orgMember } from '../utils/members.js';
import { connectVigilClient, eventually } from '../utils/yjs-clients.js';
import { bookPatientCase } from './axe.js';
import { signedHistory } from './charting.js';
import { expect, test, untilControlledByServiceWorker } from './fixtures.js';
import { contextWith } from './members.js';

test('the case says plainly that the patient has no health history, starts one from the case, and copies a signed one by the local / elsewhere / both rule (spec 001 §3, §4; issue 27)', async ({
  browser,
  baseURL,
}) => {
  const member = await orgMember(baseURL!);
  const { caseId, patientId } = await bookPatientCase(baseURL!, member.orgId, member.browser.token!);
  const context = await contextWith(browser, baseURL!, member.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  const casePath = `/org/${member.orgId}/cases/${caseId}`;
  await page.goto(casePath);

  // HX4: no history at all — the headline at the top of the case, the sentence for screen readers.
  const notice = page.getByTestId('case-notice');
  await expect(notice).toHaveText('No health history: this patient has no pre-sedation assessment on file.');
  await expect(notice).toHaveAttribute('role', 'alert');
  const section = page.locator('#case-health-history');
  await expect(section.getByTestId('case-history-none')).toBeVisible();

  // Start one from the case: the editor opens on the new history (newHhx from a case).
  await section.getByRole('button', { name: 'Start health history from this case' }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patientId}/health-histories/cmp-[A-Za-z0-9]+$`));
  await expect(
    page.getByRole('dialog', { name: 'Health History' }).getByRole('tab', { name: /^Physical/ }),
  ).toBeVisible();
  await page.goto(casePath);
  await expect(notice).toHaveText('Health history in progress: the pre-sedation assessment is not signed yet.');
  await expect(section.getByTestId('case-history-pill')).toHaveText(['In-Progress']);

  // The case charts its own allergy on the day, before any history is copied.
  const allergies = page.locator('#case-start').getByRole('textbox', { name: 'Allergies', exact: true });
  await allergies.fill('Latex (reported today)');
  await expect(page.getByTestId('save-status')).toHaveText('saved');

  // A signed history arrives (signed on another device); the case lists it as Most Recent.
  await signedHistory(baseURL!, member, patientId, {
    allergiesSummary: 'Penicillin',
    healthHistoryNotes: 'Father: malignant hyperthermia scare in 1998.',
    anesthesiaHistorySummary: 'PONV after tonsillectomy',
    ulbt: '3',
    tmd: 5.5,
    pregnant: 'y',
  });
  await page.reload();
  await expect(notice).toHaveCount(0);
  const signed = section.getByTestId('case-history').filter({ hasText: 'Most Recent' });
  await expect(signed.getByTestId('case-history-alerts')).toHaveText(/^\d+ medical alerts?$/);
  await signed.getByRole('button', { name: 'Use in this case' }).click();

  // HX2: elsewhere fields copied read-only; both fields copied where the case had none, the case's
  // own allergy kept and named; local fields (pregnancy) never copied.
  await expect(section.getByTestId('case-history-copied')).toContainText('The case keeps its own Allergies');
  await expect(section.getByTestId('case-history-field-healthHistoryNotes')).toHaveText(
    'Health history notes: Father: malignant hyperthermia scare in 1998.',
  );
  await expect(section.getByTestId('case-history-field-anesthesiaHistorySummary')).toHaveText(
    'Anesthesia history: PONV after tonsillectomy',
  );
  const airway = section.getByRole('group', { name: 'Airway examination' });
  await expect(airway.getByLabel('Upper lip bite')).toHaveValue('3');
  await expect(airway.getByLabel('Thyromental distance (cm)')).toHaveValue('5.5');
  await expect(allergies).toHaveValue('Latex (reported today)');
  await expect(signed.getByText('Used by this case')).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText('saved');

  // The copy is in the case's document on the server (read by a second device); the history's
  // pregnancy answer is not (local).
  const desk = connectVigilClient(baseURL!, `${member.orgId}/${caseId}`, {
    params: { token: member.browser.token! },
    root: CASE_ROOT,
  });
  try {
    await eventually(() => {
      expect(desk.doc.getMap(CASE_ROOT).toJSON()).toMatchObject({
        healthHistoryNotes: 'Father: malignant hyperthermia scare in 1998.',
        allergiesSummary: 'Latex (reported today)',
        ulbt: '3',
        tmd: 5.5,
      });
    }, 15_000);
    expect(desk.doc.getMap(CASE_ROOT).get('pregnant')).toBeUndefined();
  } finally {
    desk.destroy();
  }

  // Offline, the case still lists the patient's histories (this device's resource cache).
  await untilControlledByServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(section.getByTestId('case-history-pill')).toHaveText(['In-Progress', 'Most Recent']);
  await expect(signed.getByText('Used by this case')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await context.setOffline(false);
  await context.close();
});
