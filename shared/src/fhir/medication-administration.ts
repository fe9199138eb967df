import { z } from 'zod';
import {
  annotationSchema,
  codeableConceptSchema,
  codedChoice,
  domainResourceShape,
  fhirDateTime,
  fhirString,
  identifierSchema,
  periodSchema,
  quantitySchema,
  referenceSchema,
  referenceTo,
  type Annotation,
  type CodeableConcept,
  type DomainResourceBase,
  type Identifier,
  type Period,
  type Quantity,
  type Reference,
  protectedReference,
} from './common.js';
import type { ResourceDefinition } from './definition.js';

/** FHIR R4 MedicationAdministration status (the spec lists none of its own). */
export const MEDICATION_ADMINISTRATION_STATUSES = [
  'in-progress',
  'not-done',
  'on-hold',
  'completed',
  'entered-in-error',
  'stopped',
  'unknown',
] as const;
export type MedicationAdministrationStatus = (typeof MEDICATION_ADMINISTRATION_STATUSES)[number];

/** A drug given during a case (for FHIR readers; the charted doses live in the case document). */
export interface MedicationAdministration extends DomainResourceBase {
  resourceType: 'MedicationAdministration';
  identifier?: Identifier[];
  status: MedicationAdministrationStatus;
  medicationCodeableConcept?: CodeableConcept;
  medicationReference?: Reference;
  subject: Reference;
  context?: Reference;
  effectiveDateTime?: string;
  effectivePeriod?: Period;
  performer?: { actor: Reference }[];
  note?: Annotation[];
  dosage?: { text?: string; route?: CodeableConcept; dose?: Quantity };
}

export const medicationAdministrationSchema: z.ZodType<MedicationAdministration> = z.lazy(() =>
  z
    .strictObject({
      ...domainResourceShape,
      resourceType: z.literal('MedicationAdministration'),
      identifier: z.array(identifierSchema).optional(),
      status: codedChoice(MEDICATION_ADMINISTRATION_STATUSES),
      medicationCodeableConcept: codeableConceptSchema.optional(),
      medicationReference: referenceSchema.optional(),
      subject: referenceTo('Patient'),
      context: referenceSchema.optional(),
      effectiveDateTime: fhirDateTime().optional(),
      effectivePeriod: periodSchema.optional(),
      performer: z.array(z.strictObject({ actor: referenceSchema })).optional(),
      note: z.array(annotationSchema).optional(),
      dosage: z
        .strictObject({
          text: fhirString.optional(),
          route: codeableConceptSchema.optional(),
          dose: quantitySchema.optional(),
        })
        .optional(),
    })
    .refine((m) => (m.medicationCodeableConcept === undefined) !== (m.medicationReference === undefined), {
      error: 'A medication administration names exactly one medication',
      path: ['medicationCodeableConcept'],
    })
    .refine((m) => (m.effectiveDateTime === undefined) !== (m.effectivePeriod === undefined), {
      error: 'A medication administration has exactly one effective time',
      path: ['effectiveDateTime'],
    }),
);

export const MEDICATION_ADMINISTRATION: ResourceDefinition<MedicationAdministration> = {
  resourceType: 'MedicationAdministration',
  schema: medicationAdministrationSchema,
  idPrefix: 'mad',
  patientData: true,
  protectedReferences: (m) => protectedReference('subject', m.subject?.reference),
};
