/**
 * The front desk's pre-op list (issue 40, `/org/{orgId}/preop-list`): the coming days' sedation
 * appointments with what each patient still owes (shared PRE1–PRE6), computed here in one
 * paginated query so the browser makes one call, not one per patient. Every read goes through
 * the one FHIR service (audited as the caller's PHI reads); the NPO mark is written through it
 * as the server's composition (a server-owned extension, [SG2]) and audited like any write; the
 * office's review period is an audited configuration change.
 */
import {
  appointmentActorId,
  extensionValue,
  HEALTH_HISTORY_TYPE,
  measurementOf,
  patientDisplayName,
  PREOP_REVIEW_DAYS,
  preopVerdict,
  reviewDaysOf,
  withAppointmentNpo,
  APPOINTMENT_EXTENSIONS,
  type AllergyIntolerance,
  type Appointment,
  type CaseHistoryItem,
  type Composition,
  type FhirResource,
  type FhirResourceType,
  type Observation,
  type Patient,
  type PreopRowView,
  type PreopSettingsView,
} from '@vigil/shared';
import { z } from 'zod';
import { audited, recorded, type Audited, type AuditSinks, type Recorded } from '../access/audited.js';
import type { Caller, SignedIn } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { AppError, VersionConflictError } from '../errors.js';
import type { FhirService, RequestContext } from '../fhir/service.js';
import { orgFor } from '../orgs/authorize.js';
import { parse } from '../orgs/common.js';
import type { PageRequest } from '../pages.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { PreopSettingsStore } from '../store/preop/types.js';
import { CASE_DATA_EXTENSION } from '../sync/projection.js';

export interface PreopDeps {
  fhir: Pick<FhirService, 'search' | 'read' | 'update'>;
  settings: PreopSettingsStore;
  orgs: Pick<OrgStore, 'org'>;
  access: OrgAccess;
  now: () => number;
}

/** The longest range the list reads at once (decision: a month of appointments). */
export const PREOP_MAX_RANGE_DAYS = 31;
/** Statuses that are no visit to prepare for. */
const NO_VISIT = new Set(['cancelled', 'noshow', 'entered-in-error', 'fulfilled', 'waitlist']);
/** Resources read per FHIR page, and patients per batched search (the search takes at most 200 values). */
const READ_PAGE = 1000;
const PATIENTS_PER_BATCH = 100;

const fhirId = z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/);
const instant = z.iso.datetime({ offset: true });
const listArgs = z.object({
  from: instant,
  to: instant,
  providerId: fhirId.nullish(),
  locationId: fhirId.nullish(),
  onlyIncomplete: z.boolean().nullish(),
});
const npoArgs = z.object({ appointmentId: fhirId, given: z.boolean() });
const settingsArgs = z.object({
  reviewDays: z.number().int().min(PREOP_REVIEW_DAYS.min).max(PREOP_REVIEW_DAYS.max),
});

type WithId<T> = T & { id: string };

/** What one batch of appointments' patients has on file. */
interface PatientFacts {
  patients: Map<string, Patient>;
  histories: Map<string, CaseHistoryItem[]>;
  weights: Map<string, number[]>;
  allergies: Map<string, (number | null)[]>;
}

export class PreopService {
  constructor(private readonly deps: PreopDeps) {}

  /** preopList: one page of the range's visits, by start then id, each with its PRE6 verdict. */
  async list(caller: Caller, args: Record<string, unknown>, page: PageRequest): Promise<PreopRowView[]> {
    const { ctx, orgId } = await this.member(caller, args.orgId);
    const a = parse(listArgs, args);
    const from = Date.parse(a.from);
    const to = Date.parse(a.to);
    if (!(from < to) || to - from > PREOP_MAX_RANGE_DAYS * 86_400_000) {
      throw new AppError(400, 'INVALID_INPUT', `A range of at most ${PREOP_MAX_RANGE_DAYS} days`);
    }
    const reviewDays = reviewDaysOf((await this.deps.settings.get(orgId))?.reviewDays);
    const visits = (await this.visits(ctx, a.from, a.to, a.providerId ?? null, a.locationId ?? null)).sort(
      (x, y) => byCodeUnits(x.start ?? '', y.start ?? '') || byCodeUnits(x.id, y.id),
    );
    let rest = visits;
    if (page.after !== null) {
      const at = visits.findIndex((v) => v.id === page.after);
      rest = at < 0 ? [] : visits.slice(at + 1);
    }
    const rows: PreopRowView[] = [];
    // Batches of the page's size: an unfiltered page reads its patients' facts once.
    for (let i = 0; i < rest.length && rows.length < page.first; i += page.first) {
      const batch = rest.slice(i, i + page.first);
      const facts = await this.patientFacts(ctx, batch);
      for (const appointment of batch) {
        const row = rowOf(appointment, facts, reviewDays);
        if (a.onlyIncomplete && row.missing.length === 0) continue;
        rows.push(row);
        if (rows.length === page.first) break;
      }
    }
    return rows;
  }

