import { z } from 'zod';
import {
  fhirBase64,
  fhirCode,
  referenceSchema,
  refineImageData,
  resourceBaseShape,
  type Reference,
  type ResourceBase,
} from './common.js';
import type { ResourceDefinition } from './definition.js';

/** Binary (spec 001 §3): content type and base64 data (report PDFs, photos). */
export interface Binary extends ResourceBase {
  resourceType: 'Binary';
  contentType: string;
  securityContext?: Reference;
  data?: string;
}

export const binarySchema: z.ZodType<Binary> = z.lazy(() =>
  z
    .strictObject({
      ...resourceBaseShape,
      resourceType: z.literal('Binary'),
      contentType: fhirCode,
      securityContext: referenceSchema.optional(),
      data: fhirBase64.optional(),
    })
    .superRefine((b, ctx) => refineImageData(ctx, b.contentType, b.data)),
);

/** The data URI derived from a Binary (spec 001 §3), or null without data. */
export function binaryDataUri(binary: Binary): string | null {
  return binary.data === undefined ? null : `data:${binary.contentType};base64,${binary.data}`;
}

export const BINARY: ResourceDefinition<Binary> = {
  resourceType: 'Binary',
  schema: binarySchema,
  idPrefix: 'bin',
  patientData: true,
};
