import {
  COMPOSITION_EXTENSIONS,
  isHealthHistory,
  vigilExtension,
  type Composition,
  type Extension,
} from '@vigil/shared';
import type { Logger } from '../log.js';
import { AppError } from '../errors.js';
import type { FhirService } from '../fhir/service.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { RoomAddress } from './protocol.js';
import { encodeCaseData, type EncodedCaseData } from './case-check.js';

/**
 * The Composition extension that carries a case document's content (spec 001 §3 "caseData"):
 * a valueAttachment of the canonical JSON (contentType application/json), with its size and
 * its SHA-1 (FHIR Attachment.hash, base64): the same digest, over the same bytes, as the
 * document's contentHash (hex).
 */
export const CASE_DATA_EXTENSION = vigilExtension('composition-case-data');

/** The projection of one room's content, handed over by the rooms after saves. */
export interface ProjectionInput {
  address: RoomAddress;
  /** The JSON of the document's `case` map. */
  content: unknown;
  /** contentHash(content), hex SHA-1 of its canonical JSON. */
  hash: string;
  /** The user whose save is projected (the audit event's author); null when unknown. */
  userId: string | null;
}

/** Author of the audit event of a projection no signed-in user triggered. */
export const PROJECTION_SYSTEM_USER = 'vigil-sync';

interface AttachmentValue {
  contentType: string;
  data: string;
  size: number;
  hash: string;
}

/** The caseData extension of a resource (undefined when it has none). */
export function caseDataAttachment(resource: { extension?: Extension[] }): AttachmentValue | undefined {
  const ext = resource.extension?.find((e) => e.url === CASE_DATA_EXTENSION);
  return ext?.valueAttachment as AttachmentValue | undefined;
}

/** The caseData attachment's hash (base64 SHA-1) for a contentHash (hex SHA-1). */
function digestOf(hash: string): string {
  return Buffer.from(hash, 'hex').toString('base64');
}

/** Whether the resource's caseData attachment already holds the content with this contentHash. */
export function holdsCaseData(resource: Composition, hash: string): boolean {
  return caseDataAttachment(resource)?.hash === digestOf(hash);
}

/**
 * The resource with its caseData extension set to `content` (other extensions kept, in
 * order), or null when it already holds exactly this content. `encoded` is the content's
 * encodeCaseData, when it was already computed (in the worker thread).
 */
export function withCaseData(
  resource: Composition,
  content: unknown,
  hash: string,
  encoded?: EncodedCaseData,
): Composition | null {
  if (holdsCaseData(resource, hash)) return null;
  const { data, size } = encoded ?? encodeCaseData(content);
  const ext: Extension = {
    url: CASE_DATA_EXTENSION,
    valueAttachment: { contentType: 'application/json', data, size, hash: digestOf(hash) },
  };
  const others = (resource.extension ?? []).filter((e) => e.url !== CASE_DATA_EXTENSION);
  return { ...resource, extension: [...others, ext] };
}

/**
 * The anesthesia record with its health-history extension (spec 001 §3 "healthHistoryId":
 * valueReference Composition/{id}) naming `historyId`, in place of any earlier one (first when
 * it had none), or null when it already names it.
 */
export function withHealthHistory(resource: Composition, historyId: string): Composition | null {
  const url = COMPOSITION_EXTENSIONS.healthHistory;
  const reference = `Composition/${historyId}`;
  const extensions = resource.extension ?? [];
  const at = extensions.findIndex((e) => e.url === url);
  const ext: Extension = { url, valueReference: { reference } };
  if (at >= 0 && (extensions[at]!.valueReference as { reference?: string } | undefined)?.reference === reference)
    return null;
  const next = at >= 0 ? extensions.map((e, i) => (i === at ? ext : e)) : [ext, ...extensions];
  return { ...resource, extension: next };
}

/** The case content's healthHistoryId (spec 001 §3), when it is an id at all. */
function usedHistoryId(content: unknown): string | null {
  const id = (content as { healthHistoryId?: unknown } | null)?.healthHistoryId;
  return typeof id === 'string' && /^[A-Za-z0-9\-.]{1,64}$/.test(id) ? id : null;
}

export interface CompositionProjectorDeps {
  service: FhirService;
  store: ResourceStore;
  log: Logger;
  /**
   * Encodes a content for its attachment (encodeCaseData): the server's one CaseChecker, whose
   * worker thread builds the canonical JSON of a large case off the event loop (issue 24 item 6).
   * One worker serves validation, projection and finalize: each worker thread is an isolate of
   * its own, 12 MB or more of heap (measured, session 35).
   */
  encoder: { encode(content: unknown): Promise<EncodedCaseData> };
}

/** The projection hook handed to the rooms; `idle` settles once every started projection has. */
export interface CompositionProjector {
  (input: ProjectionInput): void;
  idle(): Promise<void>;
}

/**
 * Keeps the FHIR Composition whose id is the document's id (the anesthesia record or health
 * history of the room's organisation) carrying the document's content. It writes through the
 * FHIR service, so the new version is validated, versioned, audited and announced to the
 * organisation's live events like any other change. A document without its Composition (not
 * created yet, deleted, or another organisation's) is left alone. The content is encoded off
 * the event loop (deps.encode); projections are written in the order they were started.
 * Never throws or rejects: a projection that cannot be written is logged and tried again
 * after the next save.
 */
export function compositionProjector(deps: CompositionProjectorDeps): CompositionProjector {
  const { encoder } = deps;
  // Projections run one after another, so an older content never lands after a newer one.
  let queue: Promise<void> = Promise.resolve();

  async function current(address: RoomAddress): Promise<Composition | null> {
    const stored = await deps.store.read(address.orgId, 'Composition', address.docId);
    if (!stored?.resource || stored.deleted) return null;
    return stored.resource as Composition;
  }

  async function run({ address, content, hash, userId }: ProjectionInput): Promise<void> {
    const { orgId, docId } = address;
    try {
      const before = await current(address);
      if (!before) {
        deps.log.debug({ room: address.name }, 'no Composition for this case document; nothing projected');
        return;
      }
      if (holdsCaseData(before, hash)) return;
      const encoded = await encoder.encode(content);
      // Read again: the Composition may have changed (or gone) while the content was encoded.
      const stored = await deps.store.read(orgId, 'Composition', docId);
      if (!stored?.resource || stored.deleted) return;
      let next = withCaseData(stored.resource as Composition, content, hash, encoded);
      if (!next) return;
      // The health history the case used (its healthHistoryId), when it is one of this
      // organisation's health histories: the client's content is never trusted to name another's.
      const historyId = isHealthHistory(next) ? null : usedHistoryId(content);
      if (historyId !== null && historyId !== docId) {
        const history = await deps.store.read(orgId, 'Composition', historyId);
        const resource = history && !history.deleted ? (history.resource as Composition | null) : null;
        if (resource && isHealthHistory(resource)) next = withHealthHistory(next, historyId) ?? next;
      }
      await deps.service.update(
        { orgId, userId: userId ?? PROJECTION_SYSTEM_USER, ip: null, baseUrl: '' },
        'Composition',
        docId,
        next,
        stored.versionId,
      );
    } catch (err) {
      const level = err instanceof AppError && err.status !== 500 ? 'warn' : 'error';
      deps.log[level]({ err, room: address.name }, 'could not project the case document onto its Composition');
    }
  }

  const project = (input: ProjectionInput): void => {
    queue = queue.then(() => run(input));
  };
  return Object.assign(project, { idle: () => queue });
}
