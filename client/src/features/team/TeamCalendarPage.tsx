import type { ReactNode } from 'react';
import { Page } from '../../ui/Page.js';
import { OfficesCalendar } from '../calendar/index.js';
import { useAllOrgs } from '../orgs/index.js';
import { fetchTeamAppointments } from './oversightApi.js';

/** What the team's calendar says when the appointments could not be read. */
export function teamCalendarErrorText(code: string): string {
  if (code === 'NOT_AUTHORIZED') return 'This calendar is for the Vigil team.';
  if (code === 'NETWORK_ERROR')
    return 'Offline: the calendar could not be loaded. Open it again once the connection is back.';
  return `Could not load appointments (${code}).`;
}

/**
 * `/vigil-team/calendar` (issue 41; spec 000 §2): every organisation's appointments on the shared
 * month grid, as the parent's calendar shows its offices', with an organisation filter.
 */
export function TeamCalendarPage(): ReactNode {
  const offices = (useAllOrgs().data ?? []).filter((o) => o.type !== 'parent');
  return (
    <Page title="Calendar">
      <OfficesCalendar
        load={fetchTeamAppointments}
        offices={offices}
        filterLabel="Organization"
        errorText={teamCalendarErrorText}
        emptyText={(orgId) =>
          orgId ? 'No appointments in these weeks at this organization.' : 'No appointments in these weeks.'
        }
      />
    </Page>
  );
}
