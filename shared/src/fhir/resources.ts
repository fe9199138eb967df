import type { Issue } from '../case-data/issue.js';
import { errorIssue } from '../case-data/issue.js';
import { ALLERGY_INTOLERANCE, type AllergyIntolerance } from './allergy-intolerance.js';
import { APPOINTMENT, type Appointment } from './appointment.js';
import { AUDIT_EVENT, type AuditEvent } from './audit-event.js';
import { BINARY, type Binary } from './binary.js';
import { FHIR_MESSAGES, fhirIssueCode, isTestResource, validateWith } from './common.js';
import { COMMUNICATION, type Communication } from './communication.js';
import { COMPOSITION, type Composition } from './composition.js';
import { CONTRACT, type Contract } from './contract.js';
import type { ResourceDefinition } from './definition.js';
import { LOCATION, type Location } from './location.js';
import { MEDICATION_ADMINISTRATION, type MedicationAdministration } from './medication-administration.js';
import { MEDICATION_STATEMENT, type MedicationStatement } from './medication-statement.js';
import { OBSERVATION, type Observation } from './observation.js';
import { PATIENT, type Patient } from './patient.js';
import { PRACTITIONER, type Practitioner } from './practitioner.js';

/** Every resource type Vigil stores (issue 5; spec 001 §3). */
export type FhirResource =
  | Patient
  | Practitioner
  | Location
  | Appointment
  | Composition
  | Observation
  | AllergyIntolerance
  | MedicationStatement
  | MedicationAdministration
  | Communication
  | Contract
  | Binary
  | AuditEvent;
export type FhirResourceType = FhirResource['resourceType'];

export const RESOURCE_DEFINITIONS: {
  readonly [K in FhirResourceType]: ResourceDefinition<Extract<FhirResource, { resourceType: K }>>;
} = {
  Patient: PATIENT,
  Practitioner: PRACTITIONER,
  Location: LOCATION,
  Appointment: APPOINTMENT,
  Composition: COMPOSITION,
  Observation: OBSERVATION,
  AllergyIntolerance: ALLERGY_INTOLERANCE,
  MedicationStatement: MEDICATION_STATEMENT,
  MedicationAdministration: MEDICATION_ADMINISTRATION,
  Communication: COMMUNICATION,
  Contract: CONTRACT,
  Binary: BINARY,
  AuditEvent: AUDIT_EVENT,
};

export const RESOURCE_TYPES = Object.keys(RESOURCE_DEFINITIONS) as FhirResourceType[];

export function isResourceType(value: unknown): value is FhirResourceType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(RESOURCE_DEFINITIONS, value);
}

function definitionOf(type: FhirResourceType): ResourceDefinition<FhirResource> {
  return RESOURCE_DEFINITIONS[type] as unknown as ResourceDefinition<FhirResource>;
}

/** The spec's defaults filled in (participants tentative, statement status active, practitioner active). */
export function normalizeResource<T extends FhirResource>(resource: T): T {
  const normalize = isResourceType(resource?.resourceType) ? definitionOf(resource.resourceType).normalize : undefined;
  if (!normalize) return resource;
  try {
    return normalize(resource) as T;
  } catch {
    // Malformed input (say a component that is not an object): validation reports it as it is.
    return resource;
  }
}

/**
 * Validates a resource of any stored type against its FHIR R4 shape and the spec's rules
 * (spec 001 §5). Returns no issues when it is valid.
 */
export function validateResource(value: unknown): Issue[] {
  const type = (value as { resourceType?: unknown } | null)?.resourceType;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [errorIssue('INVALID_RESOURCE', 'A resource must be a JSON object')];
  }
  if (!isResourceType(type)) {
    return [errorIssue(fhirIssueCode(FHIR_MESSAGES.invalidValue), FHIR_MESSAGES.invalidValue, ['resourceType'])];
  }
  return validateWith(definitionOf(type).schema, value);
}

/**
 * Rules of a change from a stored version to a new one (spec 001 §5): a test patient keeps its
 * HTEST tag ('Cannot remove test resource tag'), and a protected reference may be changed but
 * not removed ('Cannot delete this reference').
 */
export function validateResourceChange(previous: FhirResource, next: FhirResource): Issue[] {
  const issues: Issue[] = [];
  if (isTestResource(previous) && !isTestResource(next)) {
    issues.push(errorIssue('CANNOT_REMOVE_TEST_TAG', FHIR_MESSAGES.cannotRemoveTestTag, ['meta', 'tag']));
  }
  const protectedOf = definitionOf(previous.resourceType).protectedReferences;
  if (protectedOf && previous.resourceType === next.resourceType) {
    const before = protectedOf(previous);
    const after = protectedOf(next);
    for (const name of Object.keys(before)) {
      if (after[name] === undefined) {
        issues.push(errorIssue('CANNOT_DELETE_REFERENCE', FHIR_MESSAGES.cannotDeleteReference, [name]));
      }
    }
  }
  return issues;
}

/** Whether reads and writes of this type are audited as patient data. */
export function isPatientData(type: FhirResourceType): boolean {
  return definitionOf(type).patientData;
}

/** The prefix of server-assigned ids of a type (spec 001 §9). */
export function idPrefixOf(type: FhirResourceType): string {
  return definitionOf(type).idPrefix;
}
