import {
  acceptedFeatureValue,
  featureDefinition,
  ORG_FEATURES,
  planIncludesFlag,
  type OrgFeatureView,
} from '@vigil/shared';
import { z } from 'zod';
import { type Caller } from '../access/caller.js';
import { orgFor } from './authorize.js';
import { auditOrigin, parse, refuse, requireOrgId } from './common.js';
import type { OrgDeps } from './deps.js';

const featureSchema = z.object({
  featureName: z.string().min(1).max(100),
  stringValue: z.string().max(100).nullish(),
});

/** Organisation feature flags (spec 000 §3, §5, §6, §7). */
export class FeatureService {
  constructor(private readonly deps: OrgDeps) {}

  /**
   * Every feature with the organisation's effective value, as the server's checks read it
   * (Entitlements.values: unset flags take their defaults, a flag the plan includes is on unless
   * stored off), and whether the plan includes it (its admins may then switch it).
   */
  async views(orgId: string): Promise<OrgFeatureView[]> {
    const [values, held] = await Promise.all([
      this.deps.entitlements.values(orgId),
      this.deps.entitlements.tier(orgId),
    ]);
    return ORG_FEATURES.map((f) => {
      const value = values[f.name] ?? null;
      return {
        name: f.name,
        label: f.label,
        subLabel: f.subLabel,
        checkboxLabel: f.checkboxLabel,
        value: value === true || (typeof value === 'string' && value !== ''),
        owner: f.owner,
        public: f.public,
        productFeature: f.productFeature,
        planIncluded: planIncludesFlag(held, f.name),
        type: f.type,
        stringValue: typeof value === 'string' ? value : null,
        stringValues: f.stringValues,
      };
    });
  }

  /** orgFeaturesConfig: for the organisation's members and whoever may administer it. */
  async config(caller: Caller, orgId: unknown): Promise<OrgFeatureView[]> {
    const { org } = await orgFor(this.deps, caller, orgId, 'member');
    return this.views(org.id);
  }

  /**
   * addOrgFeature / removeOrgFeature: who may change a flag depends on its owner (spec 000 §6),
   * and a product flag the plan includes is the organisation's admins' to switch (issue 37).
   * Removing such a flag stores it off (PLF2: the plan would turn an unset one back on).
   */
  async change(caller: Caller, args: Record<string, unknown>, change: 'add' | 'remove'): Promise<OrgFeatureView[]> {
    const orgId = requireOrgId(args.orgId);
    const input = parse(featureSchema, { featureName: args.featureName, stringValue: args.stringValue });
    const who = caller;
    const definition = featureDefinition(input.featureName);
    // An unknown feature is checked as a product feature, so its refusal reveals nothing.
    await this.deps.access.authorize(who, orgId, {
      featureChange: definition?.owner ?? 'vigil',
      flag: definition?.name,
    });
    const user = who.user;
    if (!user) refuse('NO_AUTHENTICATION');
    const org = await this.deps.store.org(orgId);
    if (!org) refuse('NOT_FOUND');
    if (!definition) refuse('INVALID_FEATURE');
    const origin = auditOrigin(caller, this.deps.now());
    if (change === 'add') {
      const value = acceptedFeatureValue(definition, input.stringValue);
      if (value === null) refuse('INVALID_INPUT');
      await this.deps.store.setFeature(org.id, definition.name, value, user.id, origin, {
        action: 'orgFeatureAdded',
        userId: user.id,
        email: user.email,
        detail: { orgId: org.id, feature: definition.name, value },
      });
    } else if (await this.deps.entitlements.planIncludesFlag(org.id, definition.name)) {
      await this.deps.store.setFeature(org.id, definition.name, false, user.id, origin, {
        action: 'orgFeatureRemoved',
        userId: user.id,
        email: user.email,
        detail: { orgId: org.id, feature: definition.name, value: false },
      });
    } else {
      await this.deps.store.removeFeature(org.id, definition.name, origin, {
        action: 'orgFeatureRemoved',
        userId: user.id,
        email: user.email,
        detail: { orgId: org.id, feature: definition.name },
      });
    }
    return this.views(org.id);
  }
}
