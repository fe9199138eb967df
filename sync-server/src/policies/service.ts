import {
  newId,
  policyInputSchema,
  POLICY_RULE_SUBJECTS,
  type Policy,
  type PolicyRuleSubject,
  type PolicyView,
} from '@vigil/shared';
import { z } from 'zod';
import { audited, recorded, type Audited, type AuditSinks, type Recorded } from '../access/audited.js';
import type { Caller, SignedIn } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { orgFor } from '../orgs/authorize.js';
import { ownAndInherited } from '../orgs/inherited.js';
import { parse, refuse } from '../orgs/common.js';
import type { ChangeStore } from '../store/changes/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { PolicyRecord, PolicyStore } from '../store/policies/types.js';

export interface PoliciesDeps {
  policies: PolicyStore;
  /**
   * The change feed (issue 36 item 3): a policy change and its domain event commit in one
   * transaction. The server always passes it; unit tests of other rules may leave it out.
   */
  changes?: Pick<ChangeStore, 'append' | 'transaction'>;
  orgs: Pick<OrgStore, 'org' | 'parentsOf'>;
  access: OrgAccess;
  /** The sign-off flag rule ids a policy may name (shared SIGNOFF_RULES). */
  knownRuleTypes: readonly string[];
  now: () => number;
}

/** A policy as GraphQL answers it: shared views/policies.ts (issue 36 item 5). */
export type { PolicyView };

const ruleSubject = z.enum(POLICY_RULE_SUBJECTS);
const policyId = z.string().trim().min(1).max(64);

/**
 * Sign-off policies (issue 29; spec 001 §6, §7): an organisation's own policies and, read-only,
 * those of its parent organisations, which apply to it too. Reading needs the organisation
 * permission; writing needs the right to administer the organisation (its admins, a member of a
 * parent, an internal uber), so a parent sets policies for its children by writing them on itself.
 */
export class PoliciesService {
  constructor(private readonly deps: PoliciesDeps) {}

  /** The policies governing an organisation: its own ('org') first, then its parents' ('parent'), nearest first. */
  async effective(orgId: string, subject: PolicyRuleSubject = 'anesthesiaRecord'): Promise<Policy[]> {
    const { own, inherited } = await ownAndInherited(this.deps.orgs, orgId, (ids) =>
      this.deps.policies.list(ids, subject),
    );
    return [...own.map((p) => view(p, 'org')), ...inherited.map((p) => view(p, 'parent'))];
  }

  /** policies(orgId, ruleSubject): the organisation's members and whoever may administer it. */
  async list(caller: Caller, args: Record<string, unknown>): Promise<PolicyView[]> {
    const { org } = await orgFor(this.withStore(), caller, args.orgId, 'member');
    return this.views(org.id, parse(ruleSubject, args.ruleSubject ?? 'anesthesiaRecord'));
  }

  /** setPolicy: writes the organisation's one policy for a rule (a new one, or the existing one replaced); audited. */
  async set(caller: Caller, args: Record<string, unknown>): Promise<Recorded<PolicyView[]>> {
    const { who, orgId } = await this.admin(caller, args.orgId);
    const input = parse(policyInputSchema(this.deps.knownRuleTypes), {
      ruleSubject: args.ruleSubject ?? 'anesthesiaRecord',
      ruleType: args.ruleType,
      ruleValue: args.ruleValue,
      relevantSedationLevels: args.relevantSedationLevels ?? [],
    });
    const at = this.deps.now();
    await this.withEvent(async () => {
      const stored = await this.deps.policies.upsert({
        id: newId('pol'),
        orgId,
        ...input,
        updatedBy: who.user.id,
        updatedAt: at,
      });
      return { kind: 'policy.set', at, orgId, payload: policyPayload(stored) };
    });
    return recorded(await this.views(orgId, input.ruleSubject), {
      trail: 'organisation',
      action: 'policySet',
      detail: { orgId, ...input },
    });
  }

  /** deletePolicy: one of the organisation's own (audited with what it said); a parent's is POLICY_NOT_EDITABLE. */
  async delete(caller: Caller, args: Record<string, unknown>): Promise<Recorded<PolicyView[]>> {
    const { orgId } = await this.admin(caller, args.orgId);
    const id = parse(policyId, args.id);
    const policies = (await Promise.all(POLICY_RULE_SUBJECTS.map((s) => this.effective(orgId, s)))).flat();
    const deleted = policies.find((p) => p.id === id && p.ownerType === 'org');
    const removed =
      deleted !== undefined &&
      (await this.withEvent(async () =>
        (await this.deps.policies.delete(orgId, id))
          ? { kind: 'policy.deleted', at: this.deps.now(), orgId, payload: policyPayload(deleted) }
          : null,
      ));
    if (!deleted || !removed) {
      refuse(policies.some((p) => p.id === id) ? 'POLICY_NOT_EDITABLE' : 'NOT_FOUND');
    }
    const { ruleSubject, ruleType, ruleValue, relevantSedationLevels } = deleted;
    return recorded(await this.views(orgId, 'anesthesiaRecord'), {
      trail: 'organisation',
      action: 'policyDeleted',
      detail: { orgId, id, ruleSubject, ruleType, ruleValue, relevantSedationLevels },
    });
  }

  /**
   * Runs a policy write and records the domain event it answers in the same transaction; false
   * when it wrote nothing.
   */
  private async withEvent(write: () => Promise<PolicyEvent | null>): Promise<boolean> {
    const changes = this.deps.changes;
    if (!changes) return (await write()) !== null;
    return changes.transaction(async () => {
      const event = await write();
      if (event) await changes.append(event);
      return event !== null;
    });
  }

  private async views(orgId: string, subject: PolicyRuleSubject): Promise<PolicyView[]> {
    return (await this.effective(orgId, subject)).map((p) => ({ ...p, editable: p.ownerType === 'org' }));
  }

  private withStore(): { store: Pick<OrgStore, 'org'>; access: OrgAccess } {
    return { store: this.deps.orgs, access: this.deps.access };
  }

  private async admin(caller: Caller, rawOrgId: unknown): Promise<{ who: SignedIn; orgId: string }> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, rawOrgId, 'admin');
    return { who, orgId: org.id };
  }
}

/** A policy change's domain event (the change feed's 'policy.set' and 'policy.deleted'). */
interface PolicyEvent {
  kind: 'policy.set' | 'policy.deleted';
  at: number;
  orgId: string;
  payload: { policyId: string; ruleSubject: string; ruleType: string; ruleValue: string };
}

/** What a policy event says: which policy, which rule, and its value (no patient data). */
function policyPayload(p: Pick<PolicyRecord, 'id' | 'ruleSubject' | 'ruleType' | 'ruleValue'>): PolicyEvent['payload'] {
  return { policyId: p.id, ruleSubject: p.ruleSubject, ruleType: p.ruleType, ruleValue: p.ruleValue };
}

function view(p: PolicyRecord, ownerType: Policy['ownerType']): Policy {
  return {
    id: p.id,
    ownerType,
    ownerId: p.orgId,
    ruleSubject: p.ruleSubject,
    ruleType: p.ruleType,
    ruleValue: p.ruleValue,
    relevantSedationLevels: p.relevantSedationLevels,
  };
}

/** The policies service as the server builds it: setting and deleting a policy are audited configuration changes. */
export type AuditedPolicies = Audited<PoliciesService, 'set' | 'delete'>;

export function auditedPolicies(service: PoliciesService, sinks: AuditSinks): AuditedPolicies {
  return audited(service, { set: 'configuration', delete: 'configuration' }, sinks);
}
