import type { ReactNode } from 'react';
import { NotAvailableYet } from '../../app/Page.js';

/** Placeholder until this screen is built. */
export function ReportReviewViewPage(): ReactNode {
  return <NotAvailableYet title="Report Review" />;
}
