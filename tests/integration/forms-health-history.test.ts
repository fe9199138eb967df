import {
  appointmentTasks,
  COMPOSITION_EXTENSIONS,
  mergedInto,
  readPatientAnswers,
  tasksWithContracts,
  type Appointment,
  type Bundle,
  type Composition,
  type Contract,
} from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './accounts-client.js';
import { outbox } from './accounts-client.js';
import { fhir } from './fhir-helpers.js';
import {
  formsWorld,
  intakeForm,
  newAppointment,
  patientAnswers,
  PHONE_ANSWERS,
  publicPost,
  sendFormLink,
  SEND_FORM,
  type FormsWorld,
} from './forms-helpers.js';
import { chartedCase, finalize, SIGNATURE } from './report-helpers.js';

/*
 * What a patient's form answers become (issue 28) against the real server: a patient-answers
 * health history (HM1) the staff merge into a health history (mergeHhx, generatedCategory
 * hhxMerge, HM4) with only the allergies and medications they ticked; and a form sent before the
 * case was signed, completed after it: the Contract is stored, the task shows completed through
 * it (PF7), the signed Appointment is unchanged.
 */

const MERGE = `mutation ($o: String!, $a: String!, $t: String, $al: [Int!]!, $me: [Int!]!, $f: [String!]) {
  mergeHhx(orgId: $o, answersId: $a, targetId: $t, allergies: $al, medications: $me, facts: $f) { id fhirJSON } }`;
const NEW = 'mutation ($o: String!, $p: String!) { newHhx(orgId: $o, patientId: $p) { id fhirJSON } }';
const FINALIZE_HHX = 'mutation ($o: String!, $c: String!) { finalizeHhx(orgId: $o, compositionId: $c) { checkSum } }';

const VALUES = PHONE_ANSWERS;

/** The case data a history's Composition carries (the server's projection of its document). */
function contentOf(c: Composition): Record<string, unknown> {
  const att = c.extension?.find((e) => e.url.endsWith('composition-case-data'))?.valueAttachment as
    { data: string } | undefined;
  return att ? (JSON.parse(Buffer.from(att.data, 'base64').toString('utf8')) as Record<string, unknown>) : {};
}

