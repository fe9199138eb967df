import { createHash } from 'node:crypto';
import {
  APPOINTMENT_PAGE_COUNT,
  idPrefixOf,
  isPatientData,
  newId,
  normalizeResource,
  ORG_TAG_SYSTEM,
  TRIAL_ENDED_MESSAGE,
  validateResource,
  validateResourceChange,
  withTestTag,
  type AuditInteraction,
  type Binary,
  type Bundle,
  type BundleEntry,
  type BundleLink,
  type FhirResource,
  type FhirResourceType,
  type Issue,
  type Meta,
} from '@vigil/shared';
import type { OrgPolicy } from '../access/index.js';
import { AppError, VersionConflictError } from '../errors.js';
import {
  ID_IN_OTHER_ORGANIZATION,
  ID_IN_OTHER_ORGANIZATION_MESSAGE,
  type IdOwnership,
} from '../store/resources/id-ownership.js';
import { writeAuditEvent } from './audit.js';
import type { OrgLiveEvent } from './live-events.js';
import { parseSearch, RESULT_PARAMS } from '../store/resources/search-params.js';
import { guardWrite, type SignedRecords, type Writer } from './signed-records.js';
import type { ResourceStore, SearchSort, StoredVersion } from '../store/resources/types.js';

/** Largest page a search or history call returns. */
export const MAX_PAGE_COUNT = 1000;

/** Who asks, for which organisation, and where the API lives (for fullUrl and paging links). */
export interface RequestContext {
  orgId: string;
  userId: string;
  ip: string | null;
  /** `{origin}/api/fhir/{orgId}` */
  baseUrl: string;
  /**
   * Set only by the signing flows for their own writes (finalize, an addendum, the admin
   * unfinalize, signing a health history): they may change a signed record. Never derived from a request.
   */
  reportWriter?: boolean;
  /**
   * Set only by the server's own flows that compose what they write (a comment and its author,
   * a form task, the patient's form link): they may write what only the server writes ([SG2]),
   * never a signed record. Never derived from a request; without it a write is a client's.
   */
  serverWriter?: boolean;
}

/** The guard's name for who writes (signed-records.ts). */
function writerOf(ctx: RequestContext): Writer {
  return ctx.reportWriter === true ? 'signer' : ctx.serverWriter === true ? 'server' : 'client';
}

export interface FhirServiceDeps {
  /**
   * Where resources live. The server's records every write in the change feed in the write's own
   * transaction (issue 36 item 3); live events hear of it once it committed (live-events.ts).
   */
  store: ResourceStore;
  now: () => number;
  /** The organisation's editing policy (access/ OrgPolicyOf, over the organisations' store). */
  orgPolicy: (orgId: string) => Promise<OrgPolicy | null> | OrgPolicy | null;
  /**
   * Who owns an id across organisations: a PUT that would create another organisation's id is
   * refused (409). The server always passes it (services.ts); unit tests of other
   * rules may leave it out.
   */
  ids?: IdOwnership;
  /** The storage's signed records for the write guard (guardWrite); passed by the server like `ids`. */
  signed?: SignedRecords;
}

export interface WriteResult {
  version: StoredVersion;
  created: boolean;
}

/** `W/"3"`, `"3"` or `3` → `3`; undefined when absent. */
export function parseIfMatch(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const m = /^\s*(?:W\/)?"?([^"]+)"?\s*$/.exec(header);
  if (!m) throw new AppError(400, 'INVALID_IF_MATCH', `Invalid If-Match: ${header}`);
  return m[1];
}

/** `_sort`: `_lastUpdated`, `-_lastUpdated` (the default), and `date` / `-date` where the type has a date. */
function parseSort(type: FhirResourceType, params: URLSearchParams): SearchSort | undefined {
  const raw = params.get('_sort');
  if (raw === null) return undefined;
  const descending = raw.startsWith('-');
  const by = descending ? raw.slice(1) : raw;
  if (by === '_lastUpdated') return { by, descending };
  if (by === 'date' && (type === 'Appointment' || type === 'Composition' || type === 'AuditEvent')) {
    return { by, descending };
  }
  throw new AppError(400, 'INVALID_SEARCH', `Cannot sort ${type} by ${raw}`);
}

