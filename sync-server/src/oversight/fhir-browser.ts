import { isResourceType, teamFhirSearchParams } from '@vigil/shared';
import { z } from 'zod';
import { internalStaff, type Caller } from '../access/caller.js';
import { refuse } from '../errors.js';
import type { FhirService, RequestContext } from '../fhir/service.js';
import { parseInput } from '../input.js';
import type { OrgStore } from '../store/orgs/types.js';

export interface TeamFhirDeps {
  orgs: Pick<OrgStore, 'org'>;
  fhir: Pick<FhirService, 'search' | 'read' | 'history'>;
}

const target = z.object({
  orgId: z.string().min(1).max(64),
  resourceType: z.string().refine(isResourceType, 'Not a resource type the API serves'),
});
const searchInput = target.extend({ query: z.string().max(2000).nullish(), offset: z.number().int().min(0).nullish() });
const resourceInput = target.extend({ id: z.string().min(1).max(64) });

/**
 * The team's read-only FHIR browser (issue 41; spec 000 §2 `/vigil-team/fhir`, `fhir/{orgId}`):
 * an organisation's resources searched a page at a time (TF1), one resource and its history.
 * Internal staff only, and each read after a fresh sudo confirmation, as opening a case
 * (teamCase): it reads patient data of any organisation. Every read goes through the FHIR
 * service as the team member's request, so it is a FHIR AuditEvent on that organisation's trail.
 * Answers are the API's own JSON (a Bundle or a resource), as text.
 */
export class TeamFhirService {
  constructor(private readonly deps: TeamFhirDeps) {}

  /** teamFhirSearch(orgId, resourceType, query, offset): one page of a search, as a searchset Bundle. */
  async search(caller: Caller, args: Record<string, unknown>): Promise<string> {
    internalStaff(caller);
    const i = parseInput(searchInput, args);
    const ctx = await this.context(caller, i.orgId);
    const pairs = teamFhirSearchParams(i.query ?? '', i.offset ?? 0);
    if (!pairs) refuse('INVALID_INPUT');
    const params = new URLSearchParams(pairs.map(([k, v]) => [k, v]));
    return JSON.stringify(await this.deps.fhir.search(ctx, i.resourceType, params));
  }

  /** teamFhirRead(orgId, resourceType, id): the resource's current version. */
  async read(caller: Caller, args: Record<string, unknown>): Promise<string> {
    internalStaff(caller);
    const i = parseInput(resourceInput, args);
    const ctx = await this.context(caller, i.orgId);
    return JSON.stringify((await this.deps.fhir.read(ctx, i.resourceType, i.id)).resource);
  }

  /** teamFhirHistory(orgId, resourceType, id): the resource's versions, newest first, as a history Bundle. */
  async history(caller: Caller, args: Record<string, unknown>): Promise<string> {
    internalStaff(caller);
    const i = parseInput(resourceInput, args);
    const ctx = await this.context(caller, i.orgId);
    const params = new URLSearchParams({ _count: '50' });
    return JSON.stringify(await this.deps.fhir.history(ctx, i.resourceType, i.id, params));
  }

  /** The team member's request on the organisation: internal staff, a fresh sudo, an organisation that exists. */
  private async context(caller: Caller, orgId: string): Promise<RequestContext> {
    const who = internalStaff(caller);
    if (!(await caller.freshSudo())) refuse('SUDO_REQUIRED');
    if (!(await this.deps.orgs.org(orgId))) refuse('NOT_FOUND');
    return { orgId, userId: who.user.id, ip: caller.ip, baseUrl: `/api/fhir/${orgId}` };
  }
}
