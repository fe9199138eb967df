import type {
  PatientFormOpened,
  PatientFormRefusal,
  PatientFormSubmitted,
  PatientFormView,
  PatientLinkView,
} from '@vigil/shared';
import type { SubmitValue } from './submit.js';

/*
 * The patient's public form routes (no account; the link's token is the only secret), as
 * docs/architecture.md "Forms and consent" gives them:
 *   GET  /api/patient-forms/{token}          → { orgName, challenge, expiresAt, form | null }
 *   POST /api/patient-forms/{token}/open     { birthDate } → { form }
 *   POST /api/patient-forms/{token}/submit   { birthDate?, accepted: true, values } → { contractId }
 * Refusals answer { error } (LINK_NOT_FOUND, LINK_EXPIRED, LINK_USED, CHALLENGE_FAILED with
 * attemptsLeft, CHALLENGE_LOCKED, INVALID_INPUT, INCOMPLETE with missing).
 */

/** One form as the patient's link serves it (shared's view, the type the server answers with). */
export type PatientForm = PatientFormView;
export type PatientLink = PatientLinkView;

/** A refused or failed call: the server's code, the HTTP status and the rest of its answer. */
export class PatientFormError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly body: Omit<PatientFormRefusal, 'error'> = {},
  ) {
    super(code);
    this.name = 'PatientFormError';
  }
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/patient-forms/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      credentials: 'omit',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new PatientFormError('NETWORK_ERROR', 0);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  if (!response.ok) {
    const answer = (json ?? {}) as Partial<PatientFormRefusal>;
    throw new PatientFormError(answer.error ?? `REQUEST_ERROR_${response.status}`, response.status, answer);
  }
  return json as T;
}

export function fetchPatientLink(token: string): Promise<PatientLink> {
  return call<PatientLink>(encodeURIComponent(token));
}

export function openPatientForm(token: string, birthDate: string): Promise<PatientFormOpened> {
  return call(`${encodeURIComponent(token)}/open`, { birthDate });
}

export function submitPatientForm(
  token: string,
  body: { birthDate?: string; accepted: true; values: Record<string, SubmitValue> },
): Promise<PatientFormSubmitted> {
  return call(`${encodeURIComponent(token)}/submit`, body);
}
