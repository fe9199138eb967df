import { RESOURCE_TYPES, type FhirResourceType } from '@vigil/shared';
import { ASSERTION_ALGORITHMS } from '../auth/app-tokens.js';
import { searchParametersOf } from '../store/resources/search-params.js';

/*
 * What Vigil's FHIR R4 API supports, as its CapabilityStatement (`GET /fhir/{orgId}/metadata`,
 * FHIR R4 §3.1.0 "capabilities" interaction): built from the tables the API itself uses (the
 * resource types and their search parameters), so it cannot say more than the server does.
 */

/** Types a client reads but never writes: the audit trail is written by the server only. */
const READ_ONLY: ReadonlySet<FhirResourceType> = new Set(['AuditEvent']);

const READ = ['read', 'vread', 'search-type', 'history-instance'] as const;
const WRITE = ['create', 'update', 'delete'] as const;

export interface CapabilityInput {
  /** The organisation's FHIR base (`…/api/fhir/{orgId}`). */
  baseUrl: string;
  /** Vigil's version (package.json). */
  version: string;
  /** When the statement was made (ISO date-time): the server's start. */
  date: string;
}

/** The CapabilityStatement of the organisation's FHIR base. */
export function capabilityStatement({ baseUrl, version, date }: CapabilityInput): Record<string, unknown> {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date,
    publisher: 'Vigil',
    kind: 'instance',
    software: { name: 'Vigil', version },
    implementation: { description: 'Vigil sedation and anesthesia records', url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        documentation:
          'Every request needs a signed-in session of a member of the organisation (a cookie or a bearer token); each organisation has its own base.',
        security: {
          cors: false,
          service: [
            {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' },
              ],
            },
          ],
        },
        resource: RESOURCE_TYPES.map((type) => ({
          type,
          interaction: [...READ, ...(READ_ONLY.has(type) ? [] : WRITE)].map((code) => ({ code })),
          versioning: 'versioned',
          readHistory: true,
          updateCreate: !READ_ONLY.has(type),
          conditionalUpdate: false,
          conditionalDelete: 'not-supported',
          searchParam: searchParametersOf(type),
        })),
      },
    ],
  };
}

/**
 * SMART's discovery document of an organisation's FHIR base (SMART App Launch 2.x §2.1, Backend
 * Services): the token endpoint of its installed apps (routes/apps.ts), which takes the client
 * secret (HTTP Basic or the form) or a signed assertion, and the system scopes an app may hold.
 * No authorize endpoint: Vigil launches inside an EHR as a client; it is not an authorization server for user logins.
 */
export function smartConfiguration(apiBase: string, orgId: string): Record<string, unknown> {
  return {
    issuer: `${apiBase}/fhir/${orgId}`,
    token_endpoint: `${apiBase}/oauth/${orgId}/token`,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGORITHMS],
    scopes_supported: ['*', ...RESOURCE_TYPES].flatMap((t) => [`system/${t}.read`, `system/${t}.write`]),
    capabilities: ['client-confidential-symmetric', 'client-confidential-asymmetric'],
  };
}
