import { createHash } from 'node:crypto';
import { emrEncounterSystem, emrPatientSystem, type WriteBackInput } from '@vigil/shared';
import { z } from 'zod';
import type { ReportStore } from '../store/reports/types.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { EmrConnection, EmrWriteBack } from '../store/smart/types.js';
import { caseDataAttachment } from '../sync/projection.js';

/** An EMR call waits at most this long. */
export const EMR_CALL_TIMEOUT_MS = 30_000;
/** The scopes the write-back asks the EMR for (SMART Backend Services, v2 scope syntax). */
export const WRITE_BACK_SCOPES = [
  'system/Patient.cr',
  'system/DocumentReference.c',
  'system/Composition.c',
  'system/Observation.c',
  'system/MedicationAdministration.c',
  'system/Procedure.c',
].join(' ');

/** A write-back attempt that did not go through: its text is kept as the write-back's lastError. */
export class WriteBackError extends Error {
  constructor(message: string) {
    super(message.slice(0, 1_000));
    this.name = 'WriteBackError';
  }
}

const configSchema = z.object({ token_endpoint: z.string().url() });
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });

interface Token {
  value: string;
  expiresAt: number;
}

/**
 * The EMR's access token for the write-back (decision, session 30): SMART Backend Services'
 * client-credentials grant at the token endpoint the EMR's `.well-known/smart-configuration`
 * names, authenticated with the connection's client id and secret (client_secret_basic, as the
 * launch's code exchange). A public client (no secret) cannot write back. Kept until a minute
 * before it expires, per connection.
 */
export class EmrTokens {
  private readonly tokens = new Map<string, Token>();

  constructor(private readonly deps: { fetch: typeof fetch; now: () => number; signal: AbortSignal }) {}

  async call(url: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await this.deps.fetch(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(EMR_CALL_TIMEOUT_MS), this.deps.signal]),
      });
    } catch (err) {
      const cause = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
      throw new WriteBackError(`The EMR could not be reached: ${cause}`);
    }
  }

  /** Forgets a connection's token (the EMR refused it). */
  forget(c: EmrConnection): void {
    this.tokens.delete(`${c.orgId} ${c.iss} ${c.clientId}`);
  }

  async token(c: EmrConnection): Promise<string> {
    const key = `${c.orgId} ${c.iss} ${c.clientId}`;
    const kept = this.tokens.get(key);
    if (kept && kept.expiresAt > this.deps.now()) return kept.value;
    if (c.clientSecret === null)
      throw new WriteBackError('The EMR connection has no client secret: the write-back needs a confidential client');
    const configRes = await this.call(`${c.iss}/.well-known/smart-configuration`, {
      headers: { accept: 'application/json' },
    });
    const config = configSchema.safeParse(await configRes.json().catch(() => null));
    if (!configRes.ok || !config.success)
      throw new WriteBackError(`The EMR's SMART configuration was not usable (HTTP ${configRes.status})`);
    const basic = Buffer.from(`${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`).toString(
      'base64',
    );
    const res = await this.call(config.data.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Basic ${basic}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: WRITE_BACK_SCOPES }).toString(),
    });
    const token = tokenSchema.safeParse(await res.json().catch(() => null));
    if (!res.ok || !token.success) throw new WriteBackError(`The EMR refused a token (HTTP ${res.status})`);
    const lifetime = (token.data.expires_in ?? 300) * 1000;
    this.tokens.set(key, { value: token.data.access_token, expiresAt: this.deps.now() + lifetime - 60_000 });
    return token.data.access_token;
  }
}

const idOf = (reference: unknown, type: string): string | null => {
  const r = typeof reference === 'string' ? reference : '';
  return r.startsWith(`${type}/`) ? r.slice(type.length + 1) : null;
};

interface WithIdentifiers {
  identifier?: { system?: string; value?: string }[];
}

/**
 * What a write-back writes, read from what the server holds: the signed PDF (its record and
 * Binary), the signed Composition's content, the patient and the appointment (the EMR's patient
 * and encounter ids, EMR4). A case whose PDF or Composition is gone (unfinalized meanwhile) fails.
 */
export async function writeBackInput(
  deps: { resources: ResourceStore; reports: Pick<ReportStore, 'pdf'> },
  connection: EmrConnection,
  w: EmrWriteBack,
  pdfId: string,
): Promise<WriteBackInput> {
  const { resources, reports } = deps;
  const record = await reports.pdf(w.orgId, pdfId);
  const binary = (await resources.read(w.orgId, 'Binary', pdfId))?.resource as { data?: string } | null | undefined;
  const composition = (await resources.read(w.orgId, 'Composition', w.compositionId))?.resource;
  if (!record || !binary?.data || !composition) throw new WriteBackError('The signed record is no longer stored');
  const caseData = caseDataAttachment(composition as { extension?: [] });
  const content: unknown = caseData?.data ? JSON.parse(Buffer.from(caseData.data, 'base64').toString('utf8')) : {};
  const patientId = idOf((composition as { subject?: { reference?: string } }).subject?.reference, 'Patient');
  const patient = patientId ? (await resources.read(w.orgId, 'Patient', patientId))?.resource : null;
  if (!patientId || !patient) throw new WriteBackError("The case's patient is not stored");
  const appointment = (await resources.read(w.orgId, 'Appointment', w.compositionId))?.resource as
    WithIdentifiers | null | undefined;
  const own = (resource: WithIdentifiers | null | undefined, system: string): string | null =>
    resource?.identifier?.find((i) => i.system === system && i.value)?.value ?? null;
  const bytes = Buffer.from(binary.data, 'base64');
  const p = patient as WriteBackInput['patient'] & WithIdentifiers;
  return {
    event: w.event === 'addendum.signed' ? 'addendum.signed' : 'case.finalized',
    caseId: w.compositionId,
    emrPatientId: own(p, emrPatientSystem(connection.iss)),
    patient: {
      id: patientId,
      name: p.name,
      gender: p.gender,
      birthDate: p.birthDate,
      // Only identifiers of other systems than the EMR's and Vigil's own internal ones.
      identifier: (p.identifier ?? []).filter((i) => i.system && !i.system.startsWith('https://vigil.health/')),
    },
    emrEncounterId: own(appointment, emrEncounterSystem(connection.iss)),
    pdf: {
      id: pdfId,
      data: binary.data,
      size: bytes.byteLength,
      sha1: createHash('sha1').update(bytes).digest('base64'),
      title: record.title,
    },
    signerName: record.signerName,
    signatureTime: record.signatureTime,
    content,
  };
}
