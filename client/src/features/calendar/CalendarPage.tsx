import type { ReactNode } from 'react';
import { NotAvailableYet } from '../../app/Page.js';

/** Placeholder until this screen is built. */
export function CalendarPage(): ReactNode {
  return <NotAvailableYet title="Calendar" />;
}
