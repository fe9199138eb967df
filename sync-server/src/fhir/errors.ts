/**
 * The FHIR layer's name for the server's one error type (sync-server/src/errors.ts, issue 26):
 * the same class, so a FhirError is an AppError and is mapped to an OperationOutcome, a JSON
 * body, a GraphQL error or a close code in that one place. New code imports AppError.
 */
export { AppError as FhirError, VersionConflictError } from '../errors.js';
