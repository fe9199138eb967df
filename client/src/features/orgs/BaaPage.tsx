import type { ReactNode } from 'react';
import { NotAvailableYet } from '../../app/Page.js';

/** Placeholder until this screen is built. */
export function BaaPage(): ReactNode {
  return <NotAvailableYet title="Business Associate Agreement" />;
}
