import {
  ORG_CHECKLIST_KINDS,
  orgChecklistItemsSchema,
  type OrgChecklistKind,
  type OrgChecklistsView,
} from '@vigil/shared';
import { z } from 'zod';
import { audited, recorded, type Audited, type AuditSinks, type Recorded } from '../access/audited.js';
import type { Caller } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { orgFor } from '../orgs/authorize.js';
import { parse } from '../orgs/common.js';
import type { OrgChecklistStore } from '../store/checklists/types.js';
import type { OrgStore } from '../store/orgs/types.js';

export interface OrgChecklistsDeps {
  checklists: OrgChecklistStore;
  orgs: Pick<OrgStore, 'org'>;
  access: OrgAccess;
  now: () => number;
}

const kindSchema = z.enum(ORG_CHECKLIST_KINDS);

/**
 * The office's checklists (issue 39; spec 001 §3, spec 002 §4): the pre-op checklist and the
 * operative checks a new case starts with. Reading needs the organisation permission (every
 * member's tablet seeds its new cases from them); writing needs the right to administer the
 * organisation, like its other settings, and is an audited configuration change.
 */
export class OrgChecklistsService {
  constructor(private readonly deps: OrgChecklistsDeps) {}

  /** orgChecklists(orgId): the office's lists, null for a kind it never saved. */
  async get(caller: Caller, args: Record<string, unknown>): Promise<OrgChecklistsView> {
    const { org } = await orgFor(this.withStore(), caller, args.orgId, 'member');
    return this.view(org.id);
  }

  /** setOrgChecklist(orgId, kind, items): replaces one of the office's lists (LT4); audited. */
  async set(caller: Caller, args: Record<string, unknown>): Promise<Recorded<OrgChecklistsView>> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, args.orgId, 'admin');
    const kind: OrgChecklistKind = parse(kindSchema, args.kind);
    const items = parse(orgChecklistItemsSchema, args.items);
    await this.deps.checklists.put({ orgId: org.id, kind, items, updatedBy: who.user.id, updatedAt: this.deps.now() });
    return recorded(await this.view(org.id), {
      trail: 'organisation',
      action: 'orgChecklistSet',
      detail: { orgId: org.id, kind, items },
    });
  }

  private async view(orgId: string): Promise<OrgChecklistsView> {
    const lists = await this.deps.checklists.list(orgId);
    const of = (kind: OrgChecklistKind): string[] | null => lists.find((l) => l.kind === kind)?.items ?? null;
    return { preOpChecklist: of('preOpChecklist'), optChecks: of('optChecks') };
  }

  private withStore(): { store: Pick<OrgStore, 'org'>; access: OrgAccess } {
    return { store: this.deps.orgs, access: this.deps.access };
  }
}

/** The checklists service as the server builds it: saving a list is an audited configuration change. */
export type AuditedOrgChecklists = Audited<OrgChecklistsService, 'set'>;

export function auditedOrgChecklists(service: OrgChecklistsService, sinks: AuditSinks): AuditedOrgChecklists {
  return audited(service, { set: 'configuration' }, sinks);
}
