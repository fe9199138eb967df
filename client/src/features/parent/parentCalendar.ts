import type { ParentAppointmentView } from '@vigil/shared';
import { graphql } from '../../data/graphql.js';

/*
 * The parent organisation's calendar call (issue 41): its offices' appointments in a range, every
 * page read (at most PARENT_CALENDAR_PAGES pages of the server's largest page).
 */

const FIELDS = 'id orgId orgName start end status finalized description patient provider place';

/** Rows a page asks for: the server's largest page (graphql/pagination.ts PAGE_SIZE.max). */
export const PARENT_CALENDAR_PAGE = 200;
/** Pages read for one range: 2,000 appointments in six weeks, far past what a group books (a decision). */
export const PARENT_CALENDAR_PAGES = 10;

/** parentAppointments over [from, to), one office's when `orgId` is set, in calendar order. */
export async function fetchParentAppointments(
  parentOrgId: string,
  from: Date,
  to: Date,
  orgId: string | null,
): Promise<ParentAppointmentView[]> {
  const out: ParentAppointmentView[] = [];
  let after: string | null = null;
  for (let page = 0; page < PARENT_CALENDAR_PAGES; page += 1) {
    const data: { parentAppointments: ParentAppointmentView[] } = await graphql(
      `query ParentAppointments($p: String, $from: Float!, $to: Float!, $o: String, $first: Int, $after: String) {
        parentAppointments(parentOrgId: $p, from: $from, to: $to, orgId: $o, first: $first, after: $after) { ${FIELDS} }
      }`,
      { p: parentOrgId, from: from.getTime(), to: to.getTime(), o: orgId, first: PARENT_CALENDAR_PAGE, after },
    );
    const rows = data.parentAppointments;
    out.push(...rows);
    const last = rows.at(-1);
    if (rows.length < PARENT_CALENDAR_PAGE || !last) break;
    after = `${last.start}|${last.orgId}|${last.id}`;
  }
  return out;
}