  /** setPreopNpo: ticks (or unticks) the NPO instructions of a visit, with the caller's name and now. */
  async setNpo(caller: Caller, args: Record<string, unknown>): Promise<PreopRowView> {
    const { ctx, orgId, who } = await this.member(caller, args.orgId);
    const a = parse(npoArgs, args);
    const at = new Date(this.deps.now()).toISOString();
    const mark = a.given ? { byId: who.user.id, byName: who.user.name || who.user.email, at } : null;
    // The mark is the server's to write ([SG2]): composed here, never taken from a client's PUT.
    const writer: RequestContext = { ...ctx, serverWriter: true };
    let written: WithId<Appointment> | null = null;
    for (let attempt = 0; written === null; attempt += 1) {
      const current = await this.deps.fhir.read(writer, 'Appointment', a.appointmentId);
      const next = withAppointmentNpo(current.resource as Appointment, mark);
      try {
        const { version } = await this.deps.fhir.update(
          writer,
          'Appointment',
          a.appointmentId,
          next,
          current.versionId,
        );
        written = version.resource as WithId<Appointment>;
      } catch (err) {
        if (!(err instanceof VersionConflictError) || attempt >= 3) throw err;
      }
    }
    const reviewDays = reviewDaysOf((await this.deps.settings.get(orgId))?.reviewDays);
    return rowOf(written, await this.patientFacts(ctx, [written]), reviewDays);
  }

  /** preopSettings: the office's review period (PRE3), its members read it. */
  async settings(caller: Caller, args: Record<string, unknown>): Promise<PreopSettingsView> {
    const { orgId } = await this.member(caller, args.orgId);
    return { reviewDays: reviewDaysOf((await this.deps.settings.get(orgId))?.reviewDays) };
  }

  /** setPreopSettings: whoever administers the office sets its review period (1-365 days); audited. */
  async setSettings(caller: Caller, args: Record<string, unknown>): Promise<Recorded<PreopSettingsView>> {
    const { caller: who, org } = await orgFor(
      { store: this.deps.orgs, access: this.deps.access },
      caller,
      args.orgId,
      'admin',
    );
    const { reviewDays } = parse(settingsArgs, args);
    await this.deps.settings.put({ orgId: org.id, reviewDays, updatedBy: who.user.id, updatedAt: this.deps.now() });
    return recorded(
      { reviewDays },
      { trail: 'organisation', action: 'preopSettingsSet', detail: { orgId: org.id, reviewDays } },
    );
  }

  private async member(
    caller: Caller,
    rawOrgId: unknown,
  ): Promise<{ ctx: RequestContext; orgId: string; who: SignedIn }> {
    const { caller: who, org } = await orgFor(
      { store: this.deps.orgs, access: this.deps.access },
      caller,
      rawOrgId,
      'member',
    );
    return { ctx: { orgId: org.id, userId: who.user.id, ip: who.ip, baseUrl: '' }, orgId: org.id, who };
  }

  /** The range's appointments that are visits to prepare (with a patient), narrowed by provider and place. */
  private async visits(
    ctx: RequestContext,
    from: string,
    to: string,
    providerId: string | null,
    locationId: string | null,
  ): Promise<WithId<Appointment>[]> {
    const params: [string, string][] = [
      ['date', `ge${from}`],
      ['date', `lt${to}`],
    ];
    if (providerId) params.push(['practitioner', `Practitioner/${providerId}`]);
    if (locationId) params.push(['location', `Location/${locationId}`]);
    const all = await this.searchAll<Appointment>(ctx, 'Appointment', params);
    return all.filter((a) => !NO_VISIT.has(a.status) && appointmentActorId(a, 'Patient') !== null);
  }

  /** Every page of a search. */
  private async searchAll<T extends FhirResource>(
    ctx: RequestContext,
    type: FhirResourceType,
    params: [string, string][],
  ): Promise<WithId<T>[]> {
    const out: WithId<T>[] = [];
    for (let offset = 0; ; offset += READ_PAGE) {
      const query = new URLSearchParams([...params, ['_count', String(READ_PAGE)], ['_offset', String(offset)]]);
      const found = ((await this.deps.fhir.search(ctx, type, query)).entry ?? []).map((e) => e.resource as WithId<T>);
      out.push(...found);
      if (found.length < READ_PAGE) return out;
    }
  }

