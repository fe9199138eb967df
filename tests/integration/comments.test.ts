import { EDIT_STATUS_EXTENSION, type Bundle, type Communication } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fhir } from './fhir-helpers.js';
import { FORM_ROLES, formsWorld, needs, newAppointment, type FormsWorld } from './forms-helpers.js';

/*
 * Patient comments against the real server (issue 28; spec 001 §3 "Communication"): author with
 * display, date, text, appointment; edited and deleted as editStatus with every earlier text kept
 * in the history; every call × caller.
 */

const ADD = `mutation ($orgId: String, $patientId: String!, $text: String!, $appointmentId: String) {
  addPatientComment(orgId: $orgId, patientId: $patientId, text: $text, appointmentId: $appointmentId) { fhirJSON } }`;
const EDIT = `mutation ($orgId: String, $id: String!, $text: String!) {
  editPatientComment(orgId: $orgId, id: $id, text: $text) { fhirJSON } }`;
const DELETE = `mutation ($orgId: String, $id: String!) { deletePatientComment(orgId: $orgId, id: $id) { fhirJSON } }`;

type Answer = Record<string, { fhirJSON: string }>;
const resourceOf = (result: { data: Answer | null }): Communication =>
  JSON.parse(Object.values(result.data!)[0]!.fhirJSON) as Communication;

describe('patient comments (issue 28)', () => {
  let w: FormsWorld;
  let patientId = '';
  let appointmentId = '';

  beforeAll(async () => {
    w = await formsWorld({ prefix: 'comments', formBuilder: false });
    ({ patientId, appointmentId } = await newAppointment(w, 'Rosa'));
  }, 300_000);
  afterAll(async () => {
    await w?.server.dispose();
  });

  it('adds a comment with its author, date, text and appointment; edits and deletes keep every text in the history', async () => {
    const added = await w.member.browser.gql<Answer>(ADD, {
      orgId: 'office',
      patientId,
      text: '  Prefers the left arm for IV.  ',
      appointmentId,
    });
    expect(added.code).toBeUndefined();
    const comment = resourceOf(added);
    expect(comment).toMatchObject({
      resourceType: 'Communication',
      status: 'completed',
      subject: { reference: `Patient/${patientId}` },
      about: [{ reference: `Appointment/${appointmentId}` }],
      sender: { reference: expect.stringMatching(/^Practitioner\//) as string, display: 'Dr. Test Person, DDS' },
      payload: [{ contentString: 'Prefers the left arm for IV.' }],
    });
    expect(Date.now() - Date.parse(comment.sent!)).toBeLessThan(60_000);

    // Only the author edits.
    expect((await w.admin.browser.gql(EDIT, { orgId: 'office', id: comment.id, text: 'Hijacked' })).code).toBe(
      'NOT_AUTHORIZED',
    );
    const edited = resourceOf(
      await w.member.browser.gql<Answer>(EDIT, { orgId: 'office', id: comment.id, text: 'Prefers the right arm.' }),
    );
    expect(edited.payload).toEqual([{ contentString: 'Prefers the right arm.' }]);
    expect(edited.extension).toContainEqual({ url: EDIT_STATUS_EXTENSION, valueCode: 'edited' });

    // An administrator may delete it; the current version has no text, the history keeps both.
    const deleted = resourceOf(await w.admin.browser.gql<Answer>(DELETE, { orgId: 'office', id: comment.id }));
    expect(deleted.payload).toBeUndefined();
    expect(deleted.extension).toContainEqual({ url: EDIT_STATUS_EXTENSION, valueCode: 'deleted' });
    const history = await fhir<Bundle>(w.server, w.admin.browser, 'GET', `office/Communication/${comment.id}/_history`);
    const texts = (history.body.entry ?? []).map(
      (e) => (e.resource as Communication | undefined)?.payload?.[0]?.contentString ?? null,
    );
    expect(texts).toEqual(expect.arrayContaining(['Prefers the left arm for IV.', 'Prefers the right arm.', null]));
    expect((await w.member.browser.gql(EDIT, { orgId: 'office', id: comment.id, text: 'Again' })).code).toBe(
      'NOT_FOUND',
    );

    const listed = await fhir<Bundle>(
      w.server,
      w.member.browser,
      'GET',
      `office/Communication?subject=Patient/${patientId}`,
    );
    expect(listed.body.entry?.map((e) => e.resource?.id)).toContain(comment.id);
  });

  it("names a parent organisation's user by their organisation, and refuses bad input", async () => {
    const added = resourceOf(
      await w.parentAdmin.browser.gql<Answer>(ADD, { orgId: 'office', patientId, text: 'Reviewed by the group.' }),
    );
    expect(added.sender).toMatchObject({ display: 'Dr. Test Person, DDS (Smile Group)' });
    expect(added.sender?.reference).toBeUndefined();
    expect((await w.member.browser.gql(ADD, { orgId: 'office', patientId, text: '   ' })).code).toBe('INVALID_INPUT');
    expect((await w.member.browser.gql(ADD, { orgId: 'office', patientId, text: 'x'.repeat(4001) })).code).toBe(
      'INVALID_INPUT',
    );
    expect((await w.member.browser.gql(ADD, { orgId: 'office', patientId: 'pat-nope', text: 'x' })).code).toBe(
      'NOT_FOUND',
    );
  });

  it('answers every comment call × caller as the table says (wrong org, wrong role, no session refused)', async () => {
    const allowed = needs(['member', 'admin', 'parentAdmin']);
    const deviations: string[] = [];
    for (const role of FORM_ROLES) {
      // A comment of the office's member for each role to edit (author only) and delete (author or admin).
      const target = resourceOf(
        await w.member.browser.gql<Answer>(ADD, { orgId: 'office', patientId, text: `for ${role}` }),
      ).id!;
      const b = w.browsers[role];
      const added = await b.gql(ADD, { orgId: 'office', patientId, text: `by ${role}` });
      const edited = await b.gql(EDIT, { orgId: 'office', id: target, text: 'changed' });
      const removed = await b.gql(DELETE, { orgId: 'office', id: target });
      const outcome = (r: { code?: string; data: unknown }): string => r.code ?? (r.data ? 'ok' : 'no data');
      const expectEdit = role === 'member' ? 'ok' : allowed[role] === 'ok' ? 'NOT_AUTHORIZED' : allowed[role];
      // An administrator (office admin, the parent's admin) deletes anyone's comment; a member only their own.
      const expectDelete = ['member', 'admin', 'parentAdmin'].includes(role) ? 'ok' : allowed[role];
      for (const [call, got, want] of [
        ['addPatientComment', outcome(added), allowed[role]],
        ['editPatientComment', outcome(edited), expectEdit],
        ['deletePatientComment', outcome(removed), expectDelete],
      ] as const) {
        if (got !== want) deviations.push(`${call} as ${role}: expected ${want}, got ${got}`);
      }
    }
    expect(deviations).toEqual([]);
  });
});
