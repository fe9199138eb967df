import { useCallback, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { OfficesCalendar } from '../calendar/index.js';
import { useChildOrgs } from '../orgs/index.js';
import { fetchParentAppointments } from './parentCalendar.js';

/** What the page says when the appointments could not be read. */
export function parentCalendarErrorText(code: string): string {
  if (code === 'NOT_AUTHORIZED') return 'You do not have access to the calendar of this admin organization.';
  if (code === 'NETWORK_ERROR')
    return 'Offline: the calendar could not be loaded. Open it again once the connection is back.';
  return `Could not load appointments (${code}).`;
}

/**
 * /parent/{parentOrgId}/calendar (issue 41 "Parent organisation"; spec 000 §2): the offices'
 * appointments on one month grid, as each office's calendar shows them, with an office filter;
 * the month, day and office live in the query string.
 */
export function ParentCalendarPage(): ReactNode {
  const { parentOrgId = '' } = useParams();
  const offices = useChildOrgs(parentOrgId).data ?? [];
  const load = useCallback(
    (from: Date, to: Date, orgId: string | null) => fetchParentAppointments(parentOrgId, from, to, orgId),
    [parentOrgId],
  );
  return (
    <Page title="Calendar">
      <OfficesCalendar
        load={load}
        offices={offices}
        filterLabel="Office"
        errorText={parentCalendarErrorText}
        emptyText={(officeId) =>
          officeId
            ? 'No appointments in these weeks at this office.'
            : 'No appointments in these weeks at the offices this admin organization oversees.'
        }
      />
    </Page>
  );
}
