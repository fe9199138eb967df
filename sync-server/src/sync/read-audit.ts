import { writeEntries } from '../access/audited.js';
import { anonymousCaller } from '../access/caller.js';
import type { ResourceStore } from '../store/resources/types.js';
import { PROJECTION_SYSTEM_USER } from './projection.js';
import type { SyncRead } from './rooms.js';

export interface SyncReadAuditorDeps {
  store: ResourceStore;
  now: () => number;
}

/**
 * The audit event of a socket read (issue 24 item 7): a connection that is sent a case
 * document's state has read the whole chart, so it gets the same FHIR AuditEvent as a REST
 * read of the document's Composition (interaction `read`, the reader as agent, the
 * organisation as site), once per connection, through the audit pipeline's one writer
 * (access/audited.ts), as the socket's reader.
 */
export function syncReadAuditor(deps: SyncReadAuditorDeps): (read: SyncRead) => Promise<void> {
  const sinks = { resources: deps.store, now: deps.now };
  return ({ address, userId, ip }) =>
    writeEntries(sinks, anonymousCaller({ ip, userAgent: null, transport: 'socket' }), [
      {
        trail: 'fhir',
        orgId: address.orgId,
        userId: userId ?? PROJECTION_SYSTEM_USER,
        interaction: 'read',
        entities: [`Composition/${address.docId}`],
        description: `sync/${address.name}`,
      },
    ]);
}
