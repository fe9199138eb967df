import { FORM_FIELD_DEFAULTS, FORM_FIELD_TYPES, type FormFieldType, type OrgFormField } from '@vigil/shared';

/*
 * The org form builder's model (spec 000 §3 "Org form", §5 form saving): a draft being edited
 * and the pure steps the builder takes on it. The field types, defaults and schemas are shared's
 * (shared/src/forms), the same the server validates with.
 */

export { FORM_FIELD_TYPES };
export type { FormFieldType, OrgFormField };

/** What each field type is called in the builder's Add menu. */
export const FIELD_TYPE_TITLES: Readonly<Record<FormFieldType, string>> = {
  bodyHeight: 'Height',
  bodyWeight: 'Weight',
  selfie: 'Photo (selfie)',
  allergies: 'Allergies',
  medications: 'Medications',
  healthHistory: 'Health history',
  text: 'Signer name (text)',
  signature: 'Signature',
};

/** A form as the builder edits it (spec 000 §3 Org form and text-body properties). */
export interface FormDraft {
  name: string;
  markdown: string;
  challenge: boolean;
  addToAll: boolean;
  /** The builder's two options (spec 000 §5) and the text-body form's requireSignature. */
  includeHealthHistory: boolean;
  requireSignature: boolean;
  fields: OrgFormField[];
}

export const EMPTY_DRAFT: FormDraft = {
  name: '',
  markdown: '',
  challenge: false,
  addToAll: false,
  includeHealthHistory: false,
  requireSignature: false,
  fields: [],
};

/** [FC3] A new field of a type with shared's default name and label, numbered when the name is taken (photo, photo2, …). */
export function newField(type: FormFieldType, fields: readonly OrgFormField[]): OrgFormField {
  const defaults = FORM_FIELD_DEFAULTS[type];
  const taken = new Set(fields.map((f) => f.name));
  let name = defaults.name;
  for (let n = 2; taken.has(name); n += 1) name = `${defaults.name}${n}`;
  return { name, label: defaults.label, type, required: true };
}

/** [FC4] The list with the item at `index` moved to `to` (drag, or Move up / Move down); out of range: unchanged. */
export function moveField<T>(fields: readonly T[], index: number, to: number): T[] {
  if (index < 0 || index >= fields.length || to < 0 || to >= fields.length || index === to) return [...fields];
  const next = [...fields];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The builder's findings on a draft, keyed by where they show ('name', 'fields.2.label', …). */
export type DraftErrors = Record<string, string>;

/**
 * [FC5] What stops a draft being saved, shown beside the input: a name ('Missing name'), the
 * Markdown within the editor's limit (spec 000 §5), and for each field a label and a name that is
 * unique and made of letters, digits and underscores (the name is its {{placeholder}}).
 */
export function draftErrors(draft: FormDraft, maxLength: number): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.name.trim() === '') errors.name = 'Missing name';
  if (draft.markdown.length > maxLength)
    errors.markdown = `The text is ${draft.markdown.length.toLocaleString('en-US')} characters; the limit is ${maxLength.toLocaleString('en-US')}.`;
  const seen = new Set<string>();
  draft.fields.forEach((f, i) => {
    if (f.label.trim() === '') errors[`fields.${i}.label`] = 'Missing label';
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(f.name))
      errors[`fields.${i}.name`] = 'Letters, digits and _ only, starting with a letter';
    else if (seen.has(f.name)) errors[`fields.${i}.name`] = 'Another field has this name';
    seen.add(f.name);
  });
  return errors;
}
