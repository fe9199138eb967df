import type { SedationLevel } from '@vigil/shared';
import type { OrgStore } from '../store/orgs/types.js';
import type { PolicyStore } from '../store/policies/types.js';

/** The demo policies (issue 29): the office's own, and one its parent sets for it (read-only there). */
export const DEMO_POLICIES: readonly {
  id: string;
  owner: 'office' | 'parent';
  ruleType: string;
  ruleValue: 'block' | 'warn' | 'off';
  levels: SedationLevel[];
}[] = [
  // Cumulative local anesthetic at 80 % of the maximum blocks at moderate sedation and deeper.
  {
    id: 'pol-demolocal0000',
    owner: 'office',
    ruleType: 'SO14',
    ruleValue: 'block',
    levels: ['moderate', 'deep', 'ga'],
  },
  // NPO times only warn for a local-anesthesia or minimal case.
  { id: 'pol-demonpo000000', owner: 'office', ruleType: 'SO2', ruleValue: 'warn', levels: ['local', 'minimal'] },
  // The group office wants a flat 100 % SpO2 hour confirmed (blocking) at every level.
  { id: 'pol-demospo200000', owner: 'parent', ruleType: 'SO17', ruleValue: 'block', levels: [] },
];

/**
 * Turns the demo office's `policies` flag on and writes the demo policies (issue 29), so the
 * settings page shows the policy editor with something in it and the case screen's flags follow them.
 */
export async function seedDemoPolicies(
  deps: { policies: PolicyStore; orgs: OrgStore },
  orgIds: { office: string; parent: string },
  now: Date,
  author: { userId: string },
): Promise<void> {
  const at = now.getTime();
  for (const p of DEMO_POLICIES) {
    await deps.policies.upsert({
      id: p.id,
      orgId: p.owner === 'office' ? orgIds.office : orgIds.parent,
      ruleSubject: 'anesthesiaRecord',
      ruleType: p.ruleType,
      ruleValue: p.ruleValue,
      relevantSedationLevels: p.levels,
      updatedBy: author.userId,
      updatedAt: at,
    });
  }
  if ((await deps.orgs.features(orgIds.office)).policies !== true) {
    await deps.orgs.setFeature(
      orgIds.office,
      'policies',
      true,
      author.userId,
      { at, ip: null, userAgent: 'demo seed' },
      { action: 'orgFeatureAdded', userId: author.userId, detail: { featureName: 'policies', demo: true } },
    );
  }
}
