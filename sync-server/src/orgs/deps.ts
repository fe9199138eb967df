import type { PostalAddressView } from '@vigil/shared';
import type { Entitlements } from '../access/entitlements.js';
import type { OrgAccess } from '../access/index.js';
import type { MessageSender } from '../mail/sender.js';
import type { AccountStore } from '../store/accounts/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { OrgResources } from './resources.js';

/** What the organisation services are built from (services.ts builds them once). */
export interface OrgDeps {
  store: OrgStore;
  /** Users' names for their Practitioner resources (the accounts' repository answers user look-ups). */
  accounts: Pick<AccountStore, 'userById'>;
  access: OrgAccess;
  /**
   * The one reader of flags and plan tier (issue 37): the settings screen's values, which flags
   * the plan includes, and the organisation view's tier and deepest sedation level.
   */
  entitlements: Pick<Entitlements, 'values' | 'tier' | 'planIncludesFlag' | 'maxSedationLevel'>;
  resources: OrgResources;
  /** Invitation mail: the accounts' transport (SMTP_URL, else the outbox). */
  sender: MessageSender;
  now: () => number;
  /**
   * Called after a change of who holds the provider role has committed (a role changed, a member
   * added or removed): the subscription's billed providers follow (issue 37). Never rejects.
   */
  providersChanged?: (orgId: string) => Promise<void>;
  /**
   * Called before new billing and shipping addresses are stored: the payment provider's customer
   * takes them, and refuses one it cannot locate for tax (INVALID_ADDRESS_FOR_TAX, spec 000 §8),
   * so nothing is stored (issue 37).
   */
  addressesChanging?: (orgId: string, billing: PostalAddressView, shipping: PostalAddressView | null) => Promise<void>;
}
