import { z } from 'zod';
import { COMPOSITION_STATUSES } from '../enums.js';
import type { CompositionStatus } from '../enums.js';
import {
  codeableConceptSchema,
  codedChoice,
  domainResourceShape,
  fhirDateTime,
  fhirString,
  identifierSchema,
  narrativeSchema,
  referenceSchema,
  vigilExtension,
  vigilSystem,
  type CodeableConcept,
  type DomainResourceBase,
  type Identifier,
  type Narrative,
  type Reference,
  protectedReference,
} from './common.js';
import type { ResourceDefinition } from './definition.js';

export const LOINC_SYSTEM = 'http://loinc.org';
/** The health history document type (spec 001 §7: code 35089-2). */
export const HEALTH_HISTORY_TYPE = { system: LOINC_SYSTEM, code: '35089-2' } as const;
/** The anesthesia record document type (Vigil's own code: the spec names none). */
export const ANESTHESIA_RECORD_TYPE = { system: vigilSystem('document-type'), code: 'anesthesia-record' } as const;
/** The patient-answers health history (Vigil's own code). */
export const PATIENT_HEALTH_HISTORY_TYPE = {
  system: vigilSystem('document-type'),
  code: 'patient-health-history',
} as const;

/** Where a health history came from (spec 001 §3 generatedCategory). */
export const GENERATED_CATEGORIES = ['hhxMerge', 'hhxCaseExtract'] as const;
export const COMPOSITION_EXTENSIONS = {
  /** valueCode hhxMerge | hhxCaseExtract. */
  generatedCategory: vigilExtension('composition-generated-category'),
  /** valueReference Composition/{id}: the health history an anesthesia record used. */
  healthHistory: vigilExtension('composition-health-history'),
} as const;

export interface CompositionSection {
  title?: string;
  code?: CodeableConcept;
  author?: Reference[];
  text?: Narrative;
  entry?: Reference[];
  section?: CompositionSection[];
}

/**
 * Composition (spec 001 §3): the anesthesia record and the health histories. Their charted
 * content lives in the case document (sync engine); the resource is its FHIR projection.
 */
export interface Composition extends DomainResourceBase {
  resourceType: 'Composition';
  identifier?: Identifier;
  status: CompositionStatus;
  type: CodeableConcept;
  category?: CodeableConcept[];
  subject?: Reference;
  encounter?: Reference;
  date: string;
  author: Reference[];
  title: string;
  confidentiality?: string;
  attester?: { mode: 'personal' | 'professional' | 'legal' | 'official'; time?: string; party?: Reference }[];
  custodian?: Reference;
  section?: CompositionSection[];
}

const sectionSchema: z.ZodType<CompositionSection> = z.lazy(() =>
  z.strictObject({
    title: fhirString.optional(),
    code: codeableConceptSchema.optional(),
    author: z.array(referenceSchema).optional(),
    text: narrativeSchema.optional(),
    entry: z.array(referenceSchema).optional(),
    section: z.array(sectionSchema).optional(),
  }),
);

export const compositionSchema: z.ZodType<Composition> = z.lazy(() =>
  z
    .strictObject({
      ...domainResourceShape,
      resourceType: z.literal('Composition'),
      identifier: identifierSchema.optional(),
      status: codedChoice(COMPOSITION_STATUSES),
      type: codeableConceptSchema,
      category: z.array(codeableConceptSchema).optional(),
      subject: referenceSchema.optional(),
      encounter: referenceSchema.optional(),
      date: fhirDateTime(),
      author: z.array(referenceSchema).min(1),
      title: fhirString,
      confidentiality: codedChoice(['U', 'L', 'M', 'N', 'R', 'V']).optional(),
      attester: z
        .array(
          z.strictObject({
            mode: codedChoice(['personal', 'professional', 'legal', 'official']),
            time: fhirDateTime().optional(),
            party: referenceSchema.optional(),
          }),
        )
        .optional(),
      custodian: referenceSchema.optional(),
      section: z.array(sectionSchema).optional(),
    })
    .superRefine((c, ctx) => {
      (c.extension ?? []).forEach((e, index) => {
        if (
          e.url === COMPOSITION_EXTENSIONS.generatedCategory &&
          !(GENERATED_CATEGORIES as readonly unknown[]).includes(e.valueCode)
        ) {
          ctx.addIssue({ code: 'custom', message: 'Invalid value', path: ['extension', index, 'valueCode'] });
        }
      });
    }),
);

/** Whether a composition is a health history (type 35089-2). */
export function isHealthHistory(composition: Composition): boolean {
  return (composition.type.coding ?? []).some(
    (c) => c.system === HEALTH_HISTORY_TYPE.system && c.code === HEALTH_HISTORY_TYPE.code,
  );
}

export const COMPOSITION: ResourceDefinition<Composition> = {
  resourceType: 'Composition',
  schema: compositionSchema,
  idPrefix: 'cmp',
  patientData: true,
  // The subject of a record stays (a preliminary history's draft identifier may become a reference).
  protectedReferences: (c) => protectedReference('subject', c.subject?.reference),
};
