/**
 * Whether a case has started, read from the server's copy of its document (issue 40): FS1's
 * caseStartOf, the same test finalize uses. The rooms are built after the FHIR service they
 * project through, so the FHIR service is given this late-bound view and the rooms are attached
 * once built (services.ts).
 */
import { caseStartOf } from '@vigil/shared';
import type { CaseStates } from '../fhir/appointment-guard.js';
import type { DocumentRooms } from '../sync/documents.js';

export interface LateCaseStates extends CaseStates {
  /** The rooms the case documents are read from; until attached, no case counts as started. */
  attach(rooms: Pick<DocumentRooms, 'snapshot'>): void;
}

/** The case id is its Appointment's id (the case document shares it). */
export function lateCaseStates(): LateCaseStates {
  let rooms: Pick<DocumentRooms, 'snapshot'> | null = null;
  return {
    attach(r) {
      rooms = r;
    },
    async started(orgId, caseId) {
      if (!rooms) return false;
      const snap = await rooms.snapshot({ orgId, docId: caseId, name: `${orgId}/${caseId}` });
      return caseStartOf((snap.content ?? {}) as Record<string, unknown>) !== null;
    },
  };
}
