import { validateOfficeDrugs, type OfficeDrug, type OfficeDrugsView } from '@vigil/shared';
import { audited, recorded, type Audited, type AuditSinks, type Recorded } from '../access/audited.js';
import type { Caller, SignedIn } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { AppError } from '../errors.js';
import { orgFor } from '../orgs/authorize.js';
import { ownAndInherited } from '../orgs/inherited.js';
import type { OfficeDrugStore } from '../store/office-drugs/types.js';
import type { OrgStore } from '../store/orgs/types.js';

export interface OfficeDrugsDeps {
  drugs: OfficeDrugStore;
  orgs: Pick<OrgStore, 'org' | 'parentsOf'>;
  access: OrgAccess;
  now: () => number;
}

/**
 * The office's drug list (issue 39; /org/{orgId}/customize-drugs): the catalogue drugs its
 * providers see first, with their default unit, routes and common doses, and the drugs it adds of
 * its own (shared OD1). Its members read it with the parents' lists, which reach it read-only
 * through the one "own plus inherited" read; whoever administers the office replaces its own list
 * (the one `authorize`), an audited configuration change. A list OD1 refuses is refused with its
 * issues: MISSING_DRUG_NAME for an own drug without a name.
 */
export class OfficeDrugsService {
  constructor(private readonly deps: OfficeDrugsDeps) {}

  /** officeDrugs(orgId): the office's list and its parents'. */
  async get(caller: Caller, args: Record<string, unknown>): Promise<OfficeDrugsView> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, args.orgId, 'member');
    return this.view(who, org.id);
  }

  /** setOfficeDrugs(orgId, drugs): replaces the office's own list; audited. */
  async set(caller: Caller, args: Record<string, unknown>): Promise<Recorded<OfficeDrugsView>> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, args.orgId, 'admin');
    const drugs = parseDrugs(args.drugs);
    await this.deps.drugs.put({ orgId: org.id, drugs, updatedBy: who.user.id, updatedAt: this.deps.now() });
    return recorded(await this.view(who, org.id), {
      trail: 'organisation',
      action: 'officeDrugsSet',
      detail: { orgId: org.id, drugs },
    });
  }

  private async view(who: SignedIn, orgId: string): Promise<OfficeDrugsView> {
    const { own, inherited } = await ownAndInherited(this.deps.orgs, orgId, (ids) => this.deps.drugs.lists(ids));
    const drugs = own[0]?.drugs ?? [];
    const listed = new Set(drugs.map((d) => `${d.category}:${d.id}`));
    const theirs: OfficeDrug[] = [];
    for (const d of inherited.flatMap((l) => l.drugs)) {
      const key = `${d.category}:${d.id}`;
      if (listed.has(key)) continue;
      listed.add(key);
      theirs.push(d);
    }
    const names = await Promise.all(
      inherited
        .filter((l) => l.drugs.length > 0)
        .map(async (l) => (await this.deps.orgs.org(l.orgId))?.name ?? l.orgId),
    );
    const editable = await this.deps.access.authorize(who, orgId, 'admin').then(
      () => true,
      () => false,
    );
    return { drugs, inherited: theirs, inheritedFrom: names, editable };
  }

  private withStore(): { store: Pick<OrgStore, 'org'>; access: OrgAccess } {
    return { store: this.deps.orgs, access: this.deps.access };
  }
}

/**
 * [OD1] The list from the call, checked by shared's rule: refused with every issue, coded
 * MISSING_DRUG_NAME when an own drug has no name, else by its first issue's code.
 */
function parseDrugs(raw: unknown): OfficeDrug[] {
  const result = validateOfficeDrugs(raw);
  if (result.ok) return result.drugs;
  const code = result.issues.some((i) => i.code === 'MISSING_DRUG_NAME') ? 'MISSING_DRUG_NAME' : result.issues[0]!.code;
  throw new AppError(
    400,
    code,
    result.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    result.issues,
  );
}

/** The office drug list service as the server builds it: saving the list is an audited configuration change. */
export type AuditedOfficeDrugs = Audited<OfficeDrugsService, 'set'>;

export function auditedOfficeDrugs(service: OfficeDrugsService, sinks: AuditSinks): AuditedOfficeDrugs {
  return audited(service, { set: 'configuration' }, sinks);
}
