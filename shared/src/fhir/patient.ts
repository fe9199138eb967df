import { z } from 'zod';
import {
  addressSchema,
  attachmentSchema,
  codedChoice,
  contactPointSchema,
  domainResourceShape,
  FHIR_MESSAGES,
  fhirDate,
  humanNameSchema,
  identifierSchema,
  referenceSchema,
  vigilSystem,
  type Address,
  type Attachment,
  type ContactPoint,
  type DomainResourceBase,
  type HumanName,
  type Identifier,
  type Reference,
} from './common.js';
import type { ResourceDefinition } from './definition.js';

/** [PH4] The most photos a patient keeps (the current one and earlier ones; decision, issue 40). */
export const PATIENT_PHOTOS_MAX = 12;

/** Patient (spec 001 §3): names, birth date, email, mobile, photo, vision id and external ids. */
export interface Patient extends DomainResourceBase {
  resourceType: 'Patient';
  identifier?: Identifier[];
  active?: boolean;
  name?: HumanName[];
  telecom?: ContactPoint[];
  gender?: 'male' | 'female' | 'other' | 'unknown';
  birthDate?: string;
  deceasedBoolean?: boolean;
  deceasedDateTime?: string;
  address?: Address[];
  photo?: Attachment[];
  generalPractitioner?: Reference[];
  managingOrganization?: Reference;
}

/** Identifier systems of the spec's visionId and extIds. */
export const PATIENT_VISION_ID_SYSTEM = vigilSystem('vision-id');
export const EXTERNAL_ID_SYSTEM = vigilSystem('external-id');

export const patientSchema: z.ZodType<Patient> = z.lazy(() =>
  z.strictObject({
    ...domainResourceShape,
    resourceType: z.literal('Patient'),
    identifier: z.array(identifierSchema).optional(),
    active: z.boolean().optional(),
    name: z.array(humanNameSchema).optional(),
    telecom: z.array(contactPointSchema).optional(),
    gender: codedChoice(['male', 'female', 'other', 'unknown']).optional(),
    // Spec 001 §5: a year, a year-month or a full date.
    birthDate: fhirDate(FHIR_MESSAGES.invalidBirthDate).optional(),
    deceasedBoolean: z.boolean().optional(),
    deceasedDateTime: z.string().optional(),
    address: z.array(addressSchema).optional(),
    // [PH4] The current photo first, then earlier ones: at most PATIENT_PHOTOS_MAX.
    photo: z.array(attachmentSchema).max(PATIENT_PHOTOS_MAX).optional(),
    generalPractitioner: z.array(referenceSchema).optional(),
    managingOrganization: referenceSchema.optional(),
  }),
);

/** The spec's patient fields read from the FHIR shape (spec 001 §3). */
export interface PatientFields {
  givenName: string | null;
  familyName: string | null;
  nickname: string | null;
  birthDate: string | null;
  email: string | null;
  mobile: string | null;
  visionId: string | null;
}

export function patientFields(patient: Patient): PatientFields {
  const official = patient.name?.find((n) => n.use !== 'nickname');
  const nick = patient.name?.find((n) => n.use === 'nickname');
  return {
    givenName: official?.given?.join(' ') ?? null,
    familyName: official?.family ?? null,
    nickname: nick?.given?.[0] ?? nick?.text ?? null,
    birthDate: patient.birthDate ?? null,
    email: patient.telecom?.find((t) => t.system === 'email')?.value ?? null,
    mobile: patient.telecom?.find((t) => t.system === 'phone' || t.system === 'sms')?.value ?? null,
    visionId: patient.identifier?.find((i) => i.system === PATIENT_VISION_ID_SYSTEM)?.value ?? null,
  };
}

/** A display name: "Given Family", or "Given (Nick) Family". */
export function patientDisplayName(patient: Patient): string {
  const f = patientFields(patient);
  return [f.givenName, f.nickname ? `(${f.nickname})` : null, f.familyName].filter(Boolean).join(' ');
}

export const PATIENT: ResourceDefinition<Patient> = {
  resourceType: 'Patient',
  schema: patientSchema,
  idPrefix: 'pat',
  patientData: true,
};

/** The photo (photoId, spec 001 §3) is a Binary: `photo[0].url` is `Binary/{photoId}`. */
export function patientPhotoId(patient: Patient): string | null {
  const url = patient.photo?.[0]?.url;
  return url?.startsWith('Binary/') ? url.slice('Binary/'.length) : null;
}

/** [PH4] The patient's photos' Binary ids, the current one first (the gallery on the patient page). */
export function patientPhotoIds(patient: Patient): string[] {
  return (patient.photo ?? []).flatMap((p) => (p.url?.startsWith('Binary/') ? [p.url.slice('Binary/'.length)] : []));
}

/**
 * [PH4] The patient's photos once a new one is taken: the new one first (it is the current photo,
 * photoId), the earlier ones after it, the oldest dropped beyond PATIENT_PHOTOS_MAX.
 */
export function photosWithNew<T extends { url?: string }>(photos: readonly T[] | undefined, added: T): T[] {
  return [added, ...(photos ?? []).filter((p) => p.url !== added.url)].slice(0, PATIENT_PHOTOS_MAX);
}
