import { useEffect, useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { SubAppRoutes } from '../../ui/SubAppRoutes.js';
import { trackEvent } from '../../data/analyticsEvents.js';
import { useOutboxReplay } from '../../data/db.js';
import { useMayAdminister } from '../../data/orgAccess.js';
import { useOrgFeatureValues } from '../../data/orgSettings.js';
import { RequireOrgAccess } from '../orgs/index.js';
import { SubscriptionBanner } from '../subscription/index.js';
import { orgNav } from './nav.js';
import { ORG_ROUTES } from './routes.js';

function OrgAppRoutes({ orgId }: { orgId: string }): ReactNode {
  const isAdmin = useMayAdminister(orgId);
  // Changes made offline (patients, new cases) are sent from whichever screen is open when the network returns.
  useOutboxReplay(orgId);
  // Spec 000 §7's Case Manager Loaded, once each time the organisation app opens for an organisation
  // (after its access check); not sent offline (trackEvent).
  useEffect(() => trackEvent('Case Manager Loaded', orgId), [orgId]);
  // The same navigation while the organisation's details load: the chrome and the open screen
  // are not rendered again for them (a case screen opening on a throttled tablet).
  // "Shop" follows the organisation's `store` flag, read as every screen reads its features.
  const storeOn = useOrgFeatureValues(orgId).values.store === true;
  const nav = useMemo(() => orgNav(orgId, isAdmin, storeOn), [orgId, isAdmin, storeOn]);
  const banner = useMemo(() => <SubscriptionBanner orgId={orgId} />, [orgId]);
  return <SubAppRoutes routes={ORG_ROUTES} nav={nav} banner={banner} />;
}

/** The organisation app, loaded on demand under /org/{orgId} (spec 000 §2), for its members (spec 000 §4, §6). */
export default function OrgApp(): ReactNode {
  const { orgId = '' } = useParams();
  return <RequireOrgAccess orgId={orgId} children={<OrgAppRoutes orgId={orgId} />} />;
}
