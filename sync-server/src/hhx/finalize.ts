/**
 * The health history's finalize as one unit of work (session 17), split from hhx/service.ts
 * (issue 36 item 7): the signature or Mark Complete in the sealed document, the Composition
 * (final), the document's final flag, the patient's allergies and medications ([HD5]), the
 * tracking event and the change-feed record commit together; the room sees them only after.
 */
import {
  completionOf,
  isFromHealthHistory,
  patientResourcesOf,
  type Composition,
  type FhirResource,
  type FhirResourceType,
} from '@vigil/shared';
import { AppError } from '../errors.js';
import { parseSearch } from '../store/resources/search-params.js';
import { withCaseData } from '../sync/projection.js';
import type { DocumentSnapshot } from '../sync/rooms.js';
import { address, hhxContext, liveComposition, patientIdOf, setAll } from './records.js';
import type { SignedIn } from '../access/caller.js';
import type { HhxServiceDeps } from './service.js';
import { recordTracking, TRACKING_EVENTS } from './tracking.js';

/**
 * Seals the history's room and writes `fields` (the completion) with everything that goes with
 * it; 409 FINALIZED when it is signed already, or marked complete and this is no signature.
 */
export async function writeFinalized(
  deps: Pick<HhxServiceDeps, 'rooms' | 'store' | 'fhir' | 'changes' | 'analyticsEvents'>,
  caller: SignedIn,
  orgId: string,
  compositionId: string,
  completion: { fields: Record<string, unknown>; signing: boolean; time: number },
): Promise<DocumentSnapshot> {
  const { fields, signing, time } = completion;
  const sealed = await deps.rooms.seal(address(orgId, compositionId));
  let after: DocumentSnapshot;
  try {
    const before = completionOf(sealed.content);
    if (before === 'signed' || (before === 'markedComplete' && !signing)) throw new AppError(409, 'FINALIZED');
    // One transaction (session 17): the signature in the document, the Composition (final),
    // the document's final flag, the patient's allergies and medications ([HD5]) and the
    // tracking event commit together, so a failure never leaves a half-signed history (nor
    // a signature that refuses the retry as FINALIZED). The room sees the signature and turns
    // read-only only once it committed.
    let applyWrite: () => void = () => undefined;
    let makeFinal: () => void = () => undefined;
    after = await deps.store.transaction(async () => {
      const written = await sealed.storeWrite(setAll(fields));
      applyWrite = written.apply;
      const current = await liveComposition(deps.store, orgId, compositionId);
      if (!current) throw new AppError(404, 'NOT_FOUND');
      const projected = withCaseData(current.resource, written.content, written.hash) ?? current.resource;
      const next: Composition = {
        ...projected,
        status: 'final',
        attester: [
          ...(current.resource.attester ?? []),
          {
            mode: signing ? 'legal' : 'professional',
            time: new Date(time).toISOString(),
            party: { display: caller.user.name.trim() || caller.user.email },
          } as never,
        ],
      };
      // No If-Match: the projection may have written caseData meanwhile; this version replaces it with the signed content.
      const { version } = await deps.fhir.update(
        hhxContext(caller, orgId, true),
        'Composition',
        compositionId,
        next,
        undefined,
      );
      if (!sealed.finalized) makeFinal = await sealed.storeFinalized();
      const patientId = patientIdOf(version.resource as Composition);
      if (patientId) await writePatientResources(deps, caller, orgId, patientId, compositionId, written.content, time);
      if (signing)
        await recordTracking(
          ...[deps.store, hhxContext(caller, orgId), TRACKING_EVENTS.signed, compositionId, time],
          deps.analyticsEvents,
        );
      await deps.changes?.append({
        kind: 'history.signed',
        at: time,
        orgId,
        payload: { compositionId, completion: signing ? 'signature' : 'markComplete', by: caller.user.id },
      });
      return written;
    });
    applyWrite();
    makeFinal();
  } finally {
    sealed.release();
  }
  return after;
}

/** Replaces the patient's allergies and medications from health histories with this one's ([HD5]). */
async function writePatientResources(
  deps: Pick<HhxServiceDeps, 'store' | 'fhir'>,
  caller: SignedIn,
  orgId: string,
  patientId: string,
  compositionId: string,
  content: unknown,
  time: number,
): Promise<void> {
  const ctx = hhxContext(caller, orgId);
  const { allergies, medications } = patientResourcesOf({
    content,
    patientId,
    compositionId,
    date: new Date(time).toISOString(),
  });
  const replace = async (type: FhirResourceType, param: string, next: FhirResource[]): Promise<void> => {
    const clauses = parseSearch(type, new URLSearchParams({ [param]: `Patient/${patientId}` }));
    const page = await deps.store.search(orgId, type, clauses, { count: 1000, offset: 0 });
    for (const r of page.items as (FhirResource & { identifier?: { system?: string }[] })[]) {
      if (isFromHealthHistory(r)) await deps.fhir.delete(ctx, type, r.id!, undefined);
    }
    for (const resource of next) await deps.fhir.create(ctx, type, resource);
  };
  await replace('AllergyIntolerance', 'patient', allergies);
  await replace('MedicationStatement', 'subject', medications);
}
