import {
  appointmentSedationLevel,
  idPrefixOf,
  isPatientData,
  newId,
  validateResource,
  validateResourceChange,
  type AuditInteraction,
  type Bundle,
  type FhirResource,
  type FhirResourceType,
} from '@vigil/shared';
import { auditTrail, recorded, type AuditEntry, type AuditTrail } from '../access/audited.js';
import type { OrgPolicy } from '../access/index.js';
import { AppError, VersionConflictError } from '../errors.js';
import {
  ID_IN_OTHER_ORGANIZATION,
  ID_IN_OTHER_ORGANIZATION_MESSAGE,
  type IdOwnership,
} from '../store/resources/id-ownership.js';
import type { OrgLiveEvent } from './live-events.js';
import { historyBundle, pageParams, parseSort, searchBundle } from './bundles.js';
import { parseSearch } from '../store/resources/search-params.js';
import { guardWrite, type SignedRecords } from './signed-records.js';
import { checkAppointmentChange, type CaseStates } from './appointment-guard.js';
import type { ResourceStore, StoredVersion } from '../store/resources/types.js';
import {
  checkEditable,
  checkedBody,
  checkEmrLockdown,
  checkSignedPdf,
  clientMeta,
  withOrgTag,
  writerOf,
} from './write-checks.js';

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
  /**
   * The deepest sedation level the organisation may start a case with (access/entitlements.ts:
   * its plan tier and its sedationLevelLimit flag; issue 37): an Appointment written with a level
   * deeper than that, new or changed, is refused. The server passes it; unit tests may leave it out.
   */
  sedationLevels?: { requireSedationLevel(orgId: string, level: string | null): Promise<void> };
  /**
   * Whether a case has started (issue 40: its Appointment's schedule then stays, [APC2]). The
   * server passes the rooms' copy (appointments/case-states.ts); unit tests may leave it out.
   */
  caseStates?: CaseStates;
  /** Whether the organisation's emrLockdownMode is on ([EMR1]); unit tests may leave it out. */
  emrLockdown?: (orgId: string) => Promise<boolean>;
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
  /**
   * Its AuditEvents, written by the audit pipeline (access/audited.ts) as the context's user: a
   * write's in the write's own transaction on this store, a read's once the read answered.
   */
  private readonly trail: AuditTrail;

  constructor(private readonly deps: FhirServiceDeps) {
    this.trail = auditTrail({
      resources: deps.store,
      transaction: (fn) => deps.store.transaction(fn),
      now: deps.now,
    });
  }

  private nowIso(): string {
    return new Date(this.deps.now()).toISOString();
  }

  /** The AuditEvent of an access to patient data (none for other types: `phi` answers it only for patient data). */
  private static entry(
    ctx: RequestContext,
    interaction: AuditInteraction,
    entities: readonly string[],
    description?: string,
  ): AuditEntry {
    return { trail: 'fhir', orgId: ctx.orgId, interaction, entities, ...(description ? { description } : {}) };
  }

  /** The AuditEvent of an access to a resource of `type`: one when it is patient data, else none. */
  private static phi(
    ctx: RequestContext,
    type: FhirResourceType,
    interaction: AuditInteraction,
    entities: readonly string[],
    description?: string,
  ): AuditEntry[] {
    return isPatientData(type) ? [FhirService.entry(ctx, interaction, entities, description)] : [];
  }

  private checkWritableType(type: FhirResourceType): void {
    if (type === 'AuditEvent')
      throw new AppError(405, 'METHOD_NOT_ALLOWED', 'Audit events are written by the server only');
  }
  /** The organisation's editing policy (write-checks.ts checkEditable). */
  private async checkEditable(ctx: RequestContext, type: FhirResourceType, isNew: boolean): Promise<void> {
    checkEditable(await this.deps.orgPolicy(ctx.orgId), type, isNew);
    await checkEmrLockdown(this.deps.emrLockdown, ctx, type);
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
  /** A signed PDF is served only as it was signed (write-checks.ts checkSignedPdf). */
  private async checkSignedPdf(ctx: RequestContext, version: StoredVersion): Promise<void> {
    await checkSignedPdf(this.deps.signed, ctx, version);
  }

  /**
   * A case (Appointment) whose sedation level is new or changed must be one the organisation may
   * start (issue 37); a case kept at its level charts on after a downgrade.
   */
  private async checkSedationLevel(
    ctx: RequestContext,
    resource: FhirResource,
    stored: FhirResource | null,
  ): Promise<void> {
    if (resource.resourceType !== 'Appointment' || !this.deps.sedationLevels) return;
    const level = appointmentSedationLevel(resource);
    const before = stored?.resourceType === 'Appointment' ? appointmentSedationLevel(stored) : null;
    if (level !== null && level !== before) await this.deps.sedationLevels.requireSedationLevel(ctx.orgId, level);
  }

  /**
   * A client's change of an Appointment obeys the appointment rules (issue 40, APC1-APC3): the
   * desk's operations and a plain PUT or DELETE meet them here, in one place. The server's own
   * flows (form tasks, finalize) compose what they write and are not the desk.
   */
  private async checkAppointmentChange(
    ctx: RequestContext,
    stored: FhirResource | null,
    next: FhirResource | null,
  ): Promise<void> {
    if (writerOf(ctx) === 'client') await checkAppointmentChange(this.deps.caseStates, ctx.orgId, stored, next);
  }

  /** An id another organisation owns is never created here (issue 24 item 2). */
  private async checkIdOwned(ctx: RequestContext, id: string): Promise<void> {
    if (await this.deps.ids?.belongsElsewhere(ctx.orgId, id)) {
      throw new AppError(409, ID_IN_OTHER_ORGANIZATION, ID_IN_OTHER_ORGANIZATION_MESSAGE);
    }
  }

  /** Body checks shared by create and update: an object of the URL's type, normalised and valid. */ private async checkedBody(
    ctx: RequestContext,
    type: FhirResourceType,
    body: unknown,
    id: string,
    isNew: boolean,
  ): Promise<FhirResource & { id: string }> {
    const given = body as { resourceType?: unknown } | null;
    const newTestPatient =
      isNew &&
      type === 'Patient' &&
      given?.resourceType === type &&
      (await this.deps.orgPolicy(ctx.orgId))?.isOnboarding === true;
    return checkedBody(type, body, id, newTestPatient);
  }

  /**
   * A read of patient data that did not come through this API (a signed PDF downloaded by its
   * link), audited as the reader's like any other read.
   */
  auditRead(ctx: RequestContext, entities: readonly string[], description: string): Promise<void> {
    return this.trail.record(ctx, [FhirService.entry(ctx, 'read', entities, description)]);
  }

  /** Opening an organisation's live events reads its patient data as it changes: audited once per stream. */
  auditLiveEvents(ctx: RequestContext): Promise<void> {
    return this.trail.record(ctx, [FhirService.entry(ctx, 'search-type', [], `fhir-sse/org/${ctx.orgId}`)]);
  }

  /** A live event carrying patient data to one stream is a read by that stream's user. */
  auditLiveDelivery(ctx: RequestContext, event: OrgLiveEvent): Promise<void> {
    if (event.action === 'DeleteResource') return Promise.resolve();
    const entity = `${event.resourceType}/${event.resourceId}`;
    return this.trail.record(
      ctx,
      FhirService.phi(ctx, event.resourceType, 'read', [entity], `fhir-sse/org/${ctx.orgId}`),
    );
  }

  read(ctx: RequestContext, type: FhirResourceType, id: string): Promise<StoredVersion> {
    return this.trail.read(ctx, async () => {
      const version = await this.deps.store.read(ctx.orgId, type, id);
      if (!version) throw new AppError(404, 'NOT_FOUND', `${type}/${id} not found`);
      if (version.deleted) throw new AppError(410, 'DELETED', `${type}/${id} was deleted`);
      await this.checkSignedPdf(ctx, version);
      return recorded(version, ...FhirService.phi(ctx, type, 'read', [`${type}/${id}`]));
    });
  }

  readVersion(ctx: RequestContext, type: FhirResourceType, id: string, versionId: string): Promise<StoredVersion> {
    return this.trail.read(ctx, async () => {
      const version = await this.deps.store.readVersion(ctx.orgId, type, id, versionId);
      if (!version) throw new AppError(404, 'NOT_FOUND', `${type}/${id}/_history/${versionId} not found`);
      if (version.deleted) throw new AppError(410, 'DELETED', `${type}/${id} version ${versionId} is a deletion`);
      await this.checkSignedPdf(ctx, version);
      return recorded(version, ...FhirService.phi(ctx, type, 'vread', [`${type}/${id}/_history/${versionId}`]));
    });
  }

  async create(ctx: RequestContext, type: FhirResourceType, body: unknown): Promise<WriteResult> {
    this.checkWritableType(type);
    await this.checkEditable(ctx, type, true);
    // FHIR create: the server assigns the id (PUT to a new id creates with the client's id).
    const id = newId(idPrefixOf(type));
    const resource = (await this.guard(ctx, type, id, null, () =>
      this.checkedBody(ctx, type, body, id, true),
    )) as FhirResource & { id: string };
    await this.checkSedationLevel(ctx, resource, null);
    const version = await this.trail.change(ctx, async () => {
      const v = await this.deps.store.write(
        { orgId: ctx.orgId, resource: withOrgTag(resource, ctx.orgId), createOnly: true },
        this.nowIso(),
      );
      return recorded(v, ...FhirService.phi(ctx, type, 'create', [`${type}/${v.id}`]));
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
    await this.checkAppointmentChange(ctx, live?.resource ?? null, resource);
    await this.checkSedationLevel(ctx, resource, live?.resource ?? null);
    const version = await this.trail.change(ctx, async () => {
      const v = await this.deps.store.write(
        { orgId: ctx.orgId, resource: withOrgTag(resource, ctx.orgId), ifMatch },
        this.nowIso(),
      );
      return recorded(v, ...FhirService.phi(ctx, type, live ? 'update' : 'create', [`${type}/${id}`]));
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
    const version = await this.trail.change(ctx, async () => {
      const v = await this.deps.store.write(
        { orgId: ctx.orgId, resource: withOrgTag({ ...checked, meta }, ctx.orgId) },
        this.nowIso(),
      );
      return recorded(v, ...FhirService.phi(ctx, type, live ? 'update' : 'create', [`${type}/${resource.id}`]));
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
    await this.checkAppointmentChange(ctx, current.resource, null);
    return this.trail.change(ctx, async () => {
      const v = await this.deps.store.delete(ctx.orgId, type, id, this.nowIso(), ifMatch);
      return recorded(v, ...(v ? FhirService.phi(ctx, type, 'delete', [`${type}/${id}`]) : []));
    });
  }
  search(ctx: RequestContext, type: FhirResourceType, params: URLSearchParams): Promise<Bundle> {
    return this.trail.read(ctx, async () => {
      const clauses = parseSearch(type, params);
      const page = pageParams(params);
      const found = await this.deps.store.search(ctx.orgId, type, clauses, page, parseSort(type, params));
      const query = new URLSearchParams([...params].filter(([k]) => k !== 'token')).toString();
      const entities = found.items.map((r) => `${type}/${r.id}`);
      return recorded(
        searchBundle(ctx.baseUrl, type, params, page, found),
        ...FhirService.phi(ctx, type, 'search-type', entities, `${type}?${query}`),
      );
    });
  }

  history(ctx: RequestContext, type: FhirResourceType, id: string, params: URLSearchParams): Promise<Bundle> {
    return this.trail.read(ctx, async () => {
      const page = pageParams(params);
      const found = await this.deps.store.history(ctx.orgId, type, id, page);
      if (found.total === 0) throw new AppError(404, 'NOT_FOUND', `${type}/${id} not found`);
      return recorded(
        historyBundle(ctx.baseUrl, type, id, params, page, found),
        ...FhirService.phi(ctx, type, 'history-instance', [`${type}/${id}`]),
      );
    });
  }
}
