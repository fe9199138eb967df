import { APPOINTMENT_EXTENSIONS, extensionsOf, type Appointment, type ParentAppointmentView } from '@vigil/shared';
import { z } from 'zod';
import { audited, recorded, type Audited, type AuditEntry, type AuditSinks, type Recorded } from '../access/audited.js';
import { internalStaff, type Caller } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { refuse } from '../errors.js';
import { parseInput } from '../input.js';
import { orgFor } from '../orgs/authorize.js';
import type { PageRequest } from '../pages.js';
import type { OrgRecord } from '../store/orgs/organisations.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { ResourceStore } from '../store/resources/types.js';
import { appointmentNames } from './names.js';

export interface ParentCalendarDeps {
  orgs: Pick<OrgStore, 'org' | 'childOrgs' | 'allOrgs'>;
  access: OrgAccess;
  resources: Pick<ResourceStore, 'read' | 'search'>;
}

/** The longest range one read covers: the calendar's six weeks, and some (a decision). */
export const PARENT_CALENDAR_MAX_DAYS = 62;
/** The most appointments one office contributes to one range (a decision: about 30 a day for 62 days). */
export const PARENT_CALENDAR_PER_OFFICE = 2_000;
const DAY = 24 * 60 * 60 * 1000;

const rangeInput = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    orgId: z.string().min(1).nullish(),
    first: z.number().int().positive(),
    after: z.string().nullable(),
  })
  .refine((i) => i.to > i.from && i.to - i.from <= PARENT_CALENDAR_MAX_DAYS * DAY, {
    message: `The range ends after it starts and covers at most ${PARENT_CALENDAR_MAX_DAYS} days`,
    path: ['to'],
  });
const input = rangeInput.and(z.object({ parentOrgId: z.string().min(1) }));
type RangeInput = z.infer<typeof rangeInput>;

/** Calendar order: by start, then office, then id; the cursor is the last row's `start|orgId|id`. */
const key = (a: Pick<ParentAppointmentView, 'start' | 'orgId' | 'id'>): string =>
  `${String(a.start).padStart(16, '0')}|${a.orgId}|${a.id}`;
const keyOfCursor = (after: string): string => {
  const [start = '', ...rest] = after.split('|');
  return `${start.padStart(16, '0')}|${rest.join('|')}`;
};

/**
 * The parent organisation's calendar (issue 41 "Parent organisation"): its offices' appointments
 * in a date range on one grid, optionally one office's; whoever administers the parent (its
 * admins, the team's ubers), as the parent's live list. Each read is audited as a read of patient
 * data per office. The names are read from each office's resources, as its own calendar shows them.
 */
export class ParentCalendarService {
  constructor(private readonly deps: ParentCalendarDeps) {}

  /** parentAppointments(parentOrgId, from, to, orgId, first, after). */
  async appointments(
    caller: Caller,
    args: Record<string, unknown> & PageRequest,
  ): Promise<Recorded<ParentAppointmentView[]>> {
    const i = parseInput(input, args);
    const { org } = await orgFor({ store: this.deps.orgs, access: this.deps.access }, caller, i.parentOrgId, 'admin');
    return this.ofOffices(await this.deps.orgs.childOrgs(org.id), i, 'parent-calendar');
  }

  /**
   * teamAppointments(from, to, orgId, first, after): every office's appointments (or one's), as
   * the parent's calendar shows its offices'; internal staff only (the team app's `calendar`).
   */
  async teamAppointments(
    caller: Caller,
    args: Record<string, unknown> & PageRequest,
  ): Promise<Recorded<ParentAppointmentView[]>> {
    internalStaff(caller);
    const i = parseInput(rangeInput, args);
    const offices = (await this.deps.orgs.allOrgs()).filter((o) => o.type !== 'parent');
    return this.ofOffices(offices, i, 'team-calendar');
  }

  /** The appointments of these offices (one of them with `orgId`), a page in calendar order, audited per office. */
  private async ofOffices(
    all: readonly OrgRecord[],
    i: RangeInput,
    description: string,
  ): Promise<Recorded<ParentAppointmentView[]>> {
    // An office filter names one of the offices; any other is not found.
    const offices = i.orgId ? all.filter((c) => c.id === i.orgId) : all;
    if (i.orgId && offices.length === 0) refuse('NOT_FOUND');
    const fromIso = new Date(i.from).toISOString();
    const toIso = new Date(i.to).toISOString();
    const rows: { row: Omit<ParentAppointmentView, 'patient' | 'provider' | 'place'>; appointment: Appointment }[] = [];
    for (const office of offices) {
      const found = await this.deps.resources.search(
        office.id,
        'Appointment',
        [
          { name: 'date', op: 'ge', values: [fromIso] },
          { name: 'date', op: 'lt', values: [toIso] },
        ],
        { offset: 0, count: PARENT_CALENDAR_PER_OFFICE },
        { by: 'date', descending: false },
      );
      for (const resource of found.items) {
        const a = resource as Appointment & { id: string };
        if (!a.start) continue;
        const row = {
          id: a.id,
          orgId: office.id,
          orgName: office.name,
          start: Date.parse(a.start),
          end: a.end ? Date.parse(a.end) : null,
          status: a.status ?? 'booked',
          finalized: extensionsOf(a, APPOINTMENT_EXTENSIONS.pdf).length > 0,
          description: a.description ?? null,
        };
        rows.push({ row, appointment: a });
      }
    }
    rows.sort((a, b) => (key(a.row) < key(b.row) ? -1 : key(a.row) > key(b.row) ? 1 : 0));
    const after = i.after === null ? null : keyOfCursor(i.after);
    const page = rows.filter((r) => after === null || key(r.row) > after).slice(0, i.first);
    const patients = new Map<string, string[]>();
    const out: ParentAppointmentView[] = [];
    for (const { row, appointment } of page) {
      const { patientId, ...names } = await appointmentNames(this.deps.resources, row.orgId, appointment);
      out.push({ ...row, ...names });
      if (patientId) patients.set(row.orgId, [...(patients.get(row.orgId) ?? []), `Patient/${patientId}`]);
    }
    const entries: AuditEntry[] = [...patients].map(([orgId, entities]) => ({
      trail: 'fhir',
      orgId,
      interaction: 'search-type',
      entities,
      description,
    }));
    return recorded(out, ...entries);
  }
}

export type AuditedParentCalendar = Audited<ParentCalendarService, 'appointments' | 'teamAppointments'>;

export function auditedParentCalendar(service: ParentCalendarService, sinks: AuditSinks): AuditedParentCalendar {
  return audited(service, { appointments: 'phiRead', teamAppointments: 'phiRead' }, sinks);
}
