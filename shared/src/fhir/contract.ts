import { z } from 'zod';
import { CONTRACT_STATUSES } from '../enums.js';
import type { ContractStatus } from '../enums.js';
import {
  attachmentSchema,
  codeableConceptSchema,
  codedChoice,
  codingSchema,
  domainResourceShape,
  fhirBase64,
  fhirCode,
  fhirDateTime,
  fhirInstant,
  fhirString,
  identifierSchema,
  referenceSchema,
  vigilExtension,
  type Attachment,
  type CodeableConcept,
  type Coding,
  type DomainResourceBase,
  type Identifier,
  type Reference,
  protectedReference,
  refineImageData,
} from './common.js';
import type { ResourceDefinition } from './definition.js';
import { IMAGE_BOUNDS, IMAGE_TEXTS } from '../images/raster.js';
import { isPadSignatureSvgData } from '../images/signature-svg.js';

/** The business associate agreement's title (spec 001 §3). */
export const BAA_TITLE = 'Business Associate Agreement';
/** valueReference Appointment/{id}: a patient contract's appointment (spec 001 §3). */
export const CONTRACT_APPOINTMENT_EXTENSION = vigilExtension('contract-appointment');
/** Signature type: the signer's signature (ASTM E1762 1.2.840.10065.1.12.1.7 "Consent Signature"). */
export const SIGNATURE_TYPE: Coding = { system: 'urn:iso-astm:E1762-95:2013', code: '1.2.840.10065.1.12.1.7' };

export interface FhirSignature {
  type: Coding[];
  when: string;
  who: Reference;
  onBehalfOf?: Reference;
  targetFormat?: string;
  sigFormat?: string;
  /** base64 of the signature SVG. */
  data?: string;
}

export interface ContractSigner {
  type: Coding;
  party: Reference;
  signature: FhirSignature[];
}

/**
 * Contract (spec 001 §3): status, legalState, version, text (legal attachment), signatures
 * (signers with a name, an SVG signature, a company name and a time). A patient contract has a
 * patient (subject) and an appointment.
 */
export interface Contract extends DomainResourceBase {
  resourceType: 'Contract';
  identifier?: Identifier[];
  url?: string;
  version?: string;
  status?: ContractStatus;
  legalState?: CodeableConcept;
  issued?: string;
  title?: string;
  subject?: Reference[];
  signer?: ContractSigner[];
  legal?: { contentAttachment?: Attachment; contentReference?: Reference }[];
}

const signatureSchema = z.lazy(() =>
  z
    .strictObject({
      type: z.array(codingSchema).min(1),
      when: fhirInstant(),
      who: referenceSchema,
      onBehalfOf: referenceSchema.optional(),
      targetFormat: fhirCode.optional(),
      sigFormat: fhirCode.optional(),
      data: fhirBase64.optional(),
    })
    .superRefine((s, ctx) => {
      // [IM3][IM4] A drawn signature: the agreement's SVG as the pad writes it, else a raster image.
      if (s.sigFormat?.trim().toLowerCase() === 'image/svg+xml') {
        if (s.data !== undefined && !isPadSignatureSvgData(s.data, IMAGE_BOUNDS.signature)) {
          ctx.addIssue({ code: 'custom', message: IMAGE_TEXTS.signatureSvg, path: ['data'] });
        }
      } else refineImageData(ctx, s.sigFormat, s.data, IMAGE_BOUNDS.signature);
    }),
);

export const contractSchema: z.ZodType<Contract> = z.lazy(() =>
  z.strictObject({
    ...domainResourceShape,
    resourceType: z.literal('Contract'),
    identifier: z.array(identifierSchema).optional(),
    url: z.string().optional(),
    version: fhirString.optional(),
    status: codedChoice(CONTRACT_STATUSES).optional(),
    legalState: codeableConceptSchema.optional(),
    issued: fhirDateTime().optional(),
    title: fhirString.optional(),
    subject: z.array(referenceSchema).optional(),
    signer: z
      .array(z.strictObject({ type: codingSchema, party: referenceSchema, signature: z.array(signatureSchema).min(1) }))
      .optional(),
    legal: z
      .array(
        z.strictObject({
          contentAttachment: attachmentSchema.optional(),
          contentReference: referenceSchema.optional(),
        }),
      )
      .optional(),
  }),
);

export const CONTRACT: ResourceDefinition<Contract> = {
  resourceType: 'Contract',
  schema: contractSchema,
  idPrefix: 'ctr',
  patientData: true,
  // A signed patient contract stays with its patient.
  protectedReferences: (c) => {
    const patient = c.subject?.find((s) => s.reference?.startsWith('Patient/'))?.reference;
    return protectedReference('patient', patient);
  },
};
