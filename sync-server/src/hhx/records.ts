/**
 * A health history's records as the hhx service reads and writes them, split from
 * hhx/service.ts (issue 36 item 7): its draft-patient identifier and title, its room's address,
 * the server's own write to its document, the request context of its writes, its live
 * Composition and its patient.
 */
import { vigilSystem, type Composition } from '@vigil/shared';
import type * as Y from 'yjs';
import type { RequestContext } from '../fhir/service.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { RoomAddress } from '../sync/protocol.js';
import type { HhxCaller } from './service.js';

/**
 * Identifier system of a preliminary history's patient (spec 001 §3: "a preliminary health
 * history stores its patient as a draft identifier"). The Composition also keeps its subject,
 * so the patient's search (subject + type) finds histories in progress; see docs/decisions.md.
 */
export const DRAFT_PATIENT_SYSTEM = vigilSystem('draft-patient');

/** Title of a health history Composition. */
export const HEALTH_HISTORY_TITLE = 'Health History';

export const address = (orgId: string, docId: string): RoomAddress => ({ orgId, docId, name: `${orgId}/${docId}` });

/** Sets the keys of a plain object on a document's root map (the server's own write). */
export function setAll(fields: Record<string, unknown>): (root: Y.Map<unknown>) => void {
  return (root) => {
    for (const [k, v] of Object.entries(fields)) root.set(k, v);
  };
}

/** The context of the caller's writes; `serverWrite` for the history's own signed writes. */
export function hhxContext(caller: HhxCaller, orgId: string, serverWrite = false): RequestContext {
  return {
    orgId,
    userId: caller.session.userId,
    ip: caller.ip,
    baseUrl: '',
    // The history's own finalize writes its Composition once the room is final (a signed
    // record), and merging notes on the patient's signed answers where they went.
    ...(serverWrite ? { reportWriter: true } : {}),
  };
}

/** The organisation's live Composition of that id, or null. */
export async function liveComposition(
  store: Pick<ResourceStore, 'read'>,
  orgId: string,
  id: string,
): Promise<{ resource: Composition; versionId: string } | null> {
  const stored = await store.read(orgId, 'Composition', id);
  if (!stored?.resource || stored.deleted) return null;
  return { resource: stored.resource as Composition, versionId: stored.versionId };
}

/** The patient id of a health history: its subject, else its draft identifier. */
export function patientIdOf(composition: Composition): string | null {
  const ref = composition.subject?.reference;
  if (ref?.startsWith('Patient/')) return ref.slice('Patient/'.length);
  return composition.identifier?.system === DRAFT_PATIENT_SYSTEM ? (composition.identifier.value ?? null) : null;
}
