import { z } from 'zod';

/*
 * The office's EMR (issue 42; spec 000 §1, §3, §6): the SMART EHR launch into Vigil, the write-back
 * of the signed record, and emrLockdownMode. The pure rules the server enforces and the screens
 * explain.
 */

/** The resource types that come only from the EMR while emrLockdownMode is on. */
export const EMR_LOCKED_TYPES: readonly string[] = ['Patient', 'Appointment'];

/**
 * Who writes: a person through Vigil's screens or API ('user'), the EMR itself (an installed
 * app's token, the SMART launch's import: 'emr'), or the server's own flows ('server': signing,
 * form tasks).
 */
export type EmrWriter = 'user' | 'emr' | 'server';

/** [EMR1] The refusal's text: what a screen says and the server answers. */
export const EMR_LOCKDOWN_MESSAGE =
  'Patients and appointments come from your EMR in this organization (EMR lockdown mode): add or change them in the EMR.';

/**
 * [EMR1] With emrLockdownMode on, a person's create, update or delete of a Patient or an
 * Appointment through Vigil is refused (EMR_LOCKDOWN); the EMR's own writes and the server's
 * flows (signing a case, form tasks) pass. Null: allowed.
 */
export function emrLockdownBlock(
  lockdown: boolean,
  write: { readonly type: string; readonly writer: EmrWriter },
): 'EMR_LOCKDOWN' | null {
  if (!lockdown || write.writer !== 'user') return null;
  return EMR_LOCKED_TYPES.includes(write.type) ? 'EMR_LOCKDOWN' : null;
}

/**
 * An address the server may call or send a browser to: https, or http on this machine
 * (development, tests); a host, no credentials, no fragment, no whitespace.
 */
function isEmrAddress(value: string): boolean {
  return (
    /^(https:\/\/[A-Za-z0-9.-]+|http:\/\/(localhost|127\.0\.0\.1))(:\d{1,5})?(\/[^\s#@]*)?$/.test(value) &&
    ![...value].some((ch) => ch.charCodeAt(0) <= 0x1f || ch.charCodeAt(0) === 0x7f || ch === '\\')
  );
}

/** An EMR's FHIR base URL (its SMART `iss`), without a trailing slash. */
export function normalizeIss(iss: string): string {
  return iss.trim().replace(/\/+$/, '');
}

/**
 * [EMR2] An office's EMR connection: the EMR's FHIR base URL (`iss`: https, or http on
 * localhost; one office per iss), the client id Vigil is registered with at the EMR (1 to 200
 * characters) and, for a confidential client, its secret (1 to 500); null: a public client (PKCE only).
 */
export const emrConnectionSchema = z.object({
  iss: z.string().trim().max(2000).refine(isEmrAddress, 'The EMR address must be https').transform(normalizeIss),
  clientId: z.string().trim().min(1).max(200),
  clientSecret: z.string().min(1).max(500).nullable(),
});
export type EmrConnectionInput = z.infer<typeof emrConnectionSchema>;

/**
 * [EMR3] The SMART EHR launch's parameters (SMART App Launch 2.x §EHR launch): `iss` an address
 * as in EMR2, `launch` an opaque 1 to 2,000 characters.
 */
export const smartLaunchParamsSchema = z.object({
  iss: z.string().max(2000).refine(isEmrAddress).transform(normalizeIss),
  launch: z.string().min(1).max(2000),
});

/** The identifier system Vigil records an EMR's patient id under: `{iss}/Patient`. */
export function emrPatientSystem(iss: string): string {
  return `${normalizeIss(iss)}/Patient`;
}

/** The identifier system Vigil records an EMR's encounter id under, on the case's Appointment. */
export function emrEncounterSystem(iss: string): string {
  return `${normalizeIss(iss)}/Encounter`;
}

interface WithIdentifiers {
  identifier?: readonly { system?: string; value?: string }[];
}

/**
 * [EMR4] A Vigil patient is the EMR's patient when it carries the EMR's id under
 * `{iss}/Patient`, or shares one of the EMR patient's identifiers (same system and value, both
 * present); else the launch creates the patient.
 */
export function isSameEmrPatient(
  candidate: WithIdentifiers,
  emrPatient: WithIdentifiers & { id?: string },
  iss: string,
): boolean {
  const own = candidate.identifier ?? [];
  const system = emrPatientSystem(iss);
  if (emrPatient.id && own.some((i) => i.system === system && i.value === emrPatient.id)) return true;
  return (emrPatient.identifier ?? []).some(
    (e) => !!e.system && !!e.value && own.some((i) => i.system === e.system && i.value === e.value),
  );
}

/**
 * [EMR5] A failed write-back is tried again 10 s after its first attempt, the wait doubling up
 * to 1 hour, until 24 hours after the first attempt; then it is failed (shown on the
 * integrations screen, the local record unchanged). Null: no more attempts.
 */
export function nextWriteBackAttempt(firstAttemptAt: number, attempts: number, now: number): number | null {
  const wait = Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
  const at = now + wait;
  return at - firstAttemptAt > 24 * 60 * 60_000 ? null : at;
}

/** An office's EMR connection as GraphQL answers it: the secret never, only whether there is one. */
export const emrConnectionViewSchema = z.object({
  iss: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  /** Where the EMR sends the browser back (register it at the EMR) and where the EMR launches Vigil. */
  redirectPath: z.string(),
  launchPath: z.string(),
  updatedAt: z.number(),
});
export type EmrConnectionView = z.infer<typeof emrConnectionViewSchema>;

/** A signed record written back to the EMR, as the integrations screen lists it. */
export const emrWriteBackViewSchema = z.object({
  id: z.string(),
  compositionId: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  attempts: z.number(),
  nextAttemptAt: z.number().nullable(),
  lastError: z.string().nullable(),
  written: z.array(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type EmrWriteBackView = z.infer<typeof emrWriteBackViewSchema>;
export * from './write-back.js';
