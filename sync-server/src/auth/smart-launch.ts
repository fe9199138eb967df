/**
 * The SMART App Launch 2.x EHR launch into Vigil (issue 42): the EMR opens
 * `/launch?iss=…&launch=…`; the server reads the EMR's `.well-known/smart-configuration`, sends the
 * browser to its authorize endpoint with PKCE (S256), exchanges the code at its token endpoint as
 * a confidential client (or a public one), and opens the launch's patient (matched by identifier
 * or created, shared EMR4) and encounter (the case) in a single-organisation session with the
 * EMR launch's session rules (auth/emr.ts). Only an `iss` an office has configured as its EMR
 * connection is ever fetched (shared EMR2): the launch cannot make the server call any address.
 */
import {
  ANESTHESIA_RECORD_TYPE,
  APPOINTMENT_EXTENSIONS,
  emrEncounterSystem,
  emrPatientSystem,
  isSameEmrPatient,
  MINUTE,
  newId,
  normalizeEmail,
  smartLaunchParamsSchema,
  type Appointment,
  type Composition,
  type Patient,
} from '@vigil/shared';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Accounts } from './accounts.js';
import type { RequestMeta } from './audit.js';
import { EMR_LAUNCH, type EmrLaunched } from './emr.js';
import { newSessionId } from './sessions.js';
import { AppError } from '../errors.js';
import type { FhirService, RequestContext } from '../fhir/service.js';
import type { EmrConnection, EmrConnectionStore } from '../store/smart/types.js';

export const SMART_LAUNCH = {
  /** A launch waits at most this long for the EMR's answer. */
  stateLifetimeMs: 10 * MINUTE,
  /** What Vigil asks of the EMR at launch: the context, who the user is, the patient and encounter. */
  scope: 'launch openid fhirUser patient/Patient.rs patient/Encounter.rs',
  /** Each call to the EMR waits at most this long. */
  timeoutMs: 10_000,
} as const;

const smartConfigurationSchema = z.object({
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  patient: z.string().min(1).max(64).optional(),
  encounter: z.string().min(1).max(64).optional(),
  id_token: z.string().optional(),
});

const base64url = (bytes: Buffer): string => bytes.toString('base64url');

