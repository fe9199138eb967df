import type { ReactNode } from 'react';
import { NotAvailableYet } from '../../app/Page.js';

/** Placeholder until this screen is built. */
export function NewCasePage(): ReactNode {
  return <NotAvailableYet title="New Case" />;
}
