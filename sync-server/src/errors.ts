import {
  operationOutcome,
  outcomeFromIssues,
  SYNC_CLOSE_CODES,
  type Issue,
  type OperationOutcome,
  type SyncCloseCode,
} from '@vigil/shared';
import { GraphQLError } from 'graphql';

/** The HTTP statuses the server refuses with (spec 002 §8 names what the client shows for each). */
export type AppErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 412 | 413 | 415 | 423 | 429 | 500 | 503;

/**
 * The one error the server throws at a boundary (issue 26): the spec's code (`NOT_FOUND`,
 * `NO_AUTHENTICATION`, `NOT_AUTHORIZED`, `SUDO_REQUIRED`, `CONFLICT`, `INVALID_ADDENDUM`…), the
 * HTTP status it answers with, an optional human-readable diagnostic and the validation issues
 * behind it. How it reaches each kind of client is decided below, in this file only: a JSON
 * body (`{ error, issues? }`), a FHIR OperationOutcome, a GraphQL error whose message and
 * `extensions.code` are the code, or a websocket close code.
 */
export class AppError extends Error {
  readonly issues: readonly Issue[];

  constructor(
    readonly status: AppErrorStatus,
    readonly code: string,
    readonly diagnostics?: string,
    issues: readonly Issue[] = [],
  ) {
    super(diagnostics ?? code);
    this.name = 'AppError';
    this.issues = issues;
  }
}

/**
 * The HTTP status of each refusal code the services refuse with by name (spec 000 §8 codes); 400
 * for the input errors not listed. The one code → status table (issue 36 item 1).
 */
export const REFUSAL_STATUS: Readonly<Record<string, AppErrorStatus>> = {
  NO_AUTHENTICATION: 401,
  MFA_REQUIRED: 401,
  INVALID_LOGIN_CREDENTIALS: 401,
  NOT_AUTHORIZED: 403,
  SUDO_REQUIRED: 403,
  CANNOT_SUDO: 403,
  RECAPTCHA_FAILED: 403,
  EMAIL_NOT_VERIFIED: 403,
  FEATURE_DISABLED: 403,
  PLAN_REQUIRED: 403,
  TOO_MANY_REQUESTS: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  LAST_MFA_OPTION: 409,
  ORG_ID_TAKEN: 409,
  ALREADY_MEMBER: 409,
  ALREADY_SIGNED: 409,
  USED: 409,
  LAST_ADMIN: 409,
  NOT_SIGNED: 409,
  CONTRACT_VERSION_CHANGED: 409,
  /** Sign-up without accepting the current terms and privacy policy (issue 40, spec 000 §5, §7). */
  TERMS_NOT_ACCEPTED: 400,
  /** Too many refused cards in the hour (issue 37): 429, so a script testing card numbers is told to slow down. */
  CARD_ATTEMPTS_LIMITED: 429,
  CONFLICT: 409,
  PLAN_EXISTS: 409,
  /** Issue 40 (APC1, APC2): the appointment's case started, or it was entered in error. */
  CASE_STARTED: 409,
  APPOINTMENT_ENTERED_IN_ERROR: 409,
};

/**
 * Refuses a call with one of the spec's codes as the server's one error type, at the table's
 * status; each boundary answers it in its own form (below), e.g. a GraphQL error whose message and
 * code are the code, which the client maps to the spec's text (spec 000 §8).
 */
export function refuse(code: string): never {
  throw new AppError(REFUSAL_STATUS[code] ?? 400, code);
}

/** A stale If-Match: the stored version moved on (409 CONFLICT). */
export class VersionConflictError extends AppError {
  constructor(readonly currentVersionId: string) {
    super(409, 'CONFLICT', `The resource is at version ${currentVersionId}`);
    this.name = 'VersionConflictError';
  }
}

/** The JSON body of a refusal on the app's own routes (finalize, addenda, PDFs): `{ error, issues? }`. */
export function errorBody(err: AppError): { error: string; issues?: readonly Issue[] } {
  return { error: err.code, ...(err.issues.length > 0 ? { issues: err.issues } : {}) };
}

/**
 * What the app answers for an error no route caught (Hono's onError, issue 36 item 1): an AppError
 * with its status and `{ error, issues? }`, as every route's own answer; anything else 500
 * INTERNAL_ERROR, its details only in the log.
 */
export function uncaughtErrorAnswer(err: unknown): {
  status: AppErrorStatus;
  body: { error: string; issues?: readonly Issue[] };
} {
  return err instanceof AppError
    ? { status: err.status, body: errorBody(err) }
    : { status: 500, body: { error: 'INTERNAL_ERROR' } };
}

/**
 * The FHIR API's answer (spec 002 §8): an OperationOutcome of the validation issues when there
 * are any (of `resourceType`), else one issue carrying the code and the diagnostic.
 */
export function toOperationOutcome(err: AppError, resourceType: string): OperationOutcome {
  return err.issues.length > 0
    ? outcomeFromIssues(resourceType, err.issues)
    : operationOutcome(err.status, err.code, err.diagnostics);
}

/**
 * The GraphQL error a resolver throws: its message and `extensions.code` are the code, which
 * the client maps to the spec's text (spec 000 §8). graphql-yoga masks any other error. A refusal
 * carrying validation issues (a preset's macro, issue 39) also gives them in `extensions.issues`,
 * each with its path and message, so a client can say what was wrong.
 */
export function toGraphqlError(err: AppError): GraphQLError {
  const issues = err.issues.length > 0 ? { issues: err.issues } : {};
  return new GraphQLError(err.code, { extensions: { code: err.code, ...issues } });
}

/**
 * Resolvers whose AppError refusals reach GraphQL clients through toGraphqlError: the one
 * conversion every resolver map (accounts, organisations) is wrapped in. Other errors pass
 * unchanged (graphql-yoga masks them as "Unexpected error.").
 */
const answering = new WeakSet<object>();

/** Whether a resolver goes through answeringAppErrors (the resolver-style test). */
export function answersAppErrors(resolve: unknown): boolean {
  return typeof resolve === 'function' && answering.has(resolve);
}

export function answeringAppErrors<P extends unknown[]>(
  resolvers: Record<string, (...args: P) => unknown>,
): Record<string, (...args: P) => Promise<unknown>> {
  const out: Record<string, (...args: P) => Promise<unknown>> = {};
  for (const [name, resolve] of Object.entries(resolvers)) {
    out[name] = async (...args: P) => {
      try {
        return await resolve(...args);
      } catch (err) {
        throw err instanceof AppError ? toGraphqlError(err) : err;
      }
    };
    answering.add(out[name]);
  }
  return out;
}

/**
 * The close code a sync socket is closed with for a refusal (shared SYNC_CLOSE_CODES), so the
 * client tells "signed out" (4401) from "not yours" (4403) from "offline".
 */
export function toCloseCode(err: AppError): SyncCloseCode {
  switch (err.status) {
    case 401:
      return SYNC_CLOSE_CODES.unauthorized;
    case 403:
      return SYNC_CLOSE_CODES.forbidden;
    case 404:
    case 410:
      return SYNC_CLOSE_CODES.notFound;
    case 413:
      return SYNC_CLOSE_CODES.tooLarge;
    case 400:
    case 405:
    case 415:
      return SYNC_CLOSE_CODES.malformed;
    default:
      // A conflict or a server failure: the client reconnects later.
      return SYNC_CLOSE_CODES.goingAway;
  }
}
