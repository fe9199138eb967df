import { z } from 'zod';
import type { Issue } from '../case-data/issue.js';
import { errorIssue } from '../case-data/issue.js';
import { checkImageBase64, IMAGE_BOUNDS, isImageContentType, type ImageBounds } from '../images/raster.js';

/**
 * FHIR R4 building blocks shared by the resource files of this folder: primitive formats, the
 * data types Vigil's resources use, the spec's validation messages (spec 001 §5) and the
 * conversion of zod findings to the shared `Issue` shape. One resource type per sibling file.
 */

/** Base of Vigil's own extension and code system URLs. */
export const VIGIL_FHIR_BASE = 'https://vigil.health/fhir';
/** A Vigil extension URL, e.g. `vigilExtension('appointment-task')`. */
export const vigilExtension = (name: string): string => `${VIGIL_FHIR_BASE}/StructureDefinition/${name}`;
/** A Vigil identifier or code system URL, e.g. `vigilSystem('vision-id')`. */
export const vigilSystem = (name: string): string => `${VIGIL_FHIR_BASE}/${name}`;

/** Test health data (HL7 v3 ActReason HTEST): marks a test patient (spec 001 §3, spec 000 §4). */
export const TEST_RESOURCE_TAG = {
  system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason',
  code: 'HTEST',
} as const;
/** The server-set tag naming a resource's organisation (its orgId, spec 001 §3). */
export const ORG_TAG_SYSTEM = vigilSystem('organization');

/** The spec's validation texts (spec 001 §5), exact; the unquoted rules have Vigil's wording. */
export const FHIR_MESSAGES = {
  invalidValue: 'Invalid value',
  invalidLatitude: (value: unknown): string => `Invalid Latitude: ${String(value)}`,
  invalidLongitude: (value: unknown): string => `Invalid Longitude: ${String(value)}`,
  cannotRemoveTestTag: 'Cannot remove test resource tag',
  cannotDeleteReference: 'Cannot delete this reference',
  measurement: 'Value must have value and optional raw properties',
  invalidLastLogin: 'Invalid date for lastLogin',
  /** Spec 001 §5 "Birth date must be a valid date as year, year-month or full date" (no quoted text). */
  invalidBirthDate: 'Invalid birth date',
  /** Spec 001 §5 "Task entries are validated for their fields" (no quoted text). */
  invalidTask: 'Invalid task entry',
  roomNeedsParent: 'A room must be part of a location',
} as const;

/** Issue codes by message; a message not listed here is a structural error (INVALID_RESOURCE). */
const CODES: Readonly<Record<string, string>> = {
  [FHIR_MESSAGES.invalidValue]: 'INVALID_VALUE',
  [FHIR_MESSAGES.cannotRemoveTestTag]: 'CANNOT_REMOVE_TEST_TAG',
  [FHIR_MESSAGES.cannotDeleteReference]: 'CANNOT_DELETE_REFERENCE',
  [FHIR_MESSAGES.measurement]: 'INVALID_MEASUREMENT',
  [FHIR_MESSAGES.invalidLastLogin]: 'INVALID_LAST_LOGIN',
  [FHIR_MESSAGES.invalidBirthDate]: 'INVALID_BIRTH_DATE',
  [FHIR_MESSAGES.invalidTask]: 'INVALID_TASK',
  [FHIR_MESSAGES.roomNeedsParent]: 'ROOM_NEEDS_PARENT',
};

/** The issue code for a message (latitude and longitude texts carry the value). */
export function fhirIssueCode(message: string): string {
  if (message.startsWith('Invalid Latitude: ')) return 'INVALID_LATITUDE';
  if (message.startsWith('Invalid Longitude: ')) return 'INVALID_LONGITUDE';
  // IM2's refusals (IMAGE_TEXTS) all begin so.
  if (message.startsWith('The image ')) return 'INVALID_IMAGE';
  return CODES[message] ?? 'INVALID_RESOURCE';
}

