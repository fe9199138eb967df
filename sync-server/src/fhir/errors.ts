import type { Issue } from '@vigil/shared';

/**
 * The one error the FHIR layer throws; the route turns it into an OperationOutcome with its
 * status (spec 002 §8: 404 NOT_FOUND, 401 NO_AUTHENTICATION, 403 NOT_AUTHORIZED or
 * SUDO_REQUIRED, 409 CONFLICT, other statuses REQUEST_ERROR_{status} on the client).
 */
export class FhirError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 412 | 415 | 423 | 500,
    readonly code: string,
    readonly diagnostics?: string,
    readonly issues?: readonly Issue[],
  ) {
    super(diagnostics ?? code);
    this.name = 'FhirError';
  }
}

/** A stale If-Match: the stored version moved on (409 CONFLICT). */
export class VersionConflictError extends FhirError {
  constructor(readonly currentVersionId: string) {
    super(409, 'CONFLICT', `The resource is at version ${currentVersionId}`);
    this.name = 'VersionConflictError';
  }
}
