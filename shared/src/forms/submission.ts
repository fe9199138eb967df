import { z } from 'zod';
import { SELFIE } from '../constants/widgets.js';
import { checkImageDataUrl, IMAGE_BOUNDS, type ImageBounds } from '../images/raster.js';
import type { FormFieldType, OrgFormField } from './forms.js';

/*
 * What a patient sends back for a form (issue 28; spec 000 §5, spec 002 §2, §9): one value per
 * field by its type, the acceptance checkbox, and the birth date when the form has a challenge.
 * The server validates with these schemas; the phone form uses the same ones.
 */

/** Limits of the patient's answers (decision, docs/decisions.md session 17). */
export const SUBMISSION_LIMITS = {
  textLength: 200,
  /** A signature pad PNG (spec 002 §9: up to 660x300) as a data URL. */
  signatureLength: 300_000,
  /** The 480x480 selfie PNG (spec 002 §9) as a data URL. */
  selfieLength: 1_000_000,
  measurementLength: 40,
  listItems: 50,
  itemLength: 200,
  healthHistoryAnswers: 200,
  notesLength: 4000,
  /** Failed birth-date challenges before the link locks. */
  challengeAttempts: 5,
} as const;

export const PATIENT_FORM_TEXTS = {
  checkboxText: 'I have read and agree to the above.',
  stillMissing: 'Still Missing:',
} as const;

const text = (max: number): z.ZodString => z.string().trim().max(max);
const item = z.string().trim().min(1).max(SUBMISSION_LIMITS.itemLength);
/** The selfie's size after its 40 px crop on each side (spec 002 §9: 480x480 video, PNG). */
export const SELFIE_SIZE = SELFIE.videoSize;

/**
 * [PF5] An image answer (IM2): a data URL of at most `maxLength` characters whose image passes
 * the kind's bounds, decoded in full, and is `square` px on each side when given (an empty
 * answer is no answer).
 */
function imageDataUrl(maxLength: number, bounds: ImageBounds, square?: number): z.ZodType<string> {
  return z
    .string()
    .max(maxLength)
    .superRefine((v, ctx) => {
      if (v === '') return;
      const check = checkImageDataUrl(v, bounds);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message, params: { image: check.problem } });
      else if (square !== undefined && (check.width !== square || check.height !== square)) {
        ctx.addIssue({ code: 'custom', message: `A selfie is a ${square}x${square} PNG image` });
      }
    });
}

/** [PF5] The value schema of each field type. */
export const FIELD_VALUE_SCHEMAS: { readonly [K in FormFieldType]: z.ZodType } = {
  text: text(SUBMISSION_LIMITS.textLength),
  bodyHeight: text(SUBMISSION_LIMITS.measurementLength),
  bodyWeight: text(SUBMISSION_LIMITS.measurementLength),
  signature: imageDataUrl(SUBMISSION_LIMITS.signatureLength, IMAGE_BOUNDS.signature),
  selfie: imageDataUrl(SUBMISSION_LIMITS.selfieLength, IMAGE_BOUNDS.selfie, SELFIE_SIZE),
  allergies: z
    .array(z.strictObject({ name: item, reaction: text(SUBMISSION_LIMITS.itemLength).optional() }))
    .max(SUBMISSION_LIMITS.listItems),
  medications: z
    .array(z.strictObject({ name: item, dose: text(SUBMISSION_LIMITS.itemLength).optional() }))
    .max(SUBMISSION_LIMITS.listItems),
  healthHistory: z.strictObject({
    answers: z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/), z.enum(['yes', 'no', 'unsure']))
      .refine((a) => Object.keys(a).length <= SUBMISSION_LIMITS.healthHistoryAnswers),
    notes: text(SUBMISSION_LIMITS.notesLength).optional(),
  }),
};

/** The request body of a submission: the values are checked against the form's fields by submissionSchema. */
export const submissionBodySchema = z.strictObject({
  birthDate: z.iso.date().optional(),
  accepted: z.boolean(),
  values: z.record(z.string().max(64), z.unknown()).refine((v) => Object.keys(v).length <= 40),
});
export type SubmissionBody = z.infer<typeof submissionBodySchema>;

/** [PF5] A submission's values checked against the form: only its fields, each by its type. */
export function submissionValuesSchema(fields: readonly OrgFormField[]): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) shape[f.name] = FIELD_VALUE_SCHEMAS[f.type].optional();
  return z.strictObject(shape);
}

/** Whether a value answers its field (an empty list answers "none"). */
function answered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return true;
}

/**
 * [PF6] Spec 000 §5: every required field and the acceptance checkbox must be complete; the
 * missing ones are listed (under 'Still Missing:') by label, the checkbox by its text.
 */
export function submissionMissing(
  fields: readonly OrgFormField[],
  values: Readonly<Record<string, unknown>>,
  accepted: boolean,
): string[] {
  const missing = fields.filter((f) => f.required && !answered(values[f.name])).map((f) => f.label);
  if (!accepted) missing.push(PATIENT_FORM_TEXTS.checkboxText);
  return missing;
}
