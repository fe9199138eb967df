import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { SubAppRoutes, webhookRoutes, type SubAppRoute } from '../../ui/SubAppRoutes.js';

/** The reseller app's routes under /reseller/{resellerId} (spec 000 §2). */
export const RESELLER_ROUTES: readonly SubAppRoute[] = [
  { path: '', title: 'Reseller' },
  { path: 'apps', title: 'Apps' },
  { path: 'apps/:appId', title: 'App' },
  ...webhookRoutes('apps/:appId'),
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
