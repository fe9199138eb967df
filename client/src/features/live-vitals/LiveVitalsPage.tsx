import { Alert, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useLiveResourceEvents } from '../../data/db.js';
import { Page } from '../../ui/Page.js';
import { LiveVitalsTable } from './LiveVitalsTable.js';
import { useOrgLiveCases, useSecondClock } from './useLiveCases.js';

/** A load refused or failed, in words. */
export function liveErrorText(code: string): string {
  return code === 'NOT_AUTHORIZED'
    ? 'You do not have access to the live vitals of this organization.'
    : 'The live vitals could not be loaded. They will load again when the connection returns.';
}

/**
 * /org/{orgId}/live-vitals (issue 38 "Screens", spec 000 §2): every case in progress in the
 * office with its latest vitals and their freshness, kept live by the office's live-event stream;
 * a row opens its case.
 */
export function LiveVitalsPage(): ReactNode {
  const { orgId = '' } = useParams();
  const live = useOrgLiveCases(orgId);
  // The office's stream: its resource events keep the cache fresh, its live vitals the rows.
  useLiveResourceEvents(orgId, [], live.listener);
  const now = useSecondClock();
  return (
    <Page title="Live Vitals">
      {live.rows === null && !live.error && <Loader aria-label="Loading" />}
      {live.error && <Alert color="red">{liveErrorText(live.error)}</Alert>}
      {live.rows && live.rows.length === 0 && (
        <Text data-testid="live-empty">No cases in progress. A case appears here once it starts.</Text>
      )}
      {live.rows && live.rows.length > 0 && <LiveVitalsTable rows={live.rows} now={now} label="Cases in progress" />}
    </Page>
  );
}
