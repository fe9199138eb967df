import { validateResource, type FhirResource } from '@vigil/shared';
import type { LiveEvents } from '../fhir/live-events.js';
import { searchTokens } from '../fhir/search-params.js';
import { guardWrite, type SignedRecords, type Writer } from '../fhir/signed-records.js';
import type { ResourceStore } from '../store/resources/types.js';
import { refuse } from './common.js';

/**
 * The FHIR resources the organisations keep in step (issue 4 / spec 001 §3): each member's
 * Practitioner and the Business Associate Agreement's Contract. Server writes: validated as
 * every API write is, stored in the one resource store and published on the one live-event bus,
 * so an open organisation stream sees a new member's Practitioner (issue 26). Every write passes
 * the one write guard (guardWrite) as the server's: only the BAA's signing changes a signed record.
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

/** OrgResources over the process's one resource store and live-event bus (services.ts). */
export function serverResources(deps: {
  store: ResourceStore;
  events: LiveEvents;
  signed: SignedRecords;
}): OrgResources {
  return {
    async read(orgId, type, id) {
      const stored = await deps.store.read(orgId, type, id);
      return stored && !stored.deleted ? stored.resource : null;
    },
    async write(orgId, resource, at, writer) {
      if (validateResource(resource).length > 0) refuse('INVALID_INPUT');
      const before = await deps.store.read(orgId, resource.resourceType, resource.id);
      await guardWrite(deps.signed, {
        writer,
        orgId,
        type: resource.resourceType,
        id: resource.id,
        stored: before && !before.deleted ? before.resource : null,
        next: () => Promise.resolve(resource),
      });
      const version = await deps.store.write({ orgId, resource }, at);
      const filterData: Record<string, string[]> = {};
      for (const t of version.resource ? searchTokens(version.resource) : []) (filterData[t.name] ??= []).push(t.value);
      deps.events.publish({
        action: before && !before.deleted ? 'UpdateResource' : 'CreateResource',
        orgId,
        resourceId: version.id,
        resourceType: version.resourceType,
        filterData,
        resourcesJSON: JSON.stringify(version.resource ? [version.resource] : []),
      });
    },
  };
}