function intParam(params: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw new AppError(400, 'INVALID_SEARCH', `Invalid ${name}: ${raw}`);
  return Math.min(Number(raw), max);
}

/** Without the server-owned parts of meta (versionId, lastUpdated, the organisation tag). */
function clientMeta(meta: Meta | undefined): Meta | undefined {
  if (!meta) return undefined;
  const { versionId: _v, lastUpdated: _l, ...rest } = meta;
  const tag = rest.tag?.filter((t) => t.system !== ORG_TAG_SYSTEM);
  const out: Meta = { ...rest, ...(tag ? { tag } : {}) };
  if (out.tag?.length === 0) delete out.tag;
  return Object.keys(out).length > 0 ? out : undefined;
}

function withOrgTag<T extends FhirResource>(resource: T, orgId: string): T {
  return {
    ...resource,
    meta: { ...resource.meta, tag: [...(resource.meta?.tag ?? []), { system: ORG_TAG_SYSTEM, code: orgId }] },
  };
}

/**
 * The FHIR API's domain logic (issue 5): validation at the edge with the spec's messages,
 * versioning, the organisation's editing policy, test patients while onboarding, an AuditEvent
 * for every read and write of patient data, and a change-feed record of every change (written by
 * the store in the write's transaction; live events are announced from it after the commit). The
 * route only maps HTTP to these calls. It is the one FHIR write path of the server (issue 36
 * item 3): the API, the projection, finalize, health histories, forms, comments and the
 * organisations' own resources (serverPut) write through it.
 */
export class FhirService {
  constructor(private readonly deps: FhirServiceDeps) {}

  private nowIso(): string {
    return new Date(this.deps.now()).toISOString();
  }

  private audit(
    ctx: RequestContext,
    interaction: AuditInteraction,
    entities: readonly string[],
    description?: string,
  ): Promise<void> {
    return writeAuditEvent(this.deps.store, {
      orgId: ctx.orgId,
      userId: ctx.userId,
      interaction,
      entities,
      recorded: this.nowIso(),
      ip: ctx.ip,
      ...(description ? { description } : {}),
    });
  }

  private checkWritableType(type: FhirResourceType): void {
    if (type === 'AuditEvent')
      throw new AppError(405, 'METHOD_NOT_ALLOWED', 'Audit events are written by the server only');
  }

