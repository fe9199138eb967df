import { z } from 'zod';
import { MARKDOWN_EDITOR } from '../constants/shell.js';
import { checkImageDataUrl, IMAGE_BOUNDS } from '../images/raster.js';
import type { OrgFormView } from '../views/forms.js';

/*
 * Organisation forms (spec 000 §3 "Org form", §5, §6; issue 28): what a form is, the fields the
 * form builder offers, the derived view both sides show, and which call saves a form. Pure: the
 * server validates with these schemas, the client builds and previews with the same rules.
 */

/** Form types: the builder's patient signature form, and the plain text-body form (spec 000 §3, §5). */
export const ORG_FORM_TYPES = ['patientContract', 'textBody'] as const;
export type OrgFormType = (typeof ORG_FORM_TYPES)[number];

/** How each type is labelled (spec 000 §3: patientContract is 'Patient Signature Form'). */
export const ORG_FORM_TYPE_LABELS: Readonly<Record<OrgFormType, string>> = {
  patientContract: 'Patient Signature Form',
  textBody: 'Text Form',
};

/** The form builder's field types (spec 000 §3), each with what it asks the patient for. */
export const FORM_FIELD_TYPES = [
  'bodyHeight',
  'bodyWeight',
  'selfie',
  'allergies',
  'medications',
  'healthHistory',
  'text',
  'signature',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** The default name and label of each field type (spec 000 §3: height, weight, photo, signerName…). */
export const FORM_FIELD_DEFAULTS: Readonly<Record<FormFieldType, { name: string; label: string }>> = {
  bodyHeight: { name: 'height', label: 'Height' },
  bodyWeight: { name: 'weight', label: 'Weight' },
  selfie: { name: 'photo', label: 'Photo' },
  allergies: { name: 'allergies', label: 'Allergies' },
  medications: { name: 'medications', label: 'Medications' },
  healthHistory: { name: 'healthHistory', label: 'Health History' },
  text: { name: 'signerName', label: 'Signer Name' },
  signature: { name: 'signature', label: 'Signature' },
};

/** Spec 000 §3 field: name, label, type, required. */
export interface OrgFormField {
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
}

/** Limits of a form's parts (decision, docs/decisions.md session 17). */
export const FORM_LIMITS = {
  nameLength: 200,
  labelLength: 200,
  fieldNameLength: 64,
  fields: 40,
  /** Spec 000 §5: the Markdown editor's maximum length. */
  markdownLength: MARKDOWN_EDITOR.maxLength,
} as const;

/** The texts of the form calls (spec 000 §3, §8). */
export const FORM_TEXTS = {
  informationalText: 'Informational Text',
  failedToSend: 'Failed to send',
  orgIdRequired: 'orgId is required',
} as const;

/** A field name is also its `{{name}}` placeholder: a letter, then letters, digits or underscores. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

export const orgFormFieldSchema = z.strictObject({
  name: z.string().trim().regex(FIELD_NAME).max(FORM_LIMITS.fieldNameLength),
  label: z.string().trim().min(1).max(FORM_LIMITS.labelLength),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean(),
});

const fieldsSchema = z
  .array(orgFormFieldSchema)
  .max(FORM_LIMITS.fields)
  .refine((fields) => new Set(fields.map((f) => f.name)).size === fields.length, {
    error: 'Field names must be unique',
  });

const nameSchema = z.string().trim().min(1).max(FORM_LIMITS.nameLength);
/** Data images written into a form's Markdown (what the editor pastes). */
const DATA_IMAGE = /data:image\/[^;,\s)]*;base64,[A-Za-z0-9+/=]*/gi;

/**
 * [PF2] Spec 000 §5: a form's Markdown body is at most 100,000 characters; [IM1] each image in it
 * is a PNG or JPEG within the form image bounds (2000 × 2000), refused with IM2's reason.
 */
export const formMarkdownSchema = z
  .string()
  .max(FORM_LIMITS.markdownLength)
  .superRefine((markdown, ctx) => {
    for (const [url] of markdown.matchAll(DATA_IMAGE)) {
      const check = checkImageDataUrl(url, IMAGE_BOUNDS.formImage);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
    }
  });

/**
 * The builder's form (createOrgForm / updateOrgForm properties): name, Markdown, challenge,
 * addToAll, the fields in order, and the two options the fields are completed from.
 */