/** Zod findings as shared issues, one per code and path. */
export function issuesFromZod(issues: readonly z.core.$ZodIssue[]): Issue[] {
  const out: Issue[] = [];
  const seen = new Set<string>();
  for (const i of issues) {
    const path = i.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const code = fhirIssueCode(i.message);
    const key = `${code}|${path.join('.')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(errorIssue(code, i.message, path));
  }
  return out;
}

/** Runs a schema and returns its issues (none when valid). */
export function validateWith(schema: z.ZodType, value: unknown): Issue[] {
  const result = schema.safeParse(value);
  return result.success ? [] : issuesFromZod(result.error.issues);
}

// ---------------------------------------------------------------------------------------------
// Primitive types (FHIR R4 "Data Types" regular expressions)

const DATE_RE = /^([0-9]{4})(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$/;
const TIME_PART =
  'T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]{1,9})?(Z|[+-]((0[0-9]|1[0-3]):[0-5][0-9]|14:00))';
const DATE_TIME_RE = new RegExp(`^([0-9]{4})(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01])(${TIME_PART})?)?)?$`);
const INSTANT_RE = new RegExp(`^([0-9]{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])${TIME_PART}$`);
export const ID_RE = /^[A-Za-z0-9\-.]{1,64}$/;
const CODE_RE = /^[^\s]+( [^\s]+)*$/;
const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** True when a year-month-day exists in the calendar (no 31 April, 29 February only in leap years). */
function calendarDayExists(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

function datePartValid(value: string): boolean {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(value);
  if (!m) return false;
  if (Number(m[1]) < 1) return false;
  if (m[3] !== undefined) return calendarDayExists(Number(m[1]), Number(m[2]), Number(m[3]));
  return true;
}

/**
 * A FHIR `date`: a year (`2015`), a year and month (`2015-03`) or a full date (`2015-03-04`)
 * that exists in the calendar (spec 001 §5 birth date rule).
 */
export function isFhirDate(value: unknown): value is string {
  return typeof value === 'string' && DATE_RE.test(value) && datePartValid(value);
}

/** A FHIR `dateTime`: a date as above, or a full date with time and time zone. */
export function isFhirDateTime(value: unknown): value is string {
  return typeof value === 'string' && DATE_TIME_RE.test(value) && datePartValid(value);
}

/** A FHIR `instant`: full date, time to the second and time zone. */
export function isFhirInstant(value: unknown): value is string {
  return typeof value === 'string' && INSTANT_RE.test(value) && datePartValid(value);
}

export const fhirId = z.string().regex(ID_RE);
export const fhirString = z.string().min(1);
export const fhirUri = z.string().regex(/^\S+$/);
export const fhirCode = z.string().regex(CODE_RE);
export const fhirMarkdown = fhirString;
export const fhirBase64 = z.string().regex(BASE64_RE);
export const fhirDate = (message?: string): z.ZodType<string> =>
  z.string(message ? { error: message } : undefined).refine(isFhirDate, message ? { error: message } : 'Invalid date');
export const fhirDateTime = (message?: string): z.ZodType<string> =>
  z
    .string(message ? { error: message } : undefined)
    .refine(isFhirDateTime, message ? { error: message } : 'Invalid dateTime');
export const fhirInstant = (message?: string): z.ZodType<string> =>
  z
    .string(message ? { error: message } : undefined)
    .refine(isFhirInstant, message ? { error: message } : 'Invalid instant');

/** A coded choice from a fixed list: anything else is 'Invalid value' (spec 001 §5). */
export const codedChoice = <const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodEnum<{ [K in T[number]]: K }> => z.enum(values, { error: FHIR_MESSAGES.invalidValue });

// ---------------------------------------------------------------------------------------------
// Data types
//
// Schemas here and in each resource's file are built on first use (z.lazy): zod constructs a
// schema as it is declared, and every module of the browser's bundle that names a resource type
// would otherwise build all of them before a case screen's first frame (~40 ms at 4x CPU).

export interface Coding {
  system?: string;
  version?: string;
  code?: string;
  display?: string;
  userSelected?: boolean;
}
export const codingSchema: z.ZodType<Coding> = z.lazy(() =>
  z.strictObject({
    system: fhirUri.optional(),
    version: fhirString.optional(),
    code: fhirCode.optional(),
    display: fhirString.optional(),
    userSelected: z.boolean().optional(),
  }),
);

export interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}
export const codeableConceptSchema: z.ZodType<CodeableConcept> = z.lazy(() =>
  z.strictObject({
    coding: z.array(codingSchema).min(1).optional(),
    text: fhirString.optional(),
  }),
);

export interface Period {
  start?: string;
  end?: string;
}
export const periodSchema: z.ZodType<Period> = z.lazy(() =>
  z.strictObject({
    start: fhirDateTime().optional(),
    end: fhirDateTime().optional(),
  }),
);

export interface Identifier {
  use?: 'usual' | 'official' | 'temp' | 'secondary' | 'old';
  type?: CodeableConcept;
  system?: string;
  value?: string;
  period?: Period;
}
export const identifierSchema: z.ZodType<Identifier> = z.lazy(() =>
  z.strictObject({
    use: codedChoice(['usual', 'official', 'temp', 'secondary', 'old']).optional(),
    type: codeableConceptSchema.optional(),
    system: fhirUri.optional(),
    value: fhirString.optional(),
    period: periodSchema.optional(),
  }),
);

export interface Reference {
  reference?: string;
  type?: string;
  identifier?: Identifier;
  display?: string;
}
export const referenceSchema: z.ZodType<Reference> = z.lazy(() =>
  z.strictObject({
    reference: fhirString.optional(),
    type: fhirUri.optional(),
    identifier: identifierSchema.optional(),
    display: fhirString.optional(),
  }),
);

/** A reference that must point at one of the given resource types (`Type/id`). */
export const referenceTo = (...types: string[]): z.ZodType<Reference> =>
  referenceSchema.refine(
    (r) =>
      r.reference === undefined || types.some((t) => new RegExp(`^${t}/[A-Za-z0-9\\-.]{1,64}$`).test(r.reference!)),
    { error: FHIR_MESSAGES.invalidValue, path: ['reference'] },
  );

export interface Extension {
  url: string;
  extension?: Extension[];
  [valueX: `value${string}`]: unknown;
}
export const extensionSchema: z.ZodType<Extension> = z.lazy(() =>
  z
    .looseObject({ url: fhirUri, extension: z.array(extensionSchema).optional() })
    .refine(
      (e) => {
        const keys = Object.keys(e).filter((k) => k !== 'url' && k !== 'extension' && k !== 'id');
        const values = keys.filter((k) => k.startsWith('value'));
        // Only value[x] besides url/extension/id, at most one of them, and not both value and nested extensions.
        return keys.length === values.length && values.length <= 1 && !(values.length === 1 && e.extension?.length);
      },
      { error: 'An extension has a url and either one value[x] or nested extensions' },
    )
    .superRefine((e, ctx) => {
      // [IM3] A loose object: an image attachment in it (the patient's selfie) is checked here.
      const a = e.valueAttachment as Attachment | undefined;
      if (a && typeof a === 'object')
        refineImageData(ctx, a.contentType, a.data, undefined, ['valueAttachment', 'data']);
    }),
);

export interface HumanName {
  use?: 'usual' | 'official' | 'temp' | 'nickname' | 'anonymous' | 'old' | 'maiden';
  text?: string;
  family?: string;
  given?: string[];
  prefix?: string[];
  suffix?: string[];
  period?: Period;
}
export const humanNameSchema: z.ZodType<HumanName> = z.lazy(() =>
  z.strictObject({
    use: codedChoice(['usual', 'official', 'temp', 'nickname', 'anonymous', 'old', 'maiden']).optional(),
    text: fhirString.optional(),
    family: fhirString.optional(),
    given: z.array(fhirString).optional(),
    prefix: z.array(fhirString).optional(),
    suffix: z.array(fhirString).optional(),
    period: periodSchema.optional(),
  }),
);

export interface ContactPoint {
  system?: 'phone' | 'fax' | 'email' | 'pager' | 'url' | 'sms' | 'other';
  value?: string;
  use?: 'home' | 'work' | 'temp' | 'old' | 'mobile';
  rank?: number;
  period?: Period;
}
export const contactPointSchema: z.ZodType<ContactPoint> = z.lazy(() =>
  z.strictObject({
    system: codedChoice(['phone', 'fax', 'email', 'pager', 'url', 'sms', 'other']).optional(),
    value: fhirString.optional(),
    use: codedChoice(['home', 'work', 'temp', 'old', 'mobile']).optional(),
    rank: z.number().int().positive().optional(),
    period: periodSchema.optional(),
  }),
);

export interface Address {
  use?: 'home' | 'work' | 'temp' | 'old' | 'billing';
  type?: 'postal' | 'physical' | 'both';
  text?: string;
  line?: string[];
  city?: string;
  district?: string;
  state?: string;
  postalCode?: string;
  country?: string;
  period?: Period;
}
export const addressSchema: z.ZodType<Address> = z.lazy(() =>
  z.strictObject({
    use: codedChoice(['home', 'work', 'temp', 'old', 'billing']).optional(),
    type: codedChoice(['postal', 'physical', 'both']).optional(),
    text: fhirString.optional(),
    line: z.array(fhirString).optional(),
    city: fhirString.optional(),
    district: fhirString.optional(),
    state: fhirString.optional(),
    postalCode: fhirString.optional(),
    country: fhirString.optional(),
    period: periodSchema.optional(),
  }),
);

export interface Quantity {
  value?: number;
  comparator?: '<' | '<=' | '>=' | '>';
  unit?: string;
  system?: string;
  code?: string;
}
export const quantitySchema: z.ZodType<Quantity> = z.lazy(() =>
  z.strictObject({
    value: z.number().optional(),
    comparator: codedChoice(['<', '<=', '>=', '>']).optional(),
    unit: fhirString.optional(),
    system: fhirUri.optional(),
    code: fhirCode.optional(),
  }),
);

/**
 * [IM3] Image data a client sends in a resource (a Binary's data, an Attachment's, a signature's)
 * passes IM2 for its kind: a refinement adding the refusal at `path` when the content type names
 * an image and the data is not one within the bounds.
 */
export function refineImageData(
  ctx: z.RefinementCtx,
  contentType: string | undefined,
  data: string | undefined,
  bounds: ImageBounds = IMAGE_BOUNDS.photo,
  path: (string | number)[] = ['data'],
): void {
  if (data === undefined || !isImageContentType(contentType)) return;
  const check = checkImageBase64(data, contentType!, bounds);
  if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message, path });
}

export interface Attachment {
  contentType?: string;
  language?: string;
  data?: string;
  url?: string;
  size?: number;
  hash?: string;
  title?: string;
  creation?: string;
}
export const attachmentSchema: z.ZodType<Attachment> = z.lazy(() =>
  z
    .strictObject({
      contentType: fhirCode.optional(),
      language: fhirCode.optional(),
      data: fhirBase64.optional(),
      url: fhirUri.optional(),
      size: z.number().int().nonnegative().optional(),
      hash: fhirBase64.optional(),
      title: fhirString.optional(),
      creation: fhirDateTime().optional(),
    })
    .superRefine((a, ctx) => refineImageData(ctx, a.contentType, a.data)),
);

export interface Annotation {
  authorReference?: Reference;
  authorString?: string;
  time?: string;
  text: string;
}
export const annotationSchema: z.ZodType<Annotation> = z.lazy(() =>
  z.strictObject({
    authorReference: referenceSchema.optional(),
    authorString: fhirString.optional(),
    time: fhirDateTime().optional(),
    text: fhirMarkdown,
  }),
);

export interface Narrative {
  status: 'generated' | 'extensions' | 'additional' | 'empty';
  div: string;
}
export const narrativeSchema: z.ZodType<Narrative> = z.lazy(() =>
  z.strictObject({
    status: codedChoice(['generated', 'extensions', 'additional', 'empty']),
    div: z.string().regex(/^<div[\s>][\s\S]*<\/div>$/),
  }),
);

export interface Meta {
  versionId?: string;
  lastUpdated?: string;
  source?: string;
  profile?: string[];
  security?: Coding[];
  tag?: Coding[];
}
export const metaSchema: z.ZodType<Meta> = z.lazy(() =>
  z.strictObject({
    versionId: fhirId.optional(),
    lastUpdated: fhirInstant().optional(),
    source: fhirUri.optional(),
    profile: z.array(fhirUri).optional(),
    security: z.array(codingSchema).optional(),
    tag: z.array(codingSchema).optional(),
  }),
);

/** Fields every resource has (FHIR Resource). */
export interface ResourceBase {
  id?: string;
  meta?: Meta;
  implicitRules?: string;
  language?: string;
}
/** Fields every domain resource adds (FHIR DomainResource). */
export interface DomainResourceBase extends ResourceBase {
  text?: Narrative;
  extension?: Extension[];
  modifierExtension?: Extension[];
}

export const resourceBaseShape = {
  id: fhirId.optional(),
  meta: metaSchema.optional(),
  implicitRules: fhirUri.optional(),
  language: fhirCode.optional(),
};
export const domainResourceShape = {
  ...resourceBaseShape,
  text: narrativeSchema.optional(),
  extension: z.array(extensionSchema).optional(),
  modifierExtension: z.array(extensionSchema).optional(),
};

// ---------------------------------------------------------------------------------------------
// Helpers over data types

/** The extensions with a URL. */
export function extensionsOf(resource: { extension?: Extension[] }, url: string): Extension[] {
  return (resource.extension ?? []).filter((e) => e.url === url);
}

/** The value[x] of the first extension with a URL, or undefined. */
export function extensionValue(resource: { extension?: Extension[] }, url: string, key: `value${string}`): unknown {
  return extensionsOf(resource, url)[0]?.[key];
}

/** Whether a resource carries the test tag HTEST. */
export function isTestResource(resource: { meta?: Meta }): boolean {
  return (resource.meta?.tag ?? []).some(
    (t) => t.code === TEST_RESOURCE_TAG.code && t.system === TEST_RESOURCE_TAG.system,
  );
}

/** The resource with the HTEST tag added (unchanged when it already has it). */
export function withTestTag<T extends { meta?: Meta }>(resource: T): T {
  if (isTestResource(resource)) return resource;
  return { ...resource, meta: { ...resource.meta, tag: [...(resource.meta?.tag ?? []), { ...TEST_RESOURCE_TAG }] } };
}

/** The id part of a `Type/id` reference whose type matches, else null. */
export function referenceId(reference: Reference | undefined, type: string): string | null {
  const ref = reference?.reference;
  if (!ref?.startsWith(`${type}/`)) return null;
  return ref.slice(type.length + 1);
}

/** `{ [name]: reference }` when the reference is set, else `{}` (for protected references). */
export function protectedReference(name: string, reference: string | undefined): Record<string, string> {
  return reference ? { [name]: reference } : {};
}