  /**
   * The organisation's editing policy (spec 000 §4, rule SUB2): every write while it prevents
   * editing; once its trial ended or its subscription is not ok, only a new patient or case
   * (issue 35 item 2: what was begun is charted, signed and amended to the end).
   */
  private async checkEditable(ctx: RequestContext, type: FhirResourceType, isNew: boolean): Promise<void> {
    const blocked = (await this.deps.orgPolicy(ctx.orgId))?.writeBlocked({ type, isNew });
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
   * Every create, update and delete passes the one write guard (guardWrite): a signed record
   * refuses all but the signing flows, a client never writes what only the server writes.
   */
  private guard(
    ctx: RequestContext,
    type: FhirResourceType,
    id: string,
    stored: FhirResource | null,
    next: () => Promise<FhirResource | null>,
  ): Promise<FhirResource | null> {
    return guardWrite(this.deps.signed, { writer: writerOf(ctx), orgId: ctx.orgId, type, id, stored, next });
  }

  /**
   * A signed PDF is served only as it was signed (issue 24 item 1): its bytes must still have the
   * SHA-256 stored at signing, else the read fails (500 PDF_INTEGRITY_FAILED) rather than hand
   * out altered bytes as the signed record.
   */
  private async checkSignedPdf(ctx: RequestContext, version: StoredVersion): Promise<void> {
    if (version.resourceType !== 'Binary' || !version.resource) return;
    const expected = await this.deps.signed?.signedPdfSha256(ctx.orgId, version.id);
    if (!expected) return;
    const bytes = Buffer.from((version.resource as Binary).data ?? '', 'base64');
    if (createHash('sha256').update(bytes).digest('hex') !== expected) {
      throw new AppError(500, 'PDF_INTEGRITY_FAILED', 'This signed PDF no longer matches what was signed');
    }
  }

  /** An id another organisation owns is never created here (issue 24 item 2). */
  private async checkIdOwned(ctx: RequestContext, id: string): Promise<void> {
    if (await this.deps.ids?.belongsElsewhere(ctx.orgId, id)) {
      throw new AppError(409, ID_IN_OTHER_ORGANIZATION, ID_IN_OTHER_ORGANIZATION_MESSAGE);
    }
  }

  /** Body checks shared by create and update: an object of the URL's type, normalised and valid. */
  private async checkedBody(
    ctx: RequestContext,
    type: FhirResourceType,
    body: unknown,
    id: string,
    isNew: boolean,
  ): Promise<FhirResource & { id: string }> {
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
    if (isNew && type === 'Patient' && (await this.deps.orgPolicy(ctx.orgId))?.isOnboarding) {
      resource = withTestTag(resource);
    }
    resource = normalizeResource(resource);
    const issues: Issue[] = validateResource(resource);
    if (issues.length > 0) throw new AppError(400, 'INVALID_RESOURCE', issues[0]!.message, issues);
    return resource;
  }

  /**
   * A read of patient data that did not come through this API (a signed PDF downloaded by its
   * link), audited as the reader's like any other read.
   */
  async auditRead(ctx: RequestContext, entities: readonly string[], description: string): Promise<void> {
    await this.audit(ctx, 'read', entities, description);
  }

  /** Opening an organisation's live events reads its patient data as it changes: audited once per stream. */
  async auditLiveEvents(ctx: RequestContext): Promise<void> {
    await this.audit(ctx, 'search-type', [], `fhir-sse/org/${ctx.orgId}`);
  }

  /** A live event carrying patient data to one stream is a read by that stream's user. */
  async auditLiveDelivery(ctx: RequestContext, event: OrgLiveEvent): Promise<void> {
    if (event.action === 'DeleteResource' || !isPatientData(event.resourceType)) return;
    await this.audit(ctx, 'read', [`${event.resourceType}/${event.resourceId}`], `fhir-sse/org/${ctx.orgId}`);
  }

  async read(ctx: RequestContext, type: FhirResourceType, id: string): Promise<StoredVersion> {
    const version = await this.deps.store.read(ctx.orgId, type, id);
    if (!version) throw new AppError(404, 'NOT_FOUND', `${type}/${id} not found`);
    if (version.deleted) throw new AppError(410, 'DELETED', `${type}/${id} was deleted`);
    await this.checkSignedPdf(ctx, version);
    if (isPatientData(type)) await this.audit(ctx, 'read', [`${type}/${id}`]);
    return version;
  }

  async readVersion(
    ctx: RequestContext,
    type: FhirResourceType,
    id: string,
    versionId: string,
  ): Promise<StoredVersion> {
    const version = await this.deps.store.readVersion(ctx.orgId, type, id, versionId);
    if (!version) throw new AppError(404, 'NOT_FOUND', `${type}/${id}/_history/${versionId} not found`);
    if (version.deleted) throw new AppError(410, 'DELETED', `${type}/${id} version ${versionId} is a deletion`);
    await this.checkSignedPdf(ctx, version);
    if (isPatientData(type)) await this.audit(ctx, 'vread', [`${type}/${id}/_history/${versionId}`]);
    return version;
  }

  async create(ctx: RequestContext, type: FhirResourceType, body: unknown): Promise<WriteResult> {
    this.checkWritableType(type);
    await this.checkEditable(ctx, type, true);
    // FHIR create: the server assigns the id (PUT to a new id creates with the client's id).
    const id = newId(idPrefixOf(type));
    const resource = (await this.guard(ctx, type, id, null, () =>
      this.checkedBody(ctx, type, body, id, true),
    )) as FhirResource & { id: string };
    const version = await this.deps.store.transaction(async () => {
      const v = await this.deps.store.write(
        { orgId: ctx.orgId, resource: withOrgTag(resource, ctx.orgId), createOnly: true },
        this.nowIso(),
      );
      if (isPatientData(type)) await this.audit(ctx, 'create', [`${type}/${v.id}`]);
      return v;
    });
    return { version, created: true };
  }

  async update(
    ctx: RequestContext,
    type: FhirResourceType,
    id: string,
    body: unknown,
    ifMatch: string | undefined,
  ): Promise<WriteResult> {
    this.checkWritableType(type);
    await this.checkIdOwned(ctx, id);
    const current = await this.deps.store.read(ctx.orgId, type, id);
    const live = current && !current.deleted ? current : null;
    // A PUT to a new id creates: a new patient or case, which the policy may refuse.
    await this.checkEditable(ctx, type, live === null);
    const resource = (await this.guard(ctx, type, id, live?.resource ?? null, () => {
      const bodyId = (body as { id?: unknown } | null)?.id;
      if (bodyId !== undefined && bodyId !== id)
        throw new AppError(400, 'INVALID_RESOURCE', 'The body id must match the URL id');
      // A stale version is a conflict before the body: the client must reload, not fix its edit.
      if (ifMatch !== undefined && ifMatch !== (current?.versionId ?? '0'))
        throw new VersionConflictError(current?.versionId ?? '0');
      return this.checkedBody(ctx, type, body, id, live === null);
    })) as FhirResource & { id: string };
    if (live?.resource) {
      const issues = validateResourceChange(live.resource, resource);
      if (issues.length > 0) throw new AppError(400, 'INVALID_RESOURCE', issues[0]!.message, issues);
    }
    const version = await this.deps.store.transaction(async () => {
      const v = await this.deps.store.write(
        { orgId: ctx.orgId, resource: withOrgTag(resource, ctx.orgId), ifMatch },
        this.nowIso(),
      );
      if (isPatientData(type)) await this.audit(ctx, live ? 'update' : 'create', [`${type}/${id}`]);
      return v;
    });
    return { version, created: live === null };
  }

  /**
   * A resource the server composes for the organisation itself (a member's Practitioner, the
   * signed Business Associate Agreement; orgs/resources.ts): validated, guarded as the writer the
   * context names (`reportWriter` for a signature, else `serverWriter`), versioned, audited when
   * it is patient data and recorded in the change feed like every write. The organisation's
   * editing policy does not apply: setting up the organisation is not charting.
   */
  async serverPut(ctx: RequestContext, resource: FhirResource & { id: string }): Promise<WriteResult> {
    const type = resource.resourceType;
    this.checkWritableType(type);
    const current = await this.deps.store.read(ctx.orgId, type, resource.id);
    const live = current && !current.deleted ? current : null;
    const checked = (await this.guard(ctx, type, resource.id, live?.resource ?? null, () => {
      const issues = validateResource(resource);
      if (issues.length > 0) throw new AppError(400, 'INVALID_RESOURCE', issues[0]!.message, issues);
      return Promise.resolve(resource);
    })) as FhirResource & { id: string };
    const meta = clientMeta(checked.meta);
    const version = await this.deps.store.transaction(async () => {
      const v = await this.deps.store.write(
        { orgId: ctx.orgId, resource: withOrgTag({ ...checked, meta }, ctx.orgId) },
        this.nowIso(),
      );
      if (isPatientData(type)) await this.audit(ctx, live ? 'update' : 'create', [`${type}/${resource.id}`]);
      return v;
    });
    return { version, created: live === null };
  }

  async delete(
    ctx: RequestContext,
    type: FhirResourceType,
    id: string,
    ifMatch: string | undefined,
  ): Promise<StoredVersion | null> {
    this.checkWritableType(type);
    await this.checkEditable(ctx, type, false);
    const current = await this.deps.store.read(ctx.orgId, type, id);
    if (!current) throw new AppError(404, 'NOT_FOUND', `${type}/${id} not found`);
    if (current.deleted) return null;
    await this.guard(ctx, type, id, current.resource, () => Promise.resolve(null));
    const version = await this.deps.store.transaction(async () => {
      const v = await this.deps.store.delete(ctx.orgId, type, id, this.nowIso(), ifMatch);
      if (v && isPatientData(type)) await this.audit(ctx, 'delete', [`${type}/${id}`]);
      return v;
    });
    return version;
  }

  private links(url: string, params: URLSearchParams, offset: number, count: number, total: number): BundleLink[] {
    const base = new URLSearchParams();
    for (const [k, v] of params) if (!RESULT_PARAMS.has(k) || k === '_sort') base.append(k, v);
    const at = (o: number): string => {
      const p = new URLSearchParams(base);
      p.set('_count', String(count));
      p.set('_offset', String(o));
      return `${url}?${p.toString()}`;
    };
    const links: BundleLink[] = [
      { relation: 'self', url: at(offset) },
      { relation: 'first', url: at(0) },
    ];
    if (count > 0 && offset + count < total) links.push({ relation: 'next', url: at(offset + count) });
    if (offset > 0) links.push({ relation: 'previous', url: at(Math.max(0, offset - count)) });
    return links;
  }

  async search(ctx: RequestContext, type: FhirResourceType, params: URLSearchParams): Promise<Bundle> {
    const clauses = parseSearch(type, params);
    // spec 000 §9: a page of 50 unless _count says otherwise.
    const count = intParam(params, '_count', APPOINTMENT_PAGE_COUNT, MAX_PAGE_COUNT);
    const offset = intParam(params, '_offset', 0, Number.MAX_SAFE_INTEGER);
    const { total, items } = await this.deps.store.search(
      ctx.orgId,
      type,
      clauses,
      { offset, count },
      parseSort(type, params),
    );
    if (isPatientData(type)) {
      const query = new URLSearchParams([...params].filter(([k]) => k !== 'token')).toString();
      await this.audit(
        ctx,
        'search-type',
        items.map((r) => `${type}/${r.id}`),
        `${type}?${query}`,
      );
    }
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      total,
      link: this.links(`${ctx.baseUrl}/${type}`, params, offset, count, total),
      entry: items.map((resource) => ({
        fullUrl: `${ctx.baseUrl}/${type}/${resource.id}`,
        resource,
        search: { mode: 'match' },
      })),
    };
  }

