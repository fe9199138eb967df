import { Alert, Loader, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Page } from '../../ui/Page.js';
import { fetchTeamLiveCases } from './api.js';
import { liveErrorText } from './LiveVitalsPage.js';
import { LiveOfficeGroups } from './LiveOfficeGroups.js';
import { byOffice } from './liveRows.js';
import { LIVE_REREAD_MS } from './ParentLivePage.js';
import { useLiveCases, useSecondClock } from './useLiveCases.js';

/**
 * /vigil-team/live (issue 41; spec 000 §2): every office's cases in progress with their latest
 * vitals and freshness, grouped by office, as a parent's live view shows its offices'. The team
 * watches every office, so no live-event stream is opened (a browser holds six connections to a
 * server): the list is read again every LIVE_REREAD_MS, and the freshness moves every second.
 */
export function TeamLivePage(): ReactNode {
  const live = useLiveCases(fetchTeamLiveCases);
  const now = useSecondClock();
  const groups = byOffice(live.rows ?? []);
  const { reload } = live;
  useEffect(() => {
    const timer = window.setInterval(reload, LIVE_REREAD_MS);
    return () => window.clearInterval(timer);
  }, [reload]);
  return (
    <Page title="Live">
      {live.rows === null && !live.error && <Loader aria-label="Loading" />}
      {live.error && <Alert color="red">{liveErrorText(live.error)}</Alert>}
      {live.rows && live.rows.length === 0 && (
        <Text data-testid="live-empty">No cases in progress in any organization.</Text>
      )}
      <LiveOfficeGroups groups={groups} now={now} />
    </Page>
  );
}
