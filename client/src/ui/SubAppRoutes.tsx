import { createContext, memo, useContext, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { NotFound } from './NotFound.js';
import { NotAvailableYet } from './Page.js';

/** A sub-app route: its path relative to the sub-app's prefix, its title, and its screen once built. */
export interface SubAppRoute {
  path: string;
  title: string;
  element?: ReactNode;
}

export interface NavItem {
  label: string;
  href: string;
  /** Active only on exactly this path (a home item would otherwise be active everywhere below it). */
  exact?: boolean;
  /** The day the screen was released (UTC, YYYY-MM-DD): a 'NEW' badge for 15 days after (NB1). */
  releasedOn?: string;
}

export interface SubAppChromeProps {
  nav: NavItem[];
  children: ReactNode;
}

function BareChrome({ children }: SubAppChromeProps): ReactNode {
  return children;
}

/**
 * The application chrome a sub-app's screens render in (header, navigation, breadcrumbs, footer).
 * The shell provides it (app/AppChrome); the sub-apps are features and never import the shell.
 * Where none is provided (a unit test of one screen) the screens render bare.
 */
export const SubAppChrome = createContext<ComponentType<SubAppChromeProps>>(BareChrome);

export interface SubAppRoutesProps {
  routes: readonly SubAppRoute[];
  nav: NavItem[];
  /** Shown above every screen of the sub-app (the organisation app's subscription banner). */
  banner?: ReactNode;
}

/**
 * Renders a sub-app's route table inside the application chrome (SubAppChrome); unknown paths get
 * the not-found page. It renders again only when its routes or navigation change.
 */
export const SubAppRoutes = memo(function SubAppRoutes({ routes, nav, banner }: SubAppRoutesProps): ReactNode {
  const Chrome = useContext(SubAppChrome);
  return (
    <Chrome nav={nav}>
      {banner}
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
    </Chrome>
  );
});

/** The shop's screens, as shopRoutes names them. */
export type ShopScreen = 'shop' | 'cart' | 'checkout' | 'product';

/** The shop routes of spec 000 §2, under a base path, each with its screen when `element` gives one. */
export function shopRoutes(base: string, element?: (screen: ShopScreen) => ReactNode): SubAppRoute[] {
  const at = (p: string): string => (base ? `${base}/${p}` : p);
  const route = (path: string, title: string, screen: ShopScreen): SubAppRoute =>
    element ? { path: at(path), title, element: element(screen) } : { path: at(path), title };
  return [
    route('shop', 'Shop', 'shop'),
    route('shop/cart', 'Cart', 'cart'),
    route('shop/checkout', 'Checkout', 'checkout'),
    route('shop/product/:productId', 'Product', 'product'),
  ];
}

/** The webhook-debug screens, when built for a base (the organisation's installation; the reseller's app not yet). */
export interface WebhookScreens {
  webhook: ReactNode;
  deliveries: ReactNode;
  delivery: ReactNode;
}

/** The webhook-debug routes of spec 000 §2, under a base path, with their screens when given. */
export function webhookRoutes(base: string, screens?: WebhookScreens): SubAppRoute[] {
  const route = (path: string, title: string, element: ReactNode | undefined): SubAppRoute =>
    element ? { path, title, element } : { path, title };
  return [
    route(`${base}/webhooks/:webhookId`, 'Webhook', screens?.webhook),
    route(`${base}/webhooks/:webhookId/deliveries`, 'Webhook Deliveries', screens?.deliveries),
    route(`${base}/webhooks/:webhookId/deliveries/:webhookDeliveryId`, 'Webhook Delivery', screens?.delivery),
  ];
}
