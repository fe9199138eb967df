import type { ReactNode } from 'react';
import { NotAvailableYet } from '../../app/Page.js';

/** Placeholder until this screen is built. */
export function AdminReportsPage(): ReactNode {
  return <NotAvailableYet title="Admin Reports" />;
}
