import type { FeatureValue } from '@vigil/shared';
import type { AuditOrigin, OrgAuditEvent } from './common.js';

export interface PlanRecord {
  id: string;
  amount: number;
  productId: string;
  productName: string;
  nickname: string | null;
  interval: string;
  lookupKey: string;
  productFeaturesJson: string;
}

/** An organisation's feature flags and the plans it may subscribe to. */
export interface OrgFeatureStore {
  /** The flags the organisation has set, by name. */
  features(orgId: string): Promise<Record<string, FeatureValue>>;
  setFeature(
    orgId: string,
    name: string,
    value: FeatureValue,
    by: string,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<void>;
  removeFeature(orgId: string, name: string, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void>;
  /** Active plans, by product name then amount. */
  activePlans(): Promise<PlanRecord[]>;
  isActivePlan(planId: string): Promise<boolean>;
  /** Every plan, archived ones too (the team's plan screens): by product, interval, active first, then id. */
  allPlans(): Promise<(PlanRecord & { active: boolean })[]>;
  /** A plan by id, active or archived (an organisation keeps an archived price it subscribed to). */
  plan(planId: string): Promise<(PlanRecord & { active: boolean }) | null>;
  /**
   * Writes plans of the payment provider's catalogue (issue 37: seeded on a new database, later the
   * team's plan screens): inserted, or replaced by id.
   */
  putPlans(plans: readonly (PlanRecord & { active: boolean })[]): Promise<void>;
}
