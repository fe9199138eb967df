import { memo, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AppChrome, type NavItem } from './AppChrome.js';
import { NotFound } from './NotFound.js';
import { NotAvailableYet } from './Page.js';

/** A sub-app route: its path relative to the sub-app's prefix, its title, and its screen once built. */
export interface SubAppRoute {
  path: string;
  title: string;
  element?: ReactNode;
}

export interface SubAppRoutesProps {
  routes: readonly SubAppRoute[];
  nav: NavItem[];
}

/**
 * Renders a sub-app's route table inside the application chrome; unknown paths get the not-found
 * page. It renders again only when its routes or navigation change.
 */
export const SubAppRoutes = memo(function SubAppRoutes({ routes, nav }: SubAppRoutesProps): ReactNode {
  return (
    <AppChrome nav={nav}>
      <Routes>
        {routes.map((r) => (
          <Route
            key={r.path || 'index'}
            {...(r.path === '' ? { index: true } : { path: r.path })}
            element={r.element ?? <NotAvailableYet title={r.title} />}
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </AppChrome>
  );
});

/** The shop routes of spec 000 §2, under a base path. */
export function shopRoutes(base: string): SubAppRoute[] {
  const at = (p: string): string => (base ? `${base}/${p}` : p);
  return [
    { path: at('shop'), title: 'Shop' },
    { path: at('shop/cart'), title: 'Cart' },
    { path: at('shop/checkout'), title: 'Checkout' },
    { path: at('shop/product/:productId'), title: 'Product' },
  ];
}

/** The webhook-debug routes of spec 000 §2, under a base path. */
export function webhookRoutes(base: string): SubAppRoute[] {
  return [
    { path: `${base}/webhooks/:webhookId`, title: 'Webhook' },
    { path: `${base}/webhooks/:webhookId/deliveries`, title: 'Webhook Deliveries' },
    { path: `${base}/webhooks/:webhookId/deliveries/:webhookDeliveryId`, title: 'Webhook Delivery' },
  ];
}
