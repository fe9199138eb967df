import { Alert, Loader, Text } from '@mantine/core';
import { useCallback, useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useLiveResourceEvents, type LiveVitalsListener } from '../../data/db.js';
import { Page } from '../../ui/Page.js';
import { useChildOrgs } from '../orgs/index.js';
import { fetchParentLiveCases } from './api.js';
import { liveErrorText } from './LiveVitalsPage.js';
import { LiveOfficeGroups } from './LiveOfficeGroups.js';
import { byOffice } from './liveRows.js';
import { useLiveCases, useSecondClock } from './useLiveCases.js';

/**
 * Offices whose live-event streams the parent's view opens (docs/decisions.md, session 27): a
 * browser keeps at most six connections to a server over HTTP/1.1, and the app needs some for
 * its own calls. A parent with more offices has its list read again every LIVE_REREAD_MS.
 */
export const LIVE_PARENT_STREAMS_MAX = 4;
export const LIVE_REREAD_MS = 10_000;

/** One office's live-event stream, for its live vitals only (no resource reaches the cache). */
function OfficeStream({ orgId, listener }: { orgId: string; listener: LiveVitalsListener }): ReactNode {
  useLiveResourceEvents(orgId, [], listener);
  return null;
}

/**
 * /parent/{parentOrgId}/live (issue 41 "Parent organisation"): the live vitals of every office
 * the parent oversees, grouped by office, kept live by each office's live-event stream.
 */
export function ParentLivePage(): ReactNode {
  const { parentOrgId = '' } = useParams();
  const live = useLiveCases(useCallback(() => fetchParentLiveCases(parentOrgId), [parentOrgId]));
  const now = useSecondClock();
  const groups = byOffice(live.rows ?? []);
  const offices = useChildOrgs(parentOrgId).data ?? [];
  const streamed = offices.length <= LIVE_PARENT_STREAMS_MAX;
  const { reload } = live;
  useEffect(() => {
    if (streamed) return;
    const timer = window.setInterval(reload, LIVE_REREAD_MS);
    return () => window.clearInterval(timer);
  }, [streamed, reload]);
  return (
    <Page title="Live">
      {streamed && offices.map((o) => <OfficeStream key={o.id} orgId={o.id} listener={live.listener} />)}
      {live.rows === null && !live.error && <Loader aria-label="Loading" />}
      {live.error && <Alert color="red">{liveErrorText(live.error)}</Alert>}
      {live.rows && live.rows.length === 0 && (
        <Text data-testid="live-empty">
          No cases in progress in the organizations this admin organization oversees.
        </Text>
      )}
      <LiveOfficeGroups groups={groups} now={now} />
    </Page>
  );
}