/** The claims of an ID token received straight from the token endpoint over TLS (OpenID Connect Core §3.1.3.7 item 6). */
function idTokenClaims(idToken: string | undefined): Record<string, unknown> {
  const payload = idToken?.split('.')[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export interface SmartLaunchDeps {
  store: EmrConnectionStore;
  accounts: Accounts;
  fhir: Pick<FhirService, 'search' | 'update'>;
  /** How the EMR is called (globalThis.fetch in the server). */
  fetch?: typeof fetch;
}

/** Why a launch was refused (audited; the browser sees the refusal page). */
export class SmartLaunchRefused extends Error {}

export class SmartLaunch {
  constructor(private readonly deps: SmartLaunchDeps) {}

  private async call(url: string, init: RequestInit = {}): Promise<unknown> {
    const res = await (this.deps.fetch ?? fetch)(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(SMART_LAUNCH.timeoutMs),
      headers: { accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
    });
    if (!res.ok) throw new SmartLaunchRefused(`emrAnswered${res.status}`);
    return res.json();
  }

  private async refuse(meta: RequestMeta, reason: string, email: string | null = null): Promise<null> {
    const { accounts } = this.deps;
    await accounts.audit.record(accounts.now(), meta, {
      action: 'emrLaunch',
      outcome: 'failure',
      email,
      detail: { reason, via: 'smart' },
    });
    return null;
  }

  /**
   * Step 1: the EMR's launch. Answers the EMR's authorize address to send the browser to, or null
   * (refused and audited) for an unknown EMR or one that does not speak SMART with PKCE.
   */
  async begin(
    query: { iss?: string; launch?: string },
    redirectUri: string,
    meta: RequestMeta,
  ): Promise<string | null> {
    const params = smartLaunchParamsSchema.safeParse(query);
    if (!params.success) return this.refuse(meta, 'invalidLaunch');
    const { iss, launch } = params.data;
    const connection = await this.deps.store.connectionByIss(iss);
    if (!connection) return this.refuse(meta, 'unknownEmr');
    let config: z.infer<typeof smartConfigurationSchema>;
    try {
      config = smartConfigurationSchema.parse(await this.call(`${iss}/.well-known/smart-configuration`));
    } catch {
      return this.refuse(meta, 'noSmartConfiguration');
    }
    if (config.code_challenge_methods_supported && !config.code_challenge_methods_supported.includes('S256'))
      return this.refuse(meta, 'noPkce');
    const now = this.deps.accounts.now();
    const state = base64url(randomBytes(32));
    const codeVerifier = base64url(randomBytes(32));
    await this.deps.store.saveLaunch({
      state,
      orgId: connection.orgId,
      iss,
      launch,
      codeVerifier,
      tokenEndpoint: config.token_endpoint,
      redirectUri,
      createdAt: now,
      expiresAt: now + SMART_LAUNCH.stateLifetimeMs,
    });
    const url = new URL(config.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: connection.clientId,
      redirect_uri: redirectUri,
      launch,
      scope: SMART_LAUNCH.scope,
      state,
      aud: iss,
      code_challenge: base64url(createHash('sha256').update(codeVerifier).digest()),
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  /**
   * Step 2: the EMR's answer at the redirect URI. Exchanges the code, finds the Vigil user the EMR
   * names (its fhirUser's email, a member of the office), opens the patient and the case, and
   * starts the single-organisation session; null (audited) when any of it fails.
   */
  async complete(query: { code?: string; state?: string }, meta: RequestMeta): Promise<EmrLaunched | null> {
    const { accounts, store } = this.deps;
    const now = accounts.now();
    if (!query.code || !query.state || query.code.length > 4000 || query.state.length > 200)
      return this.refuse(meta, 'invalidAnswer');
    const launch = await store.takeLaunch(query.state, now);
    if (!launch) return this.refuse(meta, 'unknownState');
    const connection = await store.connection(launch.orgId);
    if (!connection || connection.iss !== launch.iss) return this.refuse(meta, 'unknownEmr');
    try {
      const token = await this.exchange(connection, launch.tokenEndpoint, {
        grant_type: 'authorization_code',
        code: query.code,
        redirect_uri: launch.redirectUri,
        code_verifier: launch.codeVerifier,
      });
      const bearer = { authorization: `Bearer ${token.access_token}` };
      const email = await this.userEmail(connection.iss, token.id_token, bearer);
      if (!email) return this.refuse(meta, 'unknownUser');
      const user = await accounts.userForEmrLaunch(email);
      if (!user) return this.refuse(meta, 'unknownUser', email);
      const memberships = await accounts.sessions.memberships(user.id);
      if (!memberships.some((m) => m.id === launch.orgId)) return this.refuse(meta, 'notAMember', email);
      const ctx: RequestContext = {
        orgId: launch.orgId,
        userId: user.id,
        ip: meta.ip,
        baseUrl: '',
        serverWriter: true,
      };
      let path = `/org/${encodeURIComponent(launch.orgId)}`;
      if (token.patient) {
        const emrPatient = (await this.call(`${connection.iss}/Patient/${encodeURIComponent(token.patient)}`, {
          headers: bearer,
        })) as Patient;
        const patientId = await this.openPatient(ctx, connection.iss, { ...emrPatient, id: token.patient });
        path = `${path}/patients/${encodeURIComponent(patientId)}`;
        if (token.encounter) {
          const encounter = (await this.call(`${connection.iss}/Encounter/${encodeURIComponent(token.encounter)}`, {
            headers: bearer,
          })) as { period?: { start?: string; end?: string } };
          const caseId = await this.openCase(ctx, connection.iss, patientId, token.encounter, encounter.period);
          path = `/org/${encodeURIComponent(launch.orgId)}/cases/${encodeURIComponent(caseId)}`;
        }
      }
      await accounts.keepEmrEmail(user.id, email);
      const session = await accounts.sessions.start(
        user.id,
        now,
        { id: newSessionId(), ...meta },
        {
          lifetimeMs: EMR_LAUNCH.sessionLifetimeMs,
          singleOrg: launch.orgId,
          multiFactorExpiresAt: now + EMR_LAUNCH.sessionLifetimeMs,
        },
      );
      await accounts.audit.record(now, meta, {
        action: 'emrLaunch',
        outcome: 'success',
        userId: user.id,
        email,
        detail: { orgId: launch.orgId, via: 'smart' },
      });
      return { user, session: session.row, token: session.token, path, returnUrl: null };
    } catch (err) {
      // The audit says why: the EMR's answer, a refusal of the office's rules (an AppError's code), or the network.
      const reason =
        err instanceof SmartLaunchRefused ? err.message : err instanceof AppError ? err.code : 'emrUnreachable';
      return this.refuse(meta, reason);
    }
  }

  /** A token request at the EMR: client_secret_basic for a confidential client, else the client id in the form. */
  private async exchange(
    connection: EmrConnection,
    tokenEndpoint: string,
    form: Record<string, string>,
  ): Promise<z.infer<typeof tokenSchema>> {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    const body = new URLSearchParams(form);
    if (connection.clientSecret) {
      const pair = `${encodeURIComponent(connection.clientId)}:${encodeURIComponent(connection.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    } else body.set('client_id', connection.clientId);
    const answer = tokenSchema.safeParse(await this.call(tokenEndpoint, { method: 'POST', headers, body }));
    if (!answer.success || answer.data.token_type.toLowerCase() !== 'bearer') throw new SmartLaunchRefused('badToken');
    return answer.data;
  }

  /** The launching user's email: their fhirUser's (Practitioner) email at the EMR, else the ID token's. */
  private async userEmail(
    iss: string,
    idToken: string | undefined,
    bearer: Record<string, string>,
  ): Promise<string | null> {
    const claims = idTokenClaims(idToken);
    const fhirUser = typeof claims.fhirUser === 'string' ? claims.fhirUser : null;
    if (
      fhirUser &&
      /^(https?:\/\/[^\s]+\/)?(Practitioner|Person|RelatedPerson)\/[A-Za-z0-9\-.]{1,64}$/.test(fhirUser)
    ) {
      const url = fhirUser.startsWith('http') ? fhirUser : `${iss}/${fhirUser}`;
      // Only the EMR's own server is called with its token.
      if (url.startsWith(`${iss}/`)) {
        const person = (await this.call(url, { headers: bearer })) as {
          telecom?: { system?: string; value?: string }[];
        };
        const email = person.telecom?.find((t) => t.system === 'email' && t.value)?.value;
        if (email) return normalizeEmail(email);
      }
    }
    return typeof claims.email === 'string' ? normalizeEmail(claims.email) : null;
  }

  /** [EMR4] The office's patient for the EMR's: matched by identifier, else created from the EMR's name, sex and birth date. */
  private async openPatient(ctx: RequestContext, iss: string, emr: Patient & { id: string }): Promise<string> {
    const { fhir } = this.deps;
    const candidates = [
      `${emrPatientSystem(iss)}|${emr.id}`,
      ...(emr.identifier ?? []).filter((i) => i.system && i.value).map((i) => `${i.system}|${i.value}`),
    ];
    for (const identifier of candidates) {
      const found = await fhir.search(ctx, 'Patient', new URLSearchParams({ identifier }));
      const match = (found.entry ?? [])
        .map((e) => e.resource as Patient & { id: string })
        .find((p) => isSameEmrPatient(p, emr, iss));
      if (match) return match.id;
    }
    const id = newId('pat');
    const patient: Patient = {
      resourceType: 'Patient',
      id,
      identifier: [
        { system: emrPatientSystem(iss), value: emr.id },
        ...(emr.identifier ?? [])
          .filter((i) => i.system && i.value)
          .map((i) => ({ system: i.system!, value: i.value! })),
      ],
      ...(emr.name
        ? {
            name: emr.name.map((n) => ({
              ...(n.family ? { family: n.family } : {}),
              ...(n.given ? { given: n.given } : {}),
            })),
          }
        : {}),
      ...(emr.gender ? { gender: emr.gender } : {}),
      ...(emr.birthDate ? { birthDate: emr.birthDate } : {}),
    };
    await fhir.update(ctx, 'Patient', id, patient, undefined);
    return id;
  }

  /** The case of the EMR's encounter: the Appointment carrying its id, else a new case booked by the launching user. */
  private async openCase(
    ctx: RequestContext,
    iss: string,
    patientId: string,
    encounterId: string,
    period: { start?: string; end?: string } | undefined,
  ): Promise<string> {
    const { fhir } = this.deps;
    const identifier = { system: emrEncounterSystem(iss), value: encounterId };
    const found = await fhir.search(
      ctx,
      'Appointment',
      new URLSearchParams({ identifier: `${identifier.system}|${identifier.value}` }),
    );
    const existing = found.entry?.find((e) => e.resource?.id)?.resource;
    if (existing?.id) return existing.id;
    const id = newId('apt');
    const startMs = Date.parse(period?.start ?? '');
    const start = new Date(Number.isNaN(startMs) ? this.deps.accounts.now() : startMs);
    const endMs = Date.parse(period?.end ?? '');
    const end = new Date(Number.isNaN(endMs) || endMs <= start.getTime() ? start.getTime() + 60 * MINUTE : endMs);
    const appointment: Appointment = {
      resourceType: 'Appointment',
      id,
      identifier: [identifier],
      status: 'booked',
      start: start.toISOString(),
      end: end.toISOString(),
      created: new Date(this.deps.accounts.now()).toISOString(),
      participant: [
        { actor: { reference: `Patient/${patientId}` }, status: 'accepted' },
        { actor: { reference: `Practitioner/${ctx.userId}` }, status: 'accepted' },
      ],
      extension: [{ url: APPOINTMENT_EXTENSIONS.composition, valueReference: { reference: `Composition/${id}` } }],
    };
    const composition: Composition = {
      resourceType: 'Composition',
      id,
      status: 'preliminary',
      type: { coding: [{ ...ANESTHESIA_RECORD_TYPE }] },
      subject: { reference: `Patient/${patientId}` },
      date: new Date(this.deps.accounts.now()).toISOString(),
      author: [{ reference: `Practitioner/${ctx.userId}` }],
      title: 'Anesthesia Record',
    };
    await fhir.update(ctx, 'Appointment', id, appointment, undefined);
    await fhir.update(ctx, 'Composition', id, composition, undefined);
    return id;
  }
}
