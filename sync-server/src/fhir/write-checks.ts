/**
 * The checks a FHIR write passes before it is stored, split from fhir/service.ts (issue 36 item
 * 7): the writer the guard sees, the server-owned parts of meta stripped and the organisation
 * tag set, the body checked (its type, normalised, valid; a test patient while onboarding), the
 * editing policy's refusal, and a signed PDF's bytes against the hash stored at signing.
 */
import { createHash } from 'node:crypto';
import {
  emrLockdownBlock,
  EMR_LOCKDOWN_MESSAGE,
  EMR_LOCKED_TYPES,
  normalizeResource,
  ORG_TAG_SYSTEM,
  TRIAL_ENDED_MESSAGE,
  validateResource,
  withTestTag,
  type Binary,
  type FhirResource,
  type FhirResourceType,
  type Issue,
  type Meta,
} from '@vigil/shared';
import type { OrgPolicy } from '../access/index.js';
import { AppError } from '../errors.js';
import type { StoredVersion } from '../store/resources/types.js';
import type { SignedRecords, Writer } from './signed-records.js';
import type { RequestContext } from './service.js';

/** The guard's name for who writes (signed-records.ts). */
export function writerOf(ctx: RequestContext): Writer {
  return ctx.reportWriter === true ? 'signer' : ctx.serverWriter === true ? 'server' : 'client';
}

/** Without the server-owned parts of meta (versionId, lastUpdated, the organisation tag). */
export function clientMeta(meta: Meta | undefined): Meta | undefined {
  if (!meta) return undefined;
  const { versionId: _v, lastUpdated: _l, ...rest } = meta;
  const tag = rest.tag?.filter((t) => t.system !== ORG_TAG_SYSTEM);
  const out: Meta = { ...rest, ...(tag ? { tag } : {}) };
  if (out.tag?.length === 0) delete out.tag;
  return Object.keys(out).length > 0 ? out : undefined;
}

export function withOrgTag<T extends FhirResource>(resource: T, orgId: string): T {
  return {
    ...resource,
    meta: { ...resource.meta, tag: [...(resource.meta?.tag ?? []), { system: ORG_TAG_SYSTEM, code: orgId }] },
  };
}

/**
 * The organisation's editing policy (spec 000 §4, rule SUB2): every write while it prevents
 * editing; once its trial ended or its subscription is not ok, only a new patient or case
 * (issue 35 item 2: what was begun is charted, signed and amended to the end).
 */
export function checkEditable(policy: OrgPolicy | null, type: FhirResourceType, isNew: boolean): void {
  const blocked = policy?.writeBlocked({ type, isNew });
  if (blocked) {
    throw new AppError(
      423,
      blocked,
      blocked === 'EDITING_PREVENTED'
        ? 'This organization does not allow editing resources'
        : blocked === 'TRIAL_ENDED'
          ? TRIAL_ENDED_MESSAGE
          : 'Adding patients and cases needs an active subscription',
    );
  }
}

/**
 * [EMR1] emrLockdownMode: a person's write of a Patient or an Appointment is refused; an installed
 * app's token (its user is `app:{installationId}`: the EMR's bridge) and the server's own flows
 * (signing, form tasks, the SMART launch's import) pass.
 */
export async function checkEmrLockdown(
  lockdown: ((orgId: string) => Promise<boolean>) | undefined,
  ctx: RequestContext,
  type: FhirResourceType,
): Promise<void> {
  if (!lockdown || !EMR_LOCKED_TYPES.includes(type)) return;
  const writer = writerOf(ctx) !== 'client' ? 'server' : ctx.userId.startsWith('app:') ? 'emr' : 'user';
  if (emrLockdownBlock(await lockdown(ctx.orgId), { type, writer }))
    throw new AppError(403, 'EMR_LOCKDOWN', EMR_LOCKDOWN_MESSAGE);
}

/**
 * A signed PDF is served only as it was signed (issue 24 item 1): its bytes must still have the
 * SHA-256 stored at signing, else the read fails (500 PDF_INTEGRITY_FAILED) rather than hand
 * out altered bytes as the signed record.
 */
export async function checkSignedPdf(
  signed: Pick<SignedRecords, 'signedPdfSha256'> | undefined,
  ctx: RequestContext,
  version: StoredVersion,
): Promise<void> {
  if (version.resourceType !== 'Binary' || !version.resource) return;
  const expected = await signed?.signedPdfSha256(ctx.orgId, version.id);
  if (!expected) return;
  const bytes = Buffer.from((version.resource as Binary).data ?? '', 'base64');
  if (createHash('sha256').update(bytes).digest('hex') !== expected) {
    throw new AppError(500, 'PDF_INTEGRITY_FAILED', 'This signed PDF no longer matches what was signed');
  }
}

/**
 * Body checks shared by create and update: an object of the URL's type, normalised and valid;
 * `newTestPatient` (a new Patient while the organisation onboards) tags it a test patient (spec 000 §4).
 */
export function checkedBody(
  type: FhirResourceType,
  body: unknown,
  id: string,
  newTestPatient: boolean,
): FhirResource & { id: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(400, 'INVALID_RESOURCE', 'The body must be a JSON resource');
  }
  const given = body as Partial<FhirResource> & { id?: unknown };
  if (given.resourceType !== type) {
    throw new AppError(400, 'INVALID_RESOURCE', `The body's resourceType must be ${type}`);
  }
  let resource = { ...given, id } as FhirResource & { id: string };
  const meta = clientMeta(resource.meta);
  if (meta) resource.meta = meta;
  else delete resource.meta;
  // Spec 000 §4: onboarding organisations create test patients until they go live.
  if (newTestPatient) resource = withTestTag(resource);
  resource = normalizeResource(resource);
  const issues: Issue[] = validateResource(resource);
  if (issues.length > 0) throw new AppError(400, 'INVALID_RESOURCE', issues[0]!.message, issues);
  return resource;
}
