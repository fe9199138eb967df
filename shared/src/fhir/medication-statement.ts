import { z } from 'zod';
import { DEFAULT_MEDICATION_STATEMENT_STATUS, MEDICATION_STATEMENT_STATUSES } from '../enums.js';
import type { MedicationStatementStatus } from '../enums.js';
import {
  annotationSchema,
  codeableConceptSchema,
  codedChoice,
  domainResourceShape,
  fhirDateTime,
  identifierSchema,
  periodSchema,
  referenceSchema,
  referenceTo,
  type Annotation,
  type CodeableConcept,
  type DomainResourceBase,
  type Identifier,
  type Period,
  type Reference,
  protectedReference,
} from './common.js';
import type { ResourceDefinition } from './definition.js';

export const RXNORM_SYSTEM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

/**
 * MedicationStatement (spec 001 §3): medication (id, name, rxnorm) as a codeable concept,
 * patient, status (default active), date.
 */
export interface MedicationStatement extends DomainResourceBase {
  resourceType: 'MedicationStatement';
  identifier?: Identifier[];
  status: MedicationStatementStatus;
  medicationCodeableConcept?: CodeableConcept;
  medicationReference?: Reference;
  subject: Reference;
  effectiveDateTime?: string;
  effectivePeriod?: Period;
  dateAsserted?: string;
  informationSource?: Reference;
  note?: Annotation[];
}

export const medicationStatementSchema: z.ZodType<MedicationStatement> = z.lazy(() =>
  z
    .strictObject({
      ...domainResourceShape,
      resourceType: z.literal('MedicationStatement'),
      identifier: z.array(identifierSchema).optional(),
      status: codedChoice(MEDICATION_STATEMENT_STATUSES),
      medicationCodeableConcept: codeableConceptSchema.optional(),
      medicationReference: referenceSchema.optional(),
      subject: referenceTo('Patient'),
      effectiveDateTime: fhirDateTime().optional(),
      effectivePeriod: periodSchema.optional(),
      dateAsserted: fhirDateTime().optional(),
      informationSource: referenceSchema.optional(),
      note: z.array(annotationSchema).optional(),
    })
    .refine((m) => (m.medicationCodeableConcept === undefined) !== (m.medicationReference === undefined), {
      error: 'A medication statement names exactly one medication',
      path: ['medicationCodeableConcept'],
    }),
);

export const MEDICATION_STATEMENT: ResourceDefinition<MedicationStatement> = {
  resourceType: 'MedicationStatement',
  schema: medicationStatementSchema,
  idPrefix: 'mst',
  patientData: true,
  // Spec 001 §3: status defaults to active.
  normalize: (m) => (m.status === undefined ? { ...m, status: DEFAULT_MEDICATION_STATEMENT_STATUS } : m),
  protectedReferences: (m) => protectedReference('subject', m.subject?.reference),
};
