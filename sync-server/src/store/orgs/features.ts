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
}
