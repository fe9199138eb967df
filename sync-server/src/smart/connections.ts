import { emrConnectionSchema, type EmrConnectionView, type EmrWriteBackView } from '@vigil/shared';
import { audited, recorded, type Audited, type AuditSinks, type Recorded } from '../access/audited.js';
import type { Caller } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { AppError, refuse } from '../errors.js';
import { orgFor } from '../orgs/authorize.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { EmrConnection, EmrConnectionStore } from '../store/smart/types.js';

/** The write-backs the integrations screen lists. */
export const WRITE_BACKS_LISTED = 50;

const view = (c: EmrConnection): EmrConnectionView => ({
  iss: c.iss,
  clientId: c.clientId,
  hasClientSecret: c.clientSecret !== null,
  redirectPath: '/api/smart/callback',
  launchPath: '/launch',
  updatedAt: c.updatedAt,
});

/**
 * The office's EMR connection (issue 42; shared EMR2): which EMR launches into the office (SMART
 * `iss`) with which client registration, and the write-backs of its signed records. Its
 * administrators set it; the secret is never answered.
 */
export class EmrConnections {
  constructor(
    private readonly deps: {
      store: EmrConnectionStore;
      orgs: Pick<OrgStore, 'org'>;
      access: Pick<OrgAccess, 'authorize'>;
      now: () => number;
    },
  ) {}

  private org(caller: Caller, orgId: unknown) {
    return orgFor({ store: this.deps.orgs, access: this.deps.access }, caller, orgId, 'admin');
  }

  /** emrConnection(orgId): null when the office has none. */
  async connection(caller: Caller, args: Record<string, unknown>): Promise<EmrConnectionView | null> {
    const { org } = await this.org(caller, args.orgId);
    const found = await this.deps.store.connection(org.id);
    return found ? view(found) : null;
  }

  /** setEmrConnection(orgId, iss, clientId, clientSecret): CONFLICT when another office has that EMR; audited. */
  async set(caller: Caller, args: Record<string, unknown>): Promise<Recorded<EmrConnectionView>> {
    const { org } = await this.org(caller, args.orgId);
    const input = emrConnectionSchema.safeParse({
      iss: args.iss,
      clientId: args.clientId,
      clientSecret: args.clientSecret ?? null,
    });
    if (!input.success) throw new AppError(400, 'INVALID_INPUT', input.error.issues[0]?.message ?? 'Invalid input');
    const connection: EmrConnection = { orgId: org.id, ...input.data, updatedAt: this.deps.now() };
    if (!(await this.deps.store.setConnection(connection))) refuse('CONFLICT');
    return recorded(view(connection), {
      trail: 'organisation',
      action: 'emrConnectionSet',
      detail: { orgId: org.id, iss: connection.iss, clientId: connection.clientId },
    });
  }

  /** removeEmrConnection(orgId): the EMR no longer launches into the office nor receives its records; audited. */
  async remove(caller: Caller, args: Record<string, unknown>): Promise<Recorded<boolean>> {
    const { org } = await this.org(caller, args.orgId);
    await this.deps.store.removeConnection(org.id);
    return recorded(true, { trail: 'organisation', action: 'emrConnectionRemoved', detail: { orgId: org.id } });
  }

  /** emrWriteBacks(orgId): the latest write-backs, newest first. */
  async writeBacks(caller: Caller, args: Record<string, unknown>): Promise<EmrWriteBackView[]> {
    const { org } = await this.org(caller, args.orgId);
    return (await this.deps.store.writeBacks(org.id, WRITE_BACKS_LISTED)).map(
      ({ orgId: _o, seq: _s, firstAttemptAt: _f, ...rest }) => rest,
    );
  }
}

export type AuditedEmrConnections = Audited<EmrConnections, 'set' | 'remove'>;

/** The service with its changes audited on the organisation's trail, each in the change's transaction. */
export function auditedEmrConnections(service: EmrConnections, sinks: AuditSinks): AuditedEmrConnections {
  return audited(service, { set: 'configuration', remove: 'configuration' }, sinks);
}