  async history(ctx: RequestContext, type: FhirResourceType, id: string, params: URLSearchParams): Promise<Bundle> {
    const count = intParam(params, '_count', APPOINTMENT_PAGE_COUNT, MAX_PAGE_COUNT);
    const offset = intParam(params, '_offset', 0, Number.MAX_SAFE_INTEGER);
    const { total, items } = await this.deps.store.history(ctx.orgId, type, id, { offset, count });
    if (total === 0) throw new AppError(404, 'NOT_FOUND', `${type}/${id} not found`);
    if (isPatientData(type)) await this.audit(ctx, 'history-instance', [`${type}/${id}`]);
    const entry: BundleEntry[] = items.map((v) => ({
      fullUrl: `${ctx.baseUrl}/${type}/${id}`,
      ...(v.resource ? { resource: v.resource } : {}),
      request: v.deleted
        ? { method: 'DELETE', url: `${type}/${id}` }
        : v.versionId === '1'
          ? { method: 'POST', url: type }
          : { method: 'PUT', url: `${type}/${id}` },
      response: {
        status: v.deleted ? '204' : v.versionId === '1' ? '201' : '200',
        etag: `W/"${v.versionId}"`,
        lastModified: v.lastUpdated,
      },
    }));
    return {
      resourceType: 'Bundle',
      type: 'history',
      total,
      link: this.links(`${ctx.baseUrl}/${type}/${id}/_history`, params, offset, count, total),
      entry,
    };
  }
}
