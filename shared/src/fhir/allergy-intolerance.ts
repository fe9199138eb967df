import { z } from 'zod';
import { ALLERGY_CRITICALITIES } from '../enums.js';
import type { AllergyCriticality, AllergyType } from '../enums.js';
import {
  annotationSchema,
  codeableConceptSchema,
  codedChoice,
  domainResourceShape,
  FHIR_MESSAGES,
  fhirDateTime,
  identifierSchema,
  referenceSchema,
  referenceTo,
  type Annotation,
  type CodeableConcept,
  type DomainResourceBase,
  type Identifier,
  type Reference,
  protectedReference,
} from './common.js';
import type { ResourceDefinition } from './definition.js';

export const ALLERGY_VERIFICATION_SYSTEM = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification';
export const ALLERGY_VERIFICATION_CODES = ['unconfirmed', 'confirmed', 'refuted', 'entered-in-error'] as const;
export const ALLERGY_CLINICAL_SYSTEM = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
export const ALLERGY_CLINICAL_CODES = ['active', 'inactive', 'resolved'] as const;

/**
 * AllergyIntolerance (spec 001 §3): verificationStatus, patient, type, criticality, allergen
 * (code), note, date (recordedDate). FHIR R4's type has no 'unknown': the spec's unknown type
 * is stored as an absent type (see `allergyType`).
 */
export interface AllergyIntolerance extends DomainResourceBase {
  resourceType: 'AllergyIntolerance';
  identifier?: Identifier[];
  clinicalStatus?: CodeableConcept;
  verificationStatus?: CodeableConcept;
  type?: 'allergy' | 'intolerance';
  category?: ('food' | 'medication' | 'environment' | 'biologic')[];
  criticality?: AllergyCriticality;
  code?: CodeableConcept;
  patient: Reference;
  recordedDate?: string;
  recorder?: Reference;
  note?: Annotation[];
}

/** A concept whose codings of one system must come from a fixed list ('Invalid value', spec 001 §5). */
const codedConcept = (system: string, codes: readonly string[]): z.ZodType<CodeableConcept> =>
  codeableConceptSchema.refine(
    (c) => (c.coding ?? []).every((x) => x.system !== system || codes.includes(x.code ?? '')),
    { error: FHIR_MESSAGES.invalidValue, path: ['coding'] },
  );

export const allergyIntoleranceSchema: z.ZodType<AllergyIntolerance> = z.lazy(() =>
  z.strictObject({
    ...domainResourceShape,
    resourceType: z.literal('AllergyIntolerance'),
    identifier: z.array(identifierSchema).optional(),
    clinicalStatus: codedConcept(ALLERGY_CLINICAL_SYSTEM, ALLERGY_CLINICAL_CODES).optional(),
    verificationStatus: codedConcept(ALLERGY_VERIFICATION_SYSTEM, ALLERGY_VERIFICATION_CODES).optional(),
    type: codedChoice(['allergy', 'intolerance']).optional(),
    category: z.array(codedChoice(['food', 'medication', 'environment', 'biologic'])).optional(),
    criticality: codedChoice(ALLERGY_CRITICALITIES).optional(),
    code: codeableConceptSchema.optional(),
    patient: referenceTo('Patient'),
    recordedDate: fhirDateTime().optional(),
    recorder: referenceSchema.optional(),
    note: z.array(annotationSchema).optional(),
  }),
);

/**
 * The explicit answer "no known drug allergies" (NKDA, spec 002 §5's allergies quick value) as
 * an AllergyIntolerance code: SNOMED CT 716186003 No known allergy (issue 40).
 */
export const NO_KNOWN_ALLERGY = {
  coding: [{ system: 'http://snomed.info/sct', code: '716186003', display: 'No known allergy' }],
  text: 'NKDA',
} as const;

/** Whether an allergy record is the explicit NKDA answer. */
export function isNoKnownAllergy(allergy: Pick<AllergyIntolerance, 'code'>): boolean {
  return (allergy.code?.coding ?? []).some((c) => c.system === 'http://snomed.info/sct' && c.code === '716186003');
}

/** The spec's allergy type (allergy, intolerance or unknown, spec 001 §4). */
export function allergyType(allergy: AllergyIntolerance): AllergyType {
  return allergy.type ?? 'unknown';
}

export const ALLERGY_INTOLERANCE: ResourceDefinition<AllergyIntolerance> = {
  resourceType: 'AllergyIntolerance',
  schema: allergyIntoleranceSchema,
  idPrefix: 'alg',
  patientData: true,
  protectedReferences: (a) => protectedReference('patient', a.patient?.reference),
};
