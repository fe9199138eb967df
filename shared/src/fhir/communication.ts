import { z } from 'zod';
import { COMMUNICATION_STATUSES } from '../enums.js';
import type { CommunicationStatus } from '../enums.js';
import {
  attachmentSchema,
  codeableConceptSchema,
  codedChoice,
  domainResourceShape,
  extensionsOf,
  FHIR_MESSAGES,
  fhirDateTime,
  fhirString,
  identifierSchema,
  referenceSchema,
  vigilExtension,
  type Attachment,
  type CodeableConcept,
  type DomainResourceBase,
  type Identifier,
  type Reference,
  protectedReference,
} from './common.js';
import type { ResourceDefinition } from './definition.js';

/** A comment's edit status (spec 001 §3). */
export const COMMENT_EDIT_STATUSES = ['deleted', 'edited'] as const;
export type CommentEditStatus = (typeof COMMENT_EDIT_STATUSES)[number];
/** valueCode deleted | edited. */
export const EDIT_STATUS_EXTENSION = vigilExtension('communication-edit-status');

export interface CommunicationPayload {
  contentString?: string;
  contentAttachment?: Attachment;
  contentReference?: Reference;
}

/**
 * Communication (spec 001 §3, a patient comment): patient (subject), author (sender: a
 * practitioner, a parent-organisation user or a staff user, with display), date (sent), text
 * (payload), editStatus, appointment (about).
 */
export interface Communication extends DomainResourceBase {
  resourceType: 'Communication';
  identifier?: Identifier[];
  status: CommunicationStatus;
  category?: CodeableConcept[];
  subject?: Reference;
  about?: Reference[];
  sent?: string;
  received?: string;
  recipient?: Reference[];
  sender?: Reference;
  payload?: CommunicationPayload[];
}

export const communicationSchema: z.ZodType<Communication> = z.lazy(() =>
  z
    .strictObject({
      ...domainResourceShape,
      resourceType: z.literal('Communication'),
      identifier: z.array(identifierSchema).optional(),
      status: codedChoice(COMMUNICATION_STATUSES),
      category: z.array(codeableConceptSchema).optional(),
      subject: referenceSchema.optional(),
      about: z.array(referenceSchema).optional(),
      sent: fhirDateTime().optional(),
      received: fhirDateTime().optional(),
      recipient: z.array(referenceSchema).optional(),
      sender: referenceSchema.optional(),
      payload: z
        .array(
          z
            .strictObject({
              contentString: fhirString.optional(),
              contentAttachment: attachmentSchema.optional(),
              contentReference: referenceSchema.optional(),
            })
            .refine(
              (p) =>
                [p.contentString, p.contentAttachment, p.contentReference].filter((x) => x !== undefined).length === 1,
              { error: 'A payload has exactly one content' },
            ),
        )
        .optional(),
    })
    .superRefine((c, ctx) => {
      (c.extension ?? []).forEach((e, index) => {
        if (e.url === EDIT_STATUS_EXTENSION && !(COMMENT_EDIT_STATUSES as readonly unknown[]).includes(e.valueCode)) {
          ctx.addIssue({
            code: 'custom',
            message: FHIR_MESSAGES.invalidValue,
            path: ['extension', index, 'valueCode'],
          });
        }
      });
    }),
);

/** The comment's edit status, or null. */
export function commentEditStatus(communication: Communication): CommentEditStatus | null {
  const value = extensionsOf(communication, EDIT_STATUS_EXTENSION)[0]?.valueCode;
  return (COMMENT_EDIT_STATUSES as readonly unknown[]).includes(value) ? (value as CommentEditStatus) : null;
}

export const COMMUNICATION: ResourceDefinition<Communication> = {
  resourceType: 'Communication',
  schema: communicationSchema,
  idPrefix: 'com',
  patientData: true,
  protectedReferences: (c) => protectedReference('subject', c.subject?.reference),
};