  /** The patients of these appointments and what they have on file: four batched searches per 100 patients. */
  private async patientFacts(ctx: RequestContext, appointments: readonly Appointment[]): Promise<PatientFacts> {
    const ids = [...new Set(appointments.map((a) => appointmentActorId(a, 'Patient')).filter((id) => id !== null))];
    const facts: PatientFacts = { patients: new Map(), histories: new Map(), weights: new Map(), allergies: new Map() };
    const push = <V>(map: Map<string, V[]>, key: string | null, value: V): void => {
      if (key === null) return;
      map.set(key, [...(map.get(key) ?? []), value]);
    };
    for (let i = 0; i < ids.length; i += PATIENTS_PER_BATCH) {
      const batch = ids.slice(i, i + PATIENTS_PER_BATCH);
      const refs = batch.map((id) => `Patient/${id}`).join(',');
      for (const p of await this.searchAll<Patient>(ctx, 'Patient', [['_id', batch.join(',')]]))
        facts.patients.set(p.id, p);
      const type = `${HEALTH_HISTORY_TYPE.system}|${HEALTH_HISTORY_TYPE.code}`;
      for (const c of await this.searchAll<Composition>(ctx, 'Composition', [
        ['subject', refs],
        ['type', type],
      ])) {
        if (c.status !== 'entered-in-error') push(facts.histories, refId(c.subject?.reference), historyItem(c));
      }
      for (const o of await this.searchAll<Observation>(ctx, 'Observation', [['patient', refs]])) {
        const t = Date.parse(o.effectiveDateTime ?? o.meta?.lastUpdated ?? '');
        const weight = measurementOf(o, 'weight');
        if (o.status !== 'entered-in-error' && weight && weight.value > 0 && Number.isFinite(t)) {
          push(facts.weights, refId(o.subject?.reference), t);
        }
      }
      for (const al of await this.searchAll<AllergyIntolerance>(ctx, 'AllergyIntolerance', [['patient', refs]])) {
        if (al.verificationStatus?.coding?.some((c) => c.code === 'entered-in-error')) continue;
        const t = Date.parse(al.recordedDate ?? '');
        push(facts.allergies, refId(al.patient.reference), Number.isFinite(t) ? t : null);
      }
    }
    return facts;
  }
}

const refId = (ref: string | undefined): string | null =>
  ref?.startsWith('Patient/') ? ref.slice('Patient/'.length) : null;

/** A health history Composition as HX3 lists it (its content from the caseData projection). */
function historyItem(c: WithId<Composition>): CaseHistoryItem {
  const updated = Date.parse(c.meta?.lastUpdated ?? c.date);
  const created = Date.parse(c.date);
  return {
    id: c.id,
    status: c.status,
    createdAt: Number.isNaN(created) ? 0 : created,
    updatedAt: Number.isNaN(updated) ? 0 : updated,
    data: caseDataOf(c),
  };
}

/** The projected content of a Composition (base64 canonical JSON), or an empty one. */
function caseDataOf(c: Composition): Record<string, unknown> {
  const attachment = extensionValue(c, CASE_DATA_EXTENSION, 'valueAttachment') as { data?: unknown } | undefined;
  if (typeof attachment?.data !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(Buffer.from(attachment.data, 'base64').toString('utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** One row of the list: the visit, its patient and the PRE6 verdict. */
function rowOf(appointment: WithId<Appointment>, facts: PatientFacts, reviewDays: number): PreopRowView {
  const patientId = appointmentActorId(appointment, 'Patient') ?? '';
  const patient = facts.patients.get(patientId);
  const verdict = preopVerdict({
    appointment,
    histories: facts.histories.get(patientId) ?? [],
    weightTimes: facts.weights.get(patientId) ?? [],
    allergyTimes: facts.allergies.get(patientId) ?? [],
    reviewDays,
  });
  const sedation = extensionValue(appointment, APPOINTMENT_EXTENSIONS.sedationLevel, 'valueCode');
  return {
    appointmentId: appointment.id,
    start: appointment.start ?? '',
    end: appointment.end ?? '',
    status: appointment.status,
    patientId,
    patientName: patient ? patientDisplayName(patient) : '',
    patientBirthDate: patient?.birthDate ?? null,
    providerId: appointmentActorId(appointment, 'Practitioner'),
    locationId: appointmentActorId(appointment, 'Location'),
    sedationLevel: typeof sedation === 'string' ? sedation : null,
    ...verdict,
  };
}

/** The list as the server builds it: the review period's change is an audited configuration change. */
export type AuditedPreop = Audited<PreopService, 'setSettings'>;

export function auditedPreop(service: PreopService, sinks: AuditSinks): AuditedPreop {
  return audited(service, { setSettings: 'configuration' }, sinks);
}

/**
 * Plain code-unit order (as SQL's binary collation and Array.prototype.sort): localeCompare puts
 * 'i…' before 'Z…', so ids differing in case came in an order that depended on the ICU locale.
 */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
