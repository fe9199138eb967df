import { validateResource, type FhirResource } from '@vigil/shared';
import type { FhirService } from '../fhir/service.js';
import type { Writer } from '../fhir/signed-records.js';
import type { ResourceStore } from '../store/resources/types.js';
import { refuse } from './common.js';

/** The user the organisations' own FHIR writes are audited as (the BAA's Contract is patient data). */
export const ORG_SYSTEM_USER = 'vigil-orgs';

/**
 * The FHIR resources the organisations keep in step (issue 4 / spec 001 §3): each member's
 * Practitioner and the Business Associate Agreement's Contract. Server writes through the one
 * FHIR write path (FhirService.serverPut, issue 36 item 3): validated, guarded as the server's
 * (only the BAA's signing changes a signed record), versioned, audited, recorded in the change
 * feed in the write's transaction and announced to the organisation's live events only after
 * it committed (issue 26: an open organisation stream sees a new member's Practitioner).
 */
export interface OrgResources {
  /** The live resource, or null when never written or deleted. */
  read(orgId: string, type: 'Practitioner' | 'Contract', id: string): Promise<FhirResource | null>;
  /**
   * Writes the next version as the server (refused INVALID_INPUT when the resource does not
   * validate): `signer` for the BAA's signatures, `server` for anything else.
   */
  write(
    orgId: string,
    resource: FhirResource & { id: string },
    at: string,
    writer: Exclude<Writer, 'client'>,
  ): Promise<void>;
}

/** OrgResources over the process's one FhirService and its resource store (services.ts). */
export function serverResources(deps: {
  fhir: Pick<FhirService, 'serverPut'>;
  store: Pick<ResourceStore, 'read'>;
}): OrgResources {
  return {
    async read(orgId, type, id) {
      const stored = await deps.store.read(orgId, type, id);
      return stored && !stored.deleted ? stored.resource : null;
    },
    async write(orgId, resource, _at, writer) {
      if (validateResource(resource).length > 0) refuse('INVALID_INPUT');
      await deps.fhir.serverPut(
        {
          orgId,
          userId: ORG_SYSTEM_USER,
          ip: null,
          baseUrl: '',
          ...(writer === 'signer' ? { reportWriter: true } : { serverWriter: true }),
        },
        resource,
      );
    },
  };
}
