import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORM_FIELDS,
  FORM_ROLES,
  formsWorld,
  needs,
  type FormRole,
  type FormsWorld,
  type FormView,
} from './forms-helpers.js';

/*
 * Organisation forms against the real server (issue 28; spec 000 §3 "Org form", §5, §6, §7):
 * every form call × caller, the parent's forms inherited read-only, the form builder flag and
 * the Markdown limit.
 */

const CONSENT = {
  name: 'Sedation consent',
  markdown: '# Consent\n\nI, {{signerName}}, agree to sedation.',
  challenge: true,
  addToAll: false,
  fields: [{ name: 'photo', label: 'Photo', type: 'selfie', required: true }],
  includeHealthHistory: true,
  requireSignature: true,
};

const CREATE_ORG_FORM = `mutation ($orgId: String, $p: OrgFormProperties!) { createOrgForm(orgId: $orgId, properties: $p) { ${FORM_FIELDS} } }`;
const UPDATE_ORG_FORM = `mutation ($orgId: String, $id: String!, $p: OrgFormProperties!) { updateOrgForm(orgId: $orgId, formId: $id, properties: $p) { ${FORM_FIELDS} } }`;
const CREATE_TEXT = `mutation ($orgId: String, $p: TextBodyFormProperties!) { createTextBodyForm(orgId: $orgId, properties: $p) { ${FORM_FIELDS} } }`;
const UPDATE_TEXT = `mutation ($orgId: String, $id: String!, $p: TextBodyFormProperties!) { updateTextBodyForm(orgId: $orgId, formId: $id, properties: $p) { ${FORM_FIELDS} } }`;
const DELETE_FORM = `mutation ($orgId: String, $id: String!) { deleteOrgForm(orgId: $orgId, formId: $id) { ${FORM_FIELDS} } }`;
const ORG_FORMS = `query ($orgId: String) { orgForms(orgId: $orgId) { ${FORM_FIELDS} } }`;

