import { z } from 'zod';
import {
  codeableConceptSchema,
  codedChoice,
  codingSchema,
  domainResourceShape,
  fhirBase64,
  fhirInstant,
  fhirString,
  periodSchema,
  referenceSchema,
  vigilSystem,
  type CodeableConcept,
  type Coding,
  type DomainResourceBase,
  type Period,
  type Reference,
} from './common.js';
import type { ResourceDefinition } from './definition.js';

/** The REST interaction an audit event records (FHIR restful-interaction codes). */
export const AUDIT_INTERACTIONS = [
  'read',
  'vread',
  'search-type',
  'history-instance',
  'create',
  'update',
  'delete',
] as const;
export type AuditInteraction = (typeof AUDIT_INTERACTIONS)[number];
const ACTION_OF: Record<AuditInteraction, 'C' | 'R' | 'U' | 'D' | 'E'> = {
  read: 'R',
  vread: 'R',
  'search-type': 'E',
  'history-instance': 'R',
  create: 'C',
  update: 'U',
  delete: 'D',
};

export const AUDIT_EVENT_TYPE: Coding = {
  system: 'http://terminology.hl7.org/CodeSystem/audit-event-type',
  code: 'rest',
  display: 'RESTful Operation',
};
export const RESTFUL_INTERACTION_SYSTEM = 'http://hl7.org/fhir/restful-interaction';
/** The identifier system of the Vigil user an audit event names. */
export const AUDIT_USER_SYSTEM = vigilSystem('user');

export interface AuditEventAgent {
  type?: CodeableConcept;
  who?: Reference;
  altId?: string;
  name?: string;
  requestor: boolean;
  network?: { address?: string; type?: '1' | '2' | '3' | '4' | '5' };
}
export interface AuditEventEntity {
  what?: Reference;
  type?: Coding;
  role?: Coding;
  name?: string;
  description?: string;
  query?: string;
}

/** AuditEvent: who (agent), what (entity), when (recorded), which organisation (source.site). */
export interface AuditEvent extends DomainResourceBase {
  resourceType: 'AuditEvent';
  type: Coding;
  subtype?: Coding[];
  action?: 'C' | 'R' | 'U' | 'D' | 'E';
  period?: Period;
  recorded: string;
  outcome?: '0' | '4' | '8' | '12';
  outcomeDesc?: string;
  agent: AuditEventAgent[];
  source: { site?: string; observer: Reference; type?: Coding[] };
  entity?: AuditEventEntity[];
}

export const auditEventSchema: z.ZodType<AuditEvent> = z.lazy(() =>
  z.strictObject({
    ...domainResourceShape,
    resourceType: z.literal('AuditEvent'),
    type: codingSchema,
    subtype: z.array(codingSchema).optional(),
    action: codedChoice(['C', 'R', 'U', 'D', 'E']).optional(),
    period: periodSchema.optional(),
    recorded: fhirInstant(),
    outcome: codedChoice(['0', '4', '8', '12']).optional(),
    outcomeDesc: fhirString.optional(),
    agent: z
      .array(
        z.strictObject({
          type: codeableConceptSchema.optional(),
          who: referenceSchema.optional(),
          altId: fhirString.optional(),
          name: fhirString.optional(),
          requestor: z.boolean(),
          network: z
            .strictObject({ address: fhirString.optional(), type: codedChoice(['1', '2', '3', '4', '5']).optional() })
            .optional(),
        }),
      )
      .min(1),
    source: z.strictObject({
      site: fhirString.optional(),
      observer: referenceSchema,
      type: z.array(codingSchema).optional(),
    }),
    entity: z
      .array(
        z.strictObject({
          what: referenceSchema.optional(),
          type: codingSchema.optional(),
          role: codingSchema.optional(),
          name: fhirString.optional(),
          description: fhirString.optional(),
          query: fhirBase64.optional(),
        }),
      )
      .optional(),
  }),
);

export interface AuditRecordInput {
  orgId: string;
  userId: string;
  interaction: AuditInteraction;
  /** `Type/id` references touched (a search lists every returned patient-data resource). */
  entities: readonly string[];
  /** When, as an instant. */
  recorded: string;
  outcome?: 'success' | 'failure';
  /** Free text such as the search query. */
  description?: string;
  ip?: string | null;
}

/** The audit event of one read or write of patient data: who, what, when, which organisation. */
export function auditEventFor(input: AuditRecordInput): AuditEvent {
  return {
    resourceType: 'AuditEvent',
    type: { ...AUDIT_EVENT_TYPE },
    subtype: [{ system: RESTFUL_INTERACTION_SYSTEM, code: input.interaction }],
    action: ACTION_OF[input.interaction],
    recorded: input.recorded,
    outcome: input.outcome === 'failure' ? '4' : '0',
    agent: [
      {
        who: { identifier: { system: AUDIT_USER_SYSTEM, value: input.userId } },
        requestor: true,
        ...(input.ip ? { network: { address: input.ip, type: '2' as const } } : {}),
      },
    ],
    source: { site: input.orgId, observer: { display: 'Vigil sync-server' } },
    ...(input.entities.length > 0 || input.description
      ? {
          entity: [
            ...input.entities.map((reference) => ({ what: { reference } })),
            ...(input.description ? [{ description: input.description }] : []),
          ],
        }
      : {}),
  };
}

export const AUDIT_EVENT: ResourceDefinition<AuditEvent> = {
  resourceType: 'AuditEvent',
  schema: auditEventSchema,
  idPrefix: 'aud',
  patientData: false,
};
