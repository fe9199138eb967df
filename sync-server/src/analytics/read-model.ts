import {
  ANESTHESIA_RECORD_TYPE,
  appointmentActorId,
  appointmentSedationLevel,
  caseFacts,
  practitionerDisplayName,
  type Appointment,
  type CaseFacts,
  type CaseFactsInput,
  type Composition,
  type Location,
  type Practitioner,
} from '@vigil/shared';
import type { Logger } from '../log.js';
import type { CaseFactsStore } from '../store/analytics/types.js';
import { consumeChanges, type ConsumerLease } from '../store/changes/consumer.js';
import { ConsumerPasses } from '../store/changes/passes.js';
import type { Change, ChangeBus, ChangeStore } from '../store/changes/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { ReportStore } from '../store/reports/types.js';
import type { ResourceStore } from '../store/resources/types.js';
import { caseDataAttachment } from '../sync/projection.js';

/** The read model's cursor on the change feed. */
export const ANALYTICS_CONSUMER = 'analytics-case-facts';
/** The anesthesia record's type as a Composition search token. */
const RECORD_TOKEN = `${ANESTHESIA_RECORD_TYPE.system}|${ANESTHESIA_RECORD_TYPE.code}`;
/** Cases read per page while rebuilding. */
const REBUILD_PAGE = 200;
/** How often the model looks at the feed without being woken (changes another process committed). */
export const ANALYTICS_POLL_MS = 60_000;

export interface AnalyticsReadModelDeps {
  changes: ChangeStore;
  bus?: ChangeBus;
  resources: ResourceStore;
  reports: Pick<ReportStore, 'currentPdf' | 'addendaSince'>;
  orgs: Pick<OrgStore, 'allOrgs'>;
  facts: CaseFactsStore;
  now: () => number;
  log: Pick<Logger, 'warn'>;
  /** Several instances on one database: a pass runs only under this lease, so one instance consumes (issue 43). */
  lease?: Pick<ConsumerLease, 'run'>;
}

/** A case the feed says changed: its organisation and record id. */
interface CaseKey {
  orgId: string;
  caseId: string;
}

/**
 * The cases a batch of changes touches (ids only): an anesthesia record created, changed or
 * deleted, an appointment that names its record, a case finalized or given an addendum.
 */
