import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { NotAvailableYet } from '../../ui/Page.js';
import { TestMonitorsPage } from './TestMonitorsPage.js';

/** /demo (spec 000 §2: query orgId, mode=testMonitors): the monitor test page; the rest of demo mode is not built yet. */
export function DemoPage(): ReactNode {
  const [params] = useSearchParams();
  return params.get('mode') === 'testMonitors' ? (
    <TestMonitorsPage orgId={params.get('orgId')} />
  ) : (
    <NotAvailableYet title="Demo" />
  );
}
