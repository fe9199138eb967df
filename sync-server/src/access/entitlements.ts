import { resolveFeatures, type FeatureValue } from '@vigil/shared';
import { refuse } from '../errors.js';

/** An organisation's stored feature flags (the organisations store answers it). */
export interface FlagSource {
  features(orgId: string): Promise<Record<string, FeatureValue>>;
}

/** A feature an organisation may be entitled to (spec 000 §3 flags; later a plan tier's). */
export type Entitlement =
  | 'adminUnfinalize'
  | 'drugInventory'
  | 'formBuilder'
  | 'policies'
  | 'primaryProviderMustBeFinalSignerName'
  | 'store';

/**
 * What an organisation may use (issue 36 item 1): the one reader of feature flags for the
 * services (the organisation settings screens read and change the stored flags through orgs/).
 * Fed by the flags now; the plans issue adds the subscription's tier here, so every caller that
 * asks `has` or `require` follows it without change.
 */
export class Entitlements {
  constructor(private readonly flags: FlagSource) {}

  /** Every flag's effective value (stored, else the default): the case settings read units from it. */
  async values(orgId: string): Promise<Record<string, FeatureValue | null>> {
    return resolveFeatures(await this.flags.features(orgId));
  }

  async has(orgId: string, feature: Entitlement): Promise<boolean> {
    return (await this.values(orgId))[feature] === true;
  }

  /** Refuses 403 FEATURE_DISABLED unless the organisation has the feature. */
  async require(orgId: string, feature: Entitlement): Promise<void> {
    if (!(await this.has(orgId, feature))) refuse('FEATURE_DISABLED');
  }
}
