import type { ReactNode } from 'react';
import { NotAvailableYet } from '../../app/Page.js';

/** Placeholder until this screen is built. */
export function LocationsPage(): ReactNode {
  return <NotAvailableYet title="Locations" />;
}