export const orgFormPropertiesSchema = z.strictObject({
  name: nameSchema,
  markdown: formMarkdownSchema.default(''),
  challenge: z.boolean().default(false),
  addToAll: z.boolean().default(false),
  fields: fieldsSchema.default([]),
  includeHealthHistory: z.boolean().default(false),
  requireSignature: z.boolean().default(false),
});
export type OrgFormProperties = z.output<typeof orgFormPropertiesSchema>;
export type OrgFormPropertiesInput = z.input<typeof orgFormPropertiesSchema>;

/** Spec 000 §3 "Text-body form properties": name, markdown, requireSignature, challenge, addToAll. */
export const textBodyFormPropertiesSchema = z.strictObject({
  name: nameSchema,
  markdown: formMarkdownSchema.default(''),
  requireSignature: z.boolean().default(false),
  challenge: z.boolean().default(false),
  addToAll: z.boolean().default(false),
});
export type TextBodyFormProperties = z.output<typeof textBodyFormPropertiesSchema>;
export type TextBodyFormPropertiesInput = z.input<typeof textBodyFormPropertiesSchema>;

function defaultField(type: FormFieldType, required = true): OrgFormField {
  return { ...FORM_FIELD_DEFAULTS[type], type, required };
}

/**
 * [PF1] Spec 000 §5 form saving: the fields a form is saved with. The builder's fields in their
 * order, then a health-history field when include-health-history is set and none is there, then
 * a signer name (a text field named signerName) and a signature when require-signature is set
 * and the form has none.
 */
export function formFieldsFromOptions(
  fields: readonly OrgFormField[],
  options: { includeHealthHistory: boolean; requireSignature: boolean },
): OrgFormField[] {
  const out = fields.map((f) => ({ ...f }));
  const has = (type: FormFieldType): boolean => out.some((f) => f.type === type);
  const free = (name: string): boolean => !out.some((f) => f.name === name);
  if (options.includeHealthHistory && !has('healthHistory') && free('healthHistory')) {
    out.push(defaultField('healthHistory'));
  }
  if (options.requireSignature) {
    if (free('signerName')) out.push(defaultField('text'));
    if (!has('signature') && free('signature')) out.push(defaultField('signature'));
  }
  return out;
}

/** [PF1] Spec 000 §5: with the form builder on, forms are saved as patientContract; otherwise as text-body forms. */
export function formSaveCall(formBuilder: boolean): {
  create: 'createOrgForm' | 'createTextBodyForm';
  update: 'updateOrgForm' | 'updateTextBodyForm';
  type: OrgFormType;
} {
  return formBuilder
    ? { create: 'createOrgForm', update: 'updateOrgForm', type: 'patientContract' }
    : { create: 'createTextBodyForm', update: 'updateTextBodyForm', type: 'textBody' };
}

/** A stored form as the server keeps it (spec 000 §3). Times are epoch milliseconds. */
export interface OrgFormRecordBase {
  id: string;
  orgId: string;
  type: OrgFormType;
  name: string;
  markdown: string;
  challenge: boolean;
  addToAll: boolean;
  fields: OrgFormField[];
  updatedAt: number;
}

/** The icon a form list shows: signature (asks for one), fields (asks for input), text (information only). */
export type OrgFormIcon = OrgFormView['icon'];

/** A form as the calls answer it: views/forms.ts orgFormViewSchema (issue 36 item 5). */
export type { OrgFormView };

/**
 * [PF3] Spec 000 §3 derived fields: requiresInput when the form has fields; description
 * 'Informational Text' when it has none (else its type's label); editable only when the form has
 * no parentOrg (spec 000 §6: inherited forms are read-only); the icon by what it asks for.
 */
export function orgFormView(form: OrgFormRecordBase, viewingOrgId: string): OrgFormView {
  const parentOrg = form.orgId === viewingOrgId ? null : form.orgId;
  const requiresInput = form.fields.length > 0;
  return {
    id: form.id,
    updated: new Date(form.updatedAt).toISOString(),
    type: form.type,
    name: form.name,
    parentOrg,
    challenge: form.challenge,
    addToAll: form.addToAll,
    markdown: form.markdown,
    fields: form.fields.map((f) => ({ ...f })),
    requiresInput,
    icon: form.fields.some((f) => f.type === 'signature') ? 'signature' : requiresInput ? 'fields' : 'text',
    description: requiresInput ? ORG_FORM_TYPE_LABELS[form.type] : FORM_TEXTS.informationalText,
    editable: parentOrg === null,
  };
}
