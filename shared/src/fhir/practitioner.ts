import { z } from 'zod';
import {
  attachmentSchema,
  contactPointSchema,
  domainResourceShape,
  extensionsOf,
  FHIR_MESSAGES,
  humanNameSchema,
  identifierSchema,
  isFhirDateTime,
  vigilExtension,
  vigilSystem,
  type Attachment,
  type ContactPoint,
  type DomainResourceBase,
  type HumanName,
  type Identifier,
} from './common.js';
import type { ResourceDefinition } from './definition.js';

/**
 * Practitioner (spec 001 §3): name, userId, roles (security tags), active (default true),
 * lastLogin, invitation, text, email, mobile, photoId.
 */
export interface Practitioner extends DomainResourceBase {
  resourceType: 'Practitioner';
  identifier?: Identifier[];
  active?: boolean;
  name?: HumanName[];
  telecom?: ContactPoint[];
  gender?: 'male' | 'female' | 'other' | 'unknown';
  birthDate?: string;
  photo?: Attachment[];
}

/** The Vigil user a practitioner is (identifier system). */
export const PRACTITIONER_USER_SYSTEM = vigilSystem('user');
/** Last sign-in of the practitioner's user: `valueDateTime` (spec 001 §5 'Invalid date for lastLogin'). */
export const LAST_LOGIN_EXTENSION = vigilExtension('practitioner-last-login');
/** A pending invitation id: `valueString`. */
export const INVITATION_EXTENSION = vigilExtension('practitioner-invitation');
/** Organisation roles are kept as security tags with this system (spec 001 §6). */
export const PRACTITIONER_ROLE_SYSTEM = vigilSystem('role');

export const practitionerSchema: z.ZodType<Practitioner> = z.lazy(() =>
  z
    .strictObject({
      ...domainResourceShape,
      resourceType: z.literal('Practitioner'),
      identifier: z.array(identifierSchema).optional(),
      active: z.boolean().optional(),
      name: z.array(humanNameSchema).optional(),
      telecom: z.array(contactPointSchema).optional(),
      gender: z.enum(['male', 'female', 'other', 'unknown'], { error: FHIR_MESSAGES.invalidValue }).optional(),
      birthDate: z.string().optional(),
      photo: z.array(attachmentSchema).optional(),
    })
    .superRefine((p, ctx) => {
      (p.extension ?? []).forEach((e, index) => {
        if (e.url !== LAST_LOGIN_EXTENSION) return;
        const keys = Object.keys(e).filter((k) => k.startsWith('value'));
        if (keys.length !== 1 || keys[0] !== 'valueDateTime' || !isFhirDateTime(e.valueDateTime)) {
          ctx.addIssue({ code: 'custom', message: FHIR_MESSAGES.invalidLastLogin, path: ['extension', index] });
        }
      });
    }),
);

/** The last login time, or null. */
export function practitionerLastLogin(practitioner: Practitioner): string | null {
  const value = extensionsOf(practitioner, LAST_LOGIN_EXTENSION)[0]?.valueDateTime;
  return typeof value === 'string' ? value : null;
}

/** The roles from the practitioner's security tags. */
export function practitionerRoles(practitioner: Practitioner): string[] {
  return (practitioner.meta?.security ?? [])
    .filter((c) => c.system === PRACTITIONER_ROLE_SYSTEM && c.code !== undefined)
    .map((c) => c.code!);
}

export const PRACTITIONER: ResourceDefinition<Practitioner> = {
  resourceType: 'Practitioner',
  schema: practitionerSchema,
  idPrefix: 'prc',
  patientData: false,
  // Spec 001 §3: active defaults to true.
  normalize: (p) => (p.active === undefined ? { ...p, active: true } : p),
};

/** A practitioner's name as shown: the name's text, else given and family names; '' when none. */
export function practitionerDisplayName(practitioner: Practitioner): string {
  const name = practitioner.name?.[0];
  if (!name) return '';
  return name.text?.trim() || [...(name.given ?? []), name.family ?? ''].join(' ').trim();
}

/** The Vigil user id a practitioner stands for, or null. */
export function practitionerUserId(practitioner: Practitioner): string | null {
  return practitioner.identifier?.find((i) => i.system === PRACTITIONER_USER_SYSTEM)?.value ?? null;
}