export function touchedCases(changes: readonly Change[]): CaseKey[] {
  const keys = new Map<string, CaseKey>();
  const add = (orgId: string, caseId: string | null | undefined): void => {
    if (caseId) keys.set(`${orgId}/${caseId}`, { orgId, caseId });
  };
  for (const c of changes) {
    if (c.kind === 'case.finalized' || c.kind === 'addendum.signed') {
      add(c.orgId, typeof c.payload.compositionId === 'string' ? c.payload.compositionId : null);
    } else if (c.kind === 'resource' && c.resourceType === 'Composition') {
      if ((c.payload.filterData.type ?? []).includes(RECORD_TOKEN)) add(c.orgId, c.resourceId);
    } else if (c.kind === 'resource' && c.resourceType === 'Appointment') {
      for (const ref of c.payload.filterData.composition ?? []) add(c.orgId, ref.replace(/^Composition\//, ''));
    }
  }
  return [...keys.values()];
}

function isAnesthesiaRecord(c: Composition): boolean {
  return (c.type.coding ?? []).some(
    (t) => t.system === ANESTHESIA_RECORD_TYPE.system && t.code === ANESTHESIA_RECORD_TYPE.code,
  );
}

/** The case content a Composition's caseData attachment carries (base64 canonical JSON), or null. */
function decodeCaseData(composition: Composition): unknown {
  const data = caseDataAttachment(composition)?.data;
  if (!data) return null;
  try {
    return JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/**
 * The analytics read model (issue 41): a change-feed consumer with a durable cursor that keeps one
 * row of facts per case (shared caseFacts), recomputed from the case's current records whenever the
 * feed says the case changed, so handling a change twice writes the same row (idempotent) and a
 * restart resumes from the cursor. A case not finalized has the facts of its appointment only
 * (provider, place, booked level, start); its clinical facts are read from the signed content
 * once it is finalized (decision, session 27). `rebuild` empties the model and fills it from the
 * cases themselves; it equals what the consumer keeps.
 */
export class AnalyticsReadModel {
  private readonly passes: ConsumerPasses;

  constructor(private readonly deps: AnalyticsReadModelDeps) {
    this.passes = new ConsumerPasses({
      pass: () => this.pass(),
      pollMs: ANALYTICS_POLL_MS,
      ...(deps.bus ? { bus: deps.bus } : {}),
      failed: (err) => deps.log.warn({ err }, 'analytics read model: catch-up failed'),
    });
  }

  /** The facts of a case from its records now, or null when it has no anesthesia record. */
  async factsOf(orgId: string, caseId: string): Promise<CaseFacts | null> {
    const read = async <T>(type: 'Composition' | 'Appointment' | 'Practitioner' | 'Location', id: string | null) => {
      if (id === null) return null;
      const v = await this.deps.resources.read(orgId, type, id);
      return v && !v.deleted ? (v.resource as T) : null;
    };
    const composition = await read<Composition>('Composition', caseId);
    if (!composition || !isAnesthesiaRecord(composition)) return null;
    const appointment = await read<Appointment>('Appointment', caseId);
    const pdf = await this.deps.reports.currentPdf(orgId, caseId);
    const providerId = appointment
      ? appointmentActorId(appointment, 'Practitioner')
      : (composition.author[0]?.reference?.replace(/^Practitioner\//, '') ?? null);
    const provider = await read<Practitioner>('Practitioner', providerId);
    const room = await read<Location>('Location', appointment ? appointmentActorId(appointment, 'Location') : null);
    const officeId = room?.partOf?.reference?.startsWith('Location/') ? room.partOf.reference.slice(9) : null;
    const office = (await read<Location>('Location', officeId)) ?? room;
    const start = appointment?.start ? Date.parse(appointment.start) : NaN;
    const input: CaseFactsInput = {
      orgId,
      caseId,
      caseData: pdf ? decodeCaseData(composition) : null,
      appointment: {
        start: Number.isFinite(start) ? start : null,
        providerId,
        providerName: provider ? practitionerDisplayName(provider) || null : null,
        locationId: office?.id ?? null,
        locationName: office?.name ?? null,
        sedationLevel: appointment ? appointmentSedationLevel(appointment) : null,
      },
      signedAt: pdf?.signatureTime ?? null,
      addenda: pdf ? (await this.deps.reports.addendaSince(orgId, caseId, pdf.signatureTime)).length : 0,
    };
    try {
      return caseFacts(input);
    } catch (err) {
      // Content no rule can read must not stop the consumer (it would be handed the change for ever):
      // the case keeps its appointment's facts, and the warning names it.
      this.deps.log.warn({ err, orgId, caseId }, 'analytics read model: case facts from the appointment only');
      return caseFacts({ ...input, caseData: null });
    }
  }

  /** Writes (or removes) one case's facts from its records now. */
  async refresh(orgId: string, caseId: string): Promise<void> {
    const facts = await this.factsOf(orgId, caseId);
    if (facts) await this.deps.facts.put(facts, this.deps.now());
    else await this.deps.facts.remove(orgId, caseId);
  }

  private async pass(): Promise<void> {
    if (this.deps.lease) await this.deps.lease.run(() => this.consume());
    else await this.consume();
  }

  private async consume(): Promise<void> {
    await consumeChanges(
      this.deps.changes,
      ANALYTICS_CONSUMER,
      async (changes) => {
        for (const key of touchedCases(changes)) await this.refresh(key.orgId, key.caseId);
      },
      { now: this.deps.now, filter: { kinds: ['resource', 'case.finalized', 'addendum.signed'] } },
    );
  }

  /** Handles every change recorded so far (one pass at a time; a call during a pass runs one more after it). */
  catchUp(): Promise<void> {
    return this.passes.run();
  }

  /** Catches up now, whenever the bus announces a change, and every ANALYTICS_POLL_MS. */
  start(): void {
    this.passes.start();
  }

  /** Stops waking and waits for a pass under way (before the database closes). */
  async stop(): Promise<void> {
    await this.passes.stop();
  }

  /**
   * Empties the model and fills it again from every organisation's anesthesia records, in one
   * transaction, then moves the cursor to the feed's end as it was: what follows is the consumer's.
   * Answers how many cases it holds.
   */
  async rebuild(): Promise<number> {
    return this.deps.changes.transaction(async () => {
      const upTo = await this.deps.changes.lastSeq();
      await this.deps.facts.clear();
      let count = 0;
      for (const org of await this.deps.orgs.allOrgs()) {
        for (let offset = 0; ; offset += REBUILD_PAGE) {
          const page = await this.deps.resources.search(
            org.id,
            'Composition',
            [{ name: 'type', op: 'eq', values: [RECORD_TOKEN] }],
            { offset, count: REBUILD_PAGE },
          );
          for (const c of page.items) {
            await this.refresh(org.id, c.id!);
            count += 1;
          }
          if (page.items.length < REBUILD_PAGE) break;
        }
      }
      await this.deps.changes.advance(ANALYTICS_CONSUMER, upTo, this.deps.now());
      return count;
    });
  }
}
