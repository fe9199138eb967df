import { ORG_TAG_SYSTEM, auditEventFor, idPrefixOf, newId } from '@vigil/shared';
import type { ResourceStore } from '../store/resources/types.js';
import type { AccountStore } from '../store/accounts/types.js';
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
 * organisation as site), once per connection. Written straight to the resource store in its
 * own transaction, as the FHIR service writes its own audit events.
 */
export function syncReadAuditor(deps: SyncReadAuditorDeps): (read: SyncRead) => Promise<void> {
  return async ({ address, userId, ip }) => {
    const recorded = new Date(deps.now()).toISOString();
    const event = auditEventFor({
      orgId: address.orgId,
      userId: userId ?? PROJECTION_SYSTEM_USER,
      interaction: 'read',
      entities: [`Composition/${address.docId}`],
      recorded,
      ip,
      description: `sync/${address.name}`,
    });
    await deps.store.write(
      {
        orgId: address.orgId,
        resource: {
          ...event,
          id: newId(idPrefixOf('AuditEvent')),
          meta: { tag: [{ system: ORG_TAG_SYSTEM, code: address.orgId }] },
        },
      },
      recorded,
    );
  };
}

/** A signed-in user's display name for presence, read from the accounts repository. */
export function userNames(accounts: Pick<AccountStore, 'userById'>): (userId: string) => Promise<string | null> {
  return async (userId) => (await accounts.userById(userId))?.name ?? null;
}
