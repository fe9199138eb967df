import { canonicalJson, vigilExtension, type Composition, type Extension } from '@vigil/shared';
import type { Logger } from '../log.js';
import { FhirError } from '../fhir/errors.js';
import type { FhirService } from '../fhir/service.js';
import type { ResourceStore } from '../fhir/store.js';
import type { RoomAddress } from './protocol.js';

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

/**
 * The resource with its caseData extension set to `content` (other extensions kept, in
 * order), or null when it already holds exactly this content.
 */
export function withCaseData(resource: Composition, content: unknown, hash: string): Composition | null {
  const digest = Buffer.from(hash, 'hex').toString('base64');
  if (caseDataAttachment(resource)?.hash === digest) return null;
  const json = Buffer.from(canonicalJson(content), 'utf8');
  const ext: Extension = {
    url: CASE_DATA_EXTENSION,
    valueAttachment: {
      contentType: 'application/json',
      data: json.toString('base64'),
      size: json.byteLength,
      hash: digest,
    },
  };
  const others = (resource.extension ?? []).filter((e) => e.url !== CASE_DATA_EXTENSION);
  return { ...resource, extension: [...others, ext] };
}

export interface CompositionProjectorDeps {
  service: FhirService;
  store: ResourceStore;
  log: Logger;
}

/**
 * Keeps the FHIR Composition whose id is the document's id (the anesthesia record or health
 * history of the room's organisation) carrying the document's content. It writes through the
 * FHIR service, so the new version is validated, versioned, audited and announced to the
 * organisation's live events like any other change. A document without its Composition (not
 * created yet, deleted, or another organisation's) is left alone. Never throws: a projection
 * that cannot be written is logged and tried again after the next save.
 */
export function compositionProjector(deps: CompositionProjectorDeps): (input: ProjectionInput) => void {
  return ({ address, content, hash, userId }) => {
    const { orgId, docId } = address;
    try {
      const current = deps.store.read(orgId, 'Composition', docId);
      if (!current?.resource || current.deleted) {
        deps.log.debug({ room: address.name }, 'no Composition for this case document; nothing projected');
        return;
      }
      const next = withCaseData(current.resource as Composition, content, hash);
      if (!next) return;
      deps.service.update(
        { orgId, userId: userId ?? PROJECTION_SYSTEM_USER, ip: null, baseUrl: '' },
        'Composition',
        docId,
        next,
        current.versionId,
      );
    } catch (err) {
      const level = err instanceof FhirError && err.status !== 500 ? 'warn' : 'error';
      deps.log[level]({ err, room: address.name }, 'could not project the case document onto its Composition');
    }
  };
}