describe('organisation forms (issue 28)', () => {
  let w: FormsWorld;
  /** Per role, a form of office that role's update and delete calls target. */
  const target = {} as Record<FormRole, { builder: string; text: string; doomed: string }>;

  beforeAll(async () => {
    w = await formsWorld();
    for (const r of FORM_ROLES) {
      const ids: string[] = [];
      for (const name of ['builder', 'text', 'doomed']) {
        const made = await w.admin.browser.gql<{ createTextBodyForm: FormView[] }>(CREATE_TEXT, {
          orgId: 'office',
          p: { name: `${r} ${name}` },
        });
        ids.push(made.data!.createTextBodyForm.find((f) => f.name === `${r} ${name}`)!.id);
      }
      target[r] = { builder: ids[0]!, text: ids[1]!, doomed: ids[2]! };
    }
  }, 300_000);
  afterAll(async () => {
    await w?.server.dispose();
  });

  it('answers every form call × caller as the table says (wrong org, wrong role, no session refused)', async () => {
    const readers = needs(['member', 'admin', 'parentAdmin']);
    const writers = needs(['admin', 'parentAdmin']);
    const calls: Record<string, [Record<FormRole, string>, (r: FormRole) => [string, Record<string, unknown>]]> = {
      orgForms: [readers, () => [ORG_FORMS, { orgId: 'office' }]],
      createOrgForm: [writers, (r) => [CREATE_ORG_FORM, { orgId: 'office', p: { ...CONSENT, name: `new ${r}` } }]],
      updateOrgForm: [writers, (r) => [UPDATE_ORG_FORM, { orgId: 'office', id: target[r].builder, p: CONSENT }]],
      createTextBodyForm: [writers, (r) => [CREATE_TEXT, { orgId: 'office', p: { name: `text ${r}` } }]],
      updateTextBodyForm: [
        writers,
        (r) => [UPDATE_TEXT, { orgId: 'office', id: target[r].text, p: { name: 'Renamed', requireSignature: true } }],
      ],
      deleteOrgForm: [writers, (r) => [DELETE_FORM, { orgId: 'office', id: target[r].doomed }]],
    };
    const deviations: string[] = [];
    for (const [call, [expected, make]] of Object.entries(calls)) {
      for (const role of FORM_ROLES) {
        const [query, variables] = make(role);
        const result = await w.browsers[role].gql(query, variables);
        const outcome = result.code ?? (result.data ? 'ok' : 'no data');
        if (outcome !== expected[role])
          deviations.push(`${call} as ${role}: expected ${expected[role]}, got ${outcome}`);
      }
    }
    expect(deviations).toEqual([]);
    // What the refused callers asked did not happen.
    const names = (
      await w.admin.browser.gql<{ orgForms: FormView[] }>(ORG_FORMS, { orgId: 'office' })
    ).data!.orgForms.map((f) => f.name);
    expect(names).toContain('new admin');
    expect(names).not.toContain('new member');
    expect(names).not.toContain('text otherOrgAdmin');
    expect(names).toContain('member doomed');
    expect(names).not.toContain('admin doomed');
  });

  it("needs the orgId ('orgId is required', spec 000 §5)", async () => {
    for (const [query, variables] of [
      [ORG_FORMS, {}],
      [CREATE_TEXT, { p: { name: 'X' } }],
      [DELETE_FORM, { orgId: ' ', id: 'frm-x' }],
    ] as const) {
      expect((await w.admin.browser.gql(query, variables)).code).toBe('orgId is required');
    }
  });

  it('saves a builder form as patientContract with fields from the options, and derives its view', async () => {
    const list = (
      await w.admin.browser.gql<{ createOrgForm: FormView[] }>(CREATE_ORG_FORM, {
        orgId: 'office',
        p: CONSENT,
      })
    ).data!.createOrgForm;
    const form = list.filter((f) => f.name === CONSENT.name).at(-1)!;
    expect(form).toMatchObject({
      type: 'patientContract',
      challenge: true,
      requiresInput: true,
      icon: 'signature',
      description: 'Patient Signature Form',
      editable: true,
      parentOrg: null,
      markdown: CONSENT.markdown,
    });
    expect(form.fields.map((f) => [f.name, f.type])).toEqual([
      ['photo', 'selfie'],
      ['healthHistory', 'healthHistory'],
      ['signerName', 'text'],
      ['signature', 'signature'],
    ]);
    const info = (
      await w.admin.browser.gql<{ createTextBodyForm: FormView[] }>(CREATE_TEXT, {
        orgId: 'office',
        p: { name: 'Pre-op instructions', markdown: 'Nothing to eat after midnight.' },
      })
    ).data!.createTextBodyForm.find((f) => f.name === 'Pre-op instructions')!;
    expect(info).toMatchObject({
      type: 'textBody',
      fields: [],
      requiresInput: false,
      icon: 'text',
      description: 'Informational Text',
    });
  });

  it('refuses a builder form without the formBuilder flag, and a Markdown body over 100,000 characters', async () => {
    // elsewhere has no form builder: its admin saves text-body forms only (spec 000 §5).
    const refused = await w.otherAdmin.browser.gql(CREATE_ORG_FORM, { orgId: 'elsewhere', p: CONSENT });
    expect(refused.code).toBe('FEATURE_DISABLED');
    const text = await w.otherAdmin.browser.gql<{ createTextBodyForm: FormView[] }>(CREATE_TEXT, {
      orgId: 'elsewhere',
      p: { name: 'At the limit', markdown: 'x'.repeat(100_000) },
    });
    expect(text.code).toBeUndefined();
    expect(text.data!.createTextBodyForm[0]!.markdown).toHaveLength(100_000);
    const over = await w.otherAdmin.browser.gql(CREATE_TEXT, {
      orgId: 'elsewhere',
      p: { name: 'Too long', markdown: 'x'.repeat(100_001) },
    });
    expect(over.code).toBe('INVALID_INPUT');
    const badField = await w.admin.browser.gql(CREATE_ORG_FORM, {
      orgId: 'office',
      p: { name: 'Bad', fields: [{ name: 'x', label: 'X', type: 'script', required: true }] },
    });
    expect(badField.code).toBe('INVALID_INPUT');
  });

  it("lists a parent's forms in the child read-only, and the child cannot change or delete them", async () => {
    const parentForms = (
      await w.parentAdmin.browser.gql<{ createTextBodyForm: FormView[] }>(CREATE_TEXT, {
        orgId: 'group',
        p: { name: 'Group consent', requireSignature: true },
      })
    ).data!.createTextBodyForm;
    const parentForm = parentForms.find((f) => f.name === 'Group consent')!;
    expect(parentForm).toMatchObject({ parentOrg: null, editable: true });

    const inChild = (await w.member.browser.gql<{ orgForms: FormView[] }>(ORG_FORMS, { orgId: 'office' })).data!
      .orgForms;
    expect(inChild.find((f) => f.id === parentForm.id)).toMatchObject({
      parentOrg: 'group',
      editable: false,
      requiresInput: true,
    });
    for (const [query, variables] of [
      [UPDATE_TEXT, { orgId: 'office', id: parentForm.id, p: { name: 'Hijacked' } }],
      [UPDATE_ORG_FORM, { orgId: 'office', id: parentForm.id, p: CONSENT }],
      [DELETE_FORM, { orgId: 'office', id: parentForm.id }],
    ] as const) {
      expect((await w.admin.browser.gql(query, variables)).code).toBe('FORM_NOT_EDITABLE');
    }
    // Another organisation's form id is not found, however it is asked for.
    expect((await w.admin.browser.gql(DELETE_FORM, { orgId: 'office', id: 'frm-nope' })).code).toBe('NOT_FOUND');
    const after = (await w.parentAdmin.browser.gql<{ orgForms: FormView[] }>(ORG_FORMS, { orgId: 'group' })).data!
      .orgForms;
    expect(after.find((f) => f.id === parentForm.id)!.name).toBe('Group consent');
  });
});
