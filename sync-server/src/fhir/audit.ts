import { auditEventFor, idPrefixOf, newId, ORG_TAG_SYSTEM, type AuditInteraction } from '@vigil/shared';
import type { ResourceStore } from '../store/resources/types.js';

export interface AuditRecord {
  orgId: string;
  userId: string;
  interaction: AuditInteraction;
  entities: readonly string[];
  /** ISO time of the access, also the stored version's lastUpdated. */
  recorded: string;
  ip: string | null;
  description?: string;
}

/**
 * The one way a FHIR AuditEvent is written (issue 36 item 3): built by shared's auditEventFor,
 * tagged with its organisation and stored as the server's own record. It joins the caller's
 * transaction when there is one (a write and its audit commit together). AuditEvents are not in
 * the change feed (store/resources/feed.ts).
 */
export async function writeAuditEvent(store: Pick<ResourceStore, 'write'>, record: AuditRecord): Promise<void> {
  const { description, ...rest } = record;
  const event = auditEventFor({ ...rest, entities: [...record.entities], ...(description ? { description } : {}) });
  await store.write(
    {
      orgId: record.orgId,
      resource: {
        ...event,
        id: newId(idPrefixOf('AuditEvent')),
        meta: { tag: [{ system: ORG_TAG_SYSTEM, code: record.orgId }] },
      },
    },
    record.recorded,
  );
}
