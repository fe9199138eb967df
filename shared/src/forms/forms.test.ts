import { describe, expect, it } from 'vitest';
import { MARKDOWN_EDITOR } from '../constants/shell.js';
import {
  formFieldsFromOptions,
  formSaveCall,
  orgFormPropertiesSchema,
  orgFormView,
  textBodyFormPropertiesSchema,
  type OrgFormRecordBase,
} from './forms.js';

const base: OrgFormRecordBase = {
  id: 'frm-1',
  orgId: 'office',
  type: 'patientContract',
  name: 'Sedation consent',
  markdown: 'I, {{signerName}}, agree.',
  challenge: true,
  addToAll: false,
  fields: [],
  updatedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
};

describe('organisation forms', () => {
  it('[PF1] completes the fields from include-health-history and require-signature, keeping the builder order', () => {
    const selfie = { name: 'photo', label: 'Photo', type: 'selfie', required: true } as const;
    expect(formFieldsFromOptions([selfie], { includeHealthHistory: true, requireSignature: true })).toEqual([
      selfie,
      { name: 'healthHistory', label: 'Health History', type: 'healthHistory', required: true },
      { name: 'signerName', label: 'Signer Name', type: 'text', required: true },
      { name: 'signature', label: 'Signature', type: 'signature', required: true },
    ]);
    expect(formFieldsFromOptions([selfie], { includeHealthHistory: false, requireSignature: false })).toEqual([selfie]);
    // A signature the builder placed already is not added twice.
    const sig = { name: 'sig', label: 'Sign here', type: 'signature', required: true } as const;
    const built = formFieldsFromOptions([sig], { includeHealthHistory: false, requireSignature: true });
    expect(built.filter((f) => f.type === 'signature')).toEqual([sig]);
    expect(built.map((f) => f.type)).toEqual(['signature', 'text']);
  });

  it('[PF1] saves as patientContract with the form builder on, else as a text-body form', () => {
    expect(formSaveCall(true)).toEqual({ create: 'createOrgForm', update: 'updateOrgForm', type: 'patientContract' });
    expect(formSaveCall(false)).toEqual({
      create: 'createTextBodyForm',
      update: 'updateTextBodyForm',
      type: 'textBody',
    });
  });

  it('[PF2] accepts a Markdown body of 100,000 characters and refuses one longer (spec 000 §5)', () => {
    expect(MARKDOWN_EDITOR.maxLength).toBe(100_000);
    const at = 'x'.repeat(100_000);
    expect(textBodyFormPropertiesSchema.safeParse({ name: 'A', markdown: at }).success).toBe(true);
    expect(textBodyFormPropertiesSchema.safeParse({ name: 'A', markdown: `${at}y` }).success).toBe(false);
    expect(orgFormPropertiesSchema.safeParse({ name: 'A', markdown: `${at}y` }).success).toBe(false);
  });

  it('[PF2] refuses blank names, unknown field types, repeated or malformed field names and unknown keys', () => {
    const ok = { name: 'Consent', fields: [{ name: 'photo', label: 'Photo', type: 'selfie', required: true }] };
    expect(orgFormPropertiesSchema.safeParse(ok).success).toBe(true);
    expect(orgFormPropertiesSchema.safeParse({ ...ok, name: '  ' }).success).toBe(false);
    expect(
      orgFormPropertiesSchema.safeParse({
        name: 'A',
        fields: [{ name: 'x', label: 'X', type: 'script', required: true }],
      }).success,
    ).toBe(false);
    expect(orgFormPropertiesSchema.safeParse({ name: 'A', fields: [ok.fields[0], ok.fields[0]] }).success).toBe(false);
    expect(
      orgFormPropertiesSchema.safeParse({
        name: 'A',
        fields: [{ name: '{{x}}', label: 'X', type: 'text', required: true }],
      }).success,
    ).toBe(false);
    expect(orgFormPropertiesSchema.safeParse({ ...ok, parentOrg: 'group' }).success).toBe(false);
  });

  it("[PF3] derives requiresInput, icon, description ('Informational Text' without fields) and editable", () => {
    const info = orgFormView(base, 'office');
    expect(info).toMatchObject({
      requiresInput: false,
      icon: 'text',
      description: 'Informational Text',
      editable: true,
      parentOrg: null,
      updated: '2026-01-02T03:04:05.000Z',
    });
    const signed = orgFormView(
      { ...base, fields: [{ name: 'signature', label: 'Signature', type: 'signature', required: true }] },
      'office',
    );
    expect(signed).toMatchObject({ requiresInput: true, icon: 'signature', description: 'Patient Signature Form' });
    const photo = orgFormView(
      { ...base, type: 'textBody', fields: [{ name: 'photo', label: 'Photo', type: 'selfie', required: true }] },
      'office',
    );
    expect(photo).toMatchObject({ icon: 'fields', description: 'Text Form' });
    // Seen from a child organisation, a parent's form names its parent and is read-only (spec 000 §6).
    expect(orgFormView({ ...base, orgId: 'group' }, 'office')).toMatchObject({ parentOrg: 'group', editable: false });
  });
});
