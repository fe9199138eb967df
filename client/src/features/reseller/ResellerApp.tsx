import { useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { fetchResellerDelivery, fetchResellerWebhook, resellerRedeliver } from '../../data/resellerApps.js';
import { SubAppRoutes, webhookRoutes, type SubAppRoute } from '../../ui/SubAppRoutes.js';
import { DeliveriesPage, DeliveryPage, SERVER_APPS_API, WebhookPage, type AppsApi } from '../apps/index.js';
import { resellerAppPath, ResellerAppPage, ResellerAppsPage } from './ResellerPages.js';

/**
 * The webhook-debug screens under a reseller's app (spec 000 §2): the organisation's screens, reading
 * through the reseller's calls (the organisation argument they pass is not used: the reseller and
 * the app in the address name what is shown).
 */
function ResellerWebhookScreen({ screen }: { screen: 'webhook' | 'deliveries' | 'delivery' }): ReactNode {
  const { resellerId = '', appId = '' } = useParams();
  const api = useMemo<AppsApi>(
    () => ({
      ...SERVER_APPS_API,
      fetchWebhook: (_orgId, webhookId, first) => fetchResellerWebhook(resellerId, appId, webhookId, first),
      fetchDelivery: (_orgId, deliveryId) => fetchResellerDelivery(resellerId, appId, deliveryId),
      redeliverWebhook: (_orgId, deliveryId) => resellerRedeliver(resellerId, appId, deliveryId),
    }),
    [resellerId, appId],
  );
  const base = resellerAppPath(resellerId, appId);
  if (screen === 'webhook') return <WebhookPage api={api} base={base} />;
  if (screen === 'deliveries') return <DeliveriesPage api={api} base={base} />;
  return <DeliveryPage api={api} base={base} />;
}

/** The reseller app's routes under /reseller/{resellerId} (spec 000 §2). */
export const RESELLER_ROUTES: readonly SubAppRoute[] = [
  { path: '', title: 'Reseller', element: <ResellerAppsPage home /> },
  { path: 'apps', title: 'Apps', element: <ResellerAppsPage /> },
  { path: 'apps/:appId', title: 'App', element: <ResellerAppPage /> },
  ...webhookRoutes('apps/:appId', {
    webhook: <ResellerWebhookScreen screen="webhook" />,
    deliveries: <ResellerWebhookScreen screen="deliveries" />,
    delivery: <ResellerWebhookScreen screen="delivery" />,
  }),
];

/** The reseller app, loaded on demand (spec 000 §2). */
export default function ResellerApp(): ReactNode {
  const { resellerId = '' } = useParams();
  return (
    <SubAppRoutes
      routes={RESELLER_ROUTES}
      nav={[{ label: 'Apps', href: `/reseller/${encodeURIComponent(resellerId)}/apps` }]}
    />
  );
}