describe('patient answers and signed cases (issue 28)', () => {
  let w: FormsWorld;
  let formId = '';

  async function merge(
    browser: Browser,
    answersId: string,
    targetId: string | null,
    al: number[],
    me: number[],
    f: string[] = [],
  ) {
    const r = await browser.gql<{ mergeHhx: { id: string; fhirJSON: string } }>(MERGE, {
      o: 'office',
      a: answersId,
      t: targetId,
      al,
      me,
      f,
    });
    return { data: r.data?.mergeHhx ?? null, code: r.code };
  }

  beforeAll(async () => {
    w = await formsWorld({ prefix: 'answers' });
    formId = await intakeForm(w);
  }, 300_000);
  afterAll(async () => {
    await w?.server.dispose();
  });

  it('[HM1][HM4] stores the answers as a patient-answers history the staff merge, adding only the ticked allergies and medications', async () => {
    const { patientId, appointmentId } = await newAppointment(w, 'Maria');
    const { token } = await sendFormLink(w, formId, appointmentId);
    const done = await publicPost(w, `patient-forms/${token}/submit`, { accepted: true, values: VALUES });
    expect(done.status).toBe(200);

    const [answers, ...more] = await patientAnswers(w, w.member.browser, patientId);
    expect(more).toHaveLength(0);
    expect(answers).toMatchObject({ status: 'final', subject: { reference: `Patient/${patientId}` } });
    expect(readPatientAnswers(answers!)).toMatchObject({
      formName: 'Intake',
      healthHistory: VALUES.history,
      allergies: VALUES.allergies,
      medications: VALUES.meds,
    });
    // Not a health history: the patient's health history search does not list it.
    const histories = await fhir<Bundle>(
      w.server,
      w.member.browser,
      'GET',
      `office/Composition?subject=Patient/${patientId}&type=${encodeURIComponent('http://loinc.org|35089-2')}`,
    );
    expect(histories.body.entry ?? []).toHaveLength(0);

    // Refused: no session, another organisation's admin, another organisation's id.
    expect((await merge(w.browsers.none, answers!.id!, null, [], [])).code).toBe('NO_AUTHENTICATION');
    expect((await merge(w.otherAdmin.browser, answers!.id!, null, [], [])).code).toBe('NOT_AUTHORIZED');
    const elsewhere = await w.otherAdmin.browser.gql(MERGE.replace('"office"', '"elsewhere"'), {
      o: 'elsewhere',
      a: answers!.id!,
      t: null,
      al: [],
      me: [],
    });
    expect(elsewhere.code).toBe('NOT_FOUND');

    // No history yet: a member starts one from the answers; the staff ticked Penicillin only.
    const started = await merge(w.member.browser, answers!.id!, null, [0], []);
    expect(started.code).toBeUndefined();
    const history = JSON.parse(started.data!.fhirJSON) as Composition;
    expect(history.status).toBe('preliminary');
    expect(history.extension).toContainEqual({ url: COMPOSITION_EXTENSIONS.generatedCategory, valueCode: 'hhxMerge' });
    const content = contentOf(history);
    expect(content.systemsReview).toMatchObject({
      cardiac: { hasEntries: true, entries: [{ condition: 'hypertension' }] },
      renal: { hasEntries: false, entries: [] },
    });
    expect(content.surgicalHistorySummary).toBe('None');
    expect(content.healthHistoryNotes).toContain('Since 2019');
    expect(content.healthHistoryNotes).toContain('Unsure: Pulmonary');
    expect(content.allergies).toEqual([
      { id: expect.any(String) as string, substance: 'Penicillin', reaction: 'hives', severity: null },
    ]);
    expect(content.medications).toBeUndefined();
    const marked = await fhir<Composition>(w.server, w.member.browser, 'GET', `office/Composition/${answers!.id}`);
    expect(mergedInto(marked.body)).toEqual([history.id]);

    // Into the same history while in progress: its id stays; the medication now ticked joins it.
    const again = await merge(w.member.browser, answers!.id!, history.id!, [0], [0]);
    expect(again.data?.id).toBe(history.id);
    const merged = contentOf(JSON.parse(again.data!.fhirJSON) as Composition);
    expect(merged.allergies).toHaveLength(1);
    expect(merged.medications).toEqual([{ name: 'Lisinopril 10 mg' }]);

    // Once marked complete, merging makes a new copy (the finished one stays as it was).
    expect((await w.member.browser.gql(FINALIZE_HHX, { o: 'office', c: history.id })).code).toBeUndefined();
    const copy = await merge(w.member.browser, answers!.id!, history.id!, [1], []);
    expect(copy.code).toBeUndefined();
    expect(copy.data!.id).not.toBe(history.id);
    const copied = contentOf(JSON.parse(copy.data!.fhirJSON) as Composition);
    expect((copied.allergies as { substance: string }[]).map((a) => a.substance)).toEqual(['Penicillin', 'Latex']);
    expect(copied.markedCompleteTime).toBeUndefined();
    const finished = await fhir<Composition>(w.server, w.member.browser, 'GET', `office/Composition/${history.id}`);
    expect((contentOf(finished.body).allergies as unknown[]).length).toBe(1);

    // Another patient's history is refused.
    const other = await newAppointment(w, 'Otto');
    const otherHistory = await w.member.browser.gql<{ newHhx: { id: string } }>(NEW, {
      o: 'office',
      p: other.patientId,
    });
    expect((await merge(w.member.browser, answers!.id!, otherHistory.data!.newHhx.id, [], [])).code).toBe(
      'PATIENT_MISMATCH',
    );
  });

  it('[HM5] copies the weight and "no allergies" the patient stated only when the staff tick them', async () => {
    const { patientId, appointmentId } = await newAppointment(w, 'Nora');
    const { token } = await sendFormLink(w, formId, appointmentId);
    const values = { ...VALUES, allergies: [], meds: [], weight: '150 lb' };
    expect((await publicPost(w, `patient-forms/${token}/submit`, { accepted: true, values })).status).toBe(200);
    const [answers] = await patientAnswers(w, w.member.browser, patientId);

    expect((await merge(w.member.browser, answers!.id!, null, [], [], ['weight', 'bloodType'])).code).toBe(
      'INVALID_INPUT',
    );
    const merged = await merge(w.member.browser, answers!.id!, null, [], [], ['weight', 'noAllergies']);
    expect(merged.code).toBeUndefined();
    const content = contentOf(JSON.parse(merged.data!.fhirJSON) as Composition);
    // 150 lb × 0.45359237 = 68.04 kg, kept as typed beside it.
    expect(content.weight).toEqual({ value: 150 * 0.45359237, raw: '150 lb' });
    expect(content.allergiesSummary).toBe('NKDA');
    // "No medications" was offered but not ticked: the history does not say it.
    expect(content.medicationsText).toBeUndefined();
  });

  it('[PF7] a form sent before the case was signed is completed after it; the signed Appointment is unchanged', async () => {
    const c = await chartedCase(w.server, {
      email: w.admin.email,
      orgId: 'office',
      token: w.admin.browser.token!,
      browser: w.admin.browser,
    });
    const { token, taskId } = await sendFormLink(w, formId, c.caseId, '+14155550123');
    const signed = await finalize(w.server, w.admin.browser, 'office', c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash(),
    });
    expect(signed.lines.at(-1)?.step).toBe('done');
    c.client.destroy();
    const before = await fhir<Appointment>(w.server, w.admin.browser, 'GET', `office/Appointment/${c.caseId}`);

    const done = await publicPost(w, `patient-forms/${token}/submit`, { accepted: true, values: VALUES });
    expect(done.status).toBe(200);
    const contractId = done.body.contractId as string;
    const contract = await fhir<Contract>(w.server, w.admin.browser, 'GET', `office/Contract/${contractId}`);
    expect(contract.status).toBe(200);

    const after = await fhir<Appointment>(w.server, w.admin.browser, 'GET', `office/Appointment/${c.caseId}`);
    expect(after.body).toEqual(before.body);
    expect(appointmentTasks(after.body).find((t) => t.id === taskId)?.status).toBe('sent');
    // What the staff see: the task completed by its Contract.
    const contracts = await fhir<Bundle>(
      w.server,
      w.admin.browser,
      'GET',
      `office/Contract?subject=Patient/${c.patientId}`,
    );
    const shown = tasksWithContracts(
      c.caseId,
      appointmentTasks(after.body),
      (contracts.body.entry ?? []).map((e) => e.resource as Contract),
    );
    expect(shown.find((t) => t.id === taskId)).toMatchObject({
      status: 'completed',
      fhirRef: `Contract/${contractId}`,
    });

    // Sending it again is refused before any message goes out.
    const sms = (await outbox(w.server.url, '+14155550123')).length;
    const resend = await w.admin.browser.gql(SEND_FORM, { taskId, appointmentId: c.caseId, to: '+14155550123' });
    expect(resend.code).toBe('SIGNED_RECORD');
    expect(await outbox(w.server.url, '+14155550123')).toHaveLength(sms);
  });
});
