import {
  COMPOSITION_EXTENSIONS,
  appointmentActorId,
  HEALTH_HISTORY_TYPE,
  completionFields,
  completionOf,
  copyForUpdate,
  isHealthHistory,
  isPatientAnswers,
  mergePatientAnswers,
  PATIENT_ANSWERS_EXTENSIONS,
  readPatientAnswers,
  type MergeChoice,
  practitionerDisplayName,
  practitionerUserId,
  seedFromCase,
  type Appointment,
  type Composition,
  type Practitioner,
  type Reference,
  type FinalizedHhxView,
  type NewHhxView,
  historySeedFromRecords,
  type AllergyIntolerance,
  type FhirResource,
  type MedicationStatement,
} from '@vigil/shared';
import type * as Y from 'yjs';
import { parseSearch } from '../store/resources/search-params.js';
import type { SignedIn } from '../access/caller.js';
import { refusalOf, type OrgAccess } from '../access/index.js';
import { AppError } from '../errors.js';
import type { RequestContext } from '../fhir/service.js';
import type { FhirService } from '../fhir/service.js';
import type { IdOwnership } from '../store/resources/id-ownership.js';
import type { Logger } from '../log.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { ChangeStore } from '../store/changes/types.js';
import { withCaseData } from '../sync/projection.js';
import type { RoomAddress } from '../sync/protocol.js';
import type { DocumentSnapshot, WritableSealedDocument } from '../sync/rooms.js';
import { writeFinalized } from './finalize.js';
import {
  address,
  hhxContext,
  HEALTH_HISTORY_TITLE,
  DRAFT_PATIENT_SYSTEM,
  liveComposition,
  patientIdOf,
  setAll,
} from './records.js';
import { recordTracking, TRACKING_EVENTS } from './tracking.js';
import type { AnalyticsEventStore } from '../store/analytics-events/types.js';

/** The error text of copy-and-edit when the history to copy is not the organisation's (spec 001 §9). */
export const NO_HHX_TO_UPDATE = 'No HHX found to update';
/** What the rooms give the hhx service: a document's content, and the server's own writes to it. */
export interface HhxRooms {
  snapshot(address: RoomAddress): Promise<DocumentSnapshot>;
  seal(address: RoomAddress): Promise<WritableSealedDocument>;
  change(address: RoomAddress, change: (root: Y.Map<unknown>) => void): Promise<DocumentSnapshot>;
}

export interface HhxServiceDeps {
  /**
   * The change feed (issue 36 item 3): the domain event is recorded in the same transaction as
   * the change. The server always passes it; unit tests of other rules may leave it out.
   */
  changes?: Pick<ChangeStore, 'append'>;
  fhir: FhirService;
  store: ResourceStore;
  rooms: HhxRooms;
  access: Pick<OrgAccess, 'authorize'>;
  ids: IdOwnership;
  now: () => number;
  log: Logger;
  /** The product's analytics events (issue 41): the two tracking events are recorded there too. */
  analyticsEvents?: Pick<AnalyticsEventStore, 'record'>;
}

/** A new (or copied) history: GraphQL NewHhx, written once in shared views/hhx.ts (issue 36 item 5). */
export type NewHhxResult = NewHhxView;

/** A finalized history: GraphQL FinalizedHhx, written once in shared views/hhx.ts. */
export type FinalizeHhxResult = FinalizedHhxView;
/**
 * Health histories (issue 27; spec 001 §3, §7, §9; spec 002 §4–§6): creating one (for a patient,
 * or from a case), signing or marking it complete, and "Update Health History" (a copy of a
 * signed one). Every call checks the organisation and role first (access/). The Composition is
 * written through the FhirService (validated, versioned, audited, announced); the content lives
 * in the room `{orgId}/{compositionId}` (the health-history document kind).
 */
export class HhxService {
  constructor(private readonly deps: HhxServiceDeps) {}

  private async allow(caller: SignedIn, orgId: string, role: 'member' | 'provider' | 'admin'): Promise<void> {
    // Every refusal is NOT_AUTHORIZED here, as the report links answer (the resolver checked the session).
    if (await refusalOf(this.deps.access.authorize(caller, orgId, role))) throw new AppError(403, 'NOT_AUTHORIZED');
  }
  private ctx(caller: SignedIn, orgId: string, serverWrite = false): RequestContext {
    return hhxContext(caller, orgId, serverWrite);
  }

  /** The organisation's live Composition of that id, or null. */
  private composition(orgId: string, id: string): Promise<{ resource: Composition; versionId: string } | null> {
    return liveComposition(this.deps.store, orgId, id);
  }

  /** The organisation's live health history, or 404 NOT_FOUND (another organisation's id included). */
  private async history(
    orgId: string,
    id: string,
    notFound = 'NOT_FOUND',
  ): Promise<{ resource: Composition; versionId: string }> {
    if (await this.deps.ids.belongsElsewhere(orgId, id)) throw new AppError(404, notFound);
    const found = await this.composition(orgId, id);
    if (!found || !isHealthHistory(found.resource)) throw new AppError(404, notFound);
    return found;
  }

  /** The author reference of the caller: their Practitioner in the organisation, else their name. */
  private async authorOf(caller: SignedIn, orgId: string): Promise<Reference> {
    const page = await this.deps.store.search(orgId, 'Practitioner', [], { count: 1000, offset: 0 });
    const own = (page.items as Practitioner[]).find((p) => practitionerUserId(p) === caller.user.id);
    return own
      ? { reference: `Practitioner/${own.id}`, display: practitionerDisplayName(own) || displayName(caller) }
      : { display: displayName(caller) };
  }

  private async createComposition(
    caller: SignedIn,
    orgId: string,
    patientId: string,
    extension: Composition['extension'],
  ): Promise<Composition> {
    const body: Omit<Composition, 'id'> = {
      resourceType: 'Composition',
      status: 'preliminary',
      identifier: { system: DRAFT_PATIENT_SYSTEM, value: patientId },
      type: { coding: [{ ...HEALTH_HISTORY_TYPE, display: 'History and physical note' }], text: HEALTH_HISTORY_TITLE },
      subject: { reference: `Patient/${patientId}` },
      date: new Date(this.deps.now()).toISOString(),
      author: [await this.authorOf(caller, orgId)],
      title: HEALTH_HISTORY_TITLE,
      ...(extension && extension.length > 0 ? { extension } : {}),
    };
    const { version } = await this.deps.fhir.create(this.ctx(caller, orgId), 'Composition', body);
    return version.resource as Composition;
  }

  /** Writes the first content into the new history's room and its Composition's caseData. */
  private async seedRoom(
    caller: SignedIn,
    orgId: string,
    created: Composition,
    content: Record<string, unknown>,
  ): Promise<Composition> {
    const id = created.id!;
    if (Object.keys(content).length === 0) return created;
    const snap = await this.deps.rooms.change(address(orgId, id), setAll(content));
    const current = await this.composition(orgId, id);
    if (!current) return created;
    const next = withCaseData(current.resource, snap.content, snap.hash);
    if (!next) return current.resource;
    const { version } = await this.deps.fhir.update(this.ctx(caller, orgId), 'Composition', id, next, undefined);
    return version.resource as Composition;
  }

  /**
   * newHhx (spec 001 §7): a preliminary health history of the patient. From a case
   * (caseCompositionId, the organisation's anesthesia record of that patient) it is marked
   * generatedCategory hhxCaseExtract and starts with the case's patient-history fields ([HD2]).
   * Records the tracking event 'New Health History Created'.
   */
  async newHhx(
    caller: SignedIn,
    orgId: string,
    patientId: string,
    caseCompositionId?: string | null,
  ): Promise<NewHhxResult> {
    await this.allow(caller, orgId, 'member');
    const patient = await this.deps.store.read(orgId, 'Patient', patientId);
    if (!patient?.resource || patient.deleted) throw new AppError(404, 'NOT_FOUND', 'Patient not found');
    let seed: Record<string, unknown>;
    let extension: Composition['extension'] = [];
    if (caseCompositionId) {
      if (await this.deps.ids.belongsElsewhere(orgId, caseCompositionId)) throw new AppError(404, 'NOT_FOUND');
      if ((await this.casePatientId(orgId, caseCompositionId)) !== patientId)
        throw new AppError(409, 'PATIENT_MISMATCH', 'The case is another patient’s');
      seed = seedFromCase((await this.deps.rooms.snapshot(address(orgId, caseCompositionId))).content);
      extension = [{ url: COMPOSITION_EXTENSIONS.generatedCategory, valueCode: 'hhxCaseExtract' }];
    } else {
      seed = await this.seedFromRecords(orgId, patientId);
    }
    const composition = await this.startHistory(caller, orgId, patientId, extension, seed);
    return { id: composition.id!, fhirJSON: JSON.stringify(composition) };
  }

  /** [PR5] A new history starts with the allergies and medications the desk or the patient recorded (issue 40). */
  private async seedFromRecords(orgId: string, patientId: string): Promise<Record<string, unknown>> {
    const of = async (type: 'AllergyIntolerance' | 'MedicationStatement', param: string): Promise<FhirResource[]> =>
      (
        await this.deps.store.search(
          orgId,
          type,
          parseSearch(type, new URLSearchParams({ [param]: `Patient/${patientId}` })),
          { count: 1000, offset: 0 },
        )
      ).items;
    const allergies = (await of('AllergyIntolerance', 'patient')) as AllergyIntolerance[];
    const medications = (await of('MedicationStatement', 'subject')) as MedicationStatement[];
    return historySeedFromRecords(allergies, medications);
  }

  /**
   * The patient of a case: its anesthesia record's subject, or, for a case booked but not yet
   * projected onto a Composition (the case's id is its Appointment's), the Appointment's patient.
   * 404 'Case not found' for anything else (a health history, an unknown or deleted id).
   */
  private async casePatientId(orgId: string, caseId: string): Promise<string | null> {
    const caseComposition = await this.composition(orgId, caseId);
    if (caseComposition) {
      if (isHealthHistory(caseComposition.resource)) throw new AppError(404, 'NOT_FOUND', 'Case not found');
      return caseComposition.resource.subject?.reference?.replace(/^Patient\//, '') ?? null;
    }
    const appointment = await this.deps.store.read(orgId, 'Appointment', caseId);
    if (!appointment?.resource || appointment.deleted) throw new AppError(404, 'NOT_FOUND', 'Case not found');
    return appointmentActorId(appointment.resource as Appointment, 'Patient');
  }

  /**
   * copyHhx ("Update Health History", spec 002 §4): a new preliminary history holding the
   * signed (or completed) one's content without its signature, mark-complete and skipped
   * sections ([HD3]); the source stays as it is. 404 'No HHX found to update' when the
   * organisation has no such history.
   */
  async copyHhx(caller: SignedIn, orgId: string, compositionId: string): Promise<NewHhxResult> {
    await this.allow(caller, orgId, 'member');
    const source = await this.history(orgId, compositionId, NO_HHX_TO_UPDATE);
    const patientId = patientIdOf(source.resource);
    if (!patientId) throw new AppError(404, NO_HHX_TO_UPDATE);
    const snap = await this.deps.rooms.snapshot(address(orgId, compositionId));
    const composition = await this.startHistory(caller, orgId, patientId, [], copyForUpdate(snap.content));
    return { id: composition.id!, fhirJSON: JSON.stringify(composition) };
  }

  /**
   * mergeHhx (issue 28; spec 001 §3 generatedCategory hhxMerge): the patient's answers (a
   * patient-answers health history, HM1) merged into a health history by HM4, with only the
   * allergies and medications the staff ticked. Into the given history while it is in progress
   * (not signed nor marked complete); into a new preliminary copy of it ([HD3]) when it is
   * finished; into a new history when none is given. A new history is marked generatedCategory
   * hhxMerge. The answers record which history they went into; the history answers as newHhx.
   */
  async mergeHhx(
    caller: SignedIn,
    orgId: string,
    answersId: string,
    targetId: string | null | undefined,
    choice: MergeChoice,
  ): Promise<NewHhxResult> {
    await this.allow(caller, orgId, 'member');
    if (await this.deps.ids.belongsElsewhere(orgId, answersId)) throw new AppError(404, 'NOT_FOUND');
    const source = await this.composition(orgId, answersId);
    const answers = source && isPatientAnswers(source.resource) ? readPatientAnswers(source.resource) : null;
    const patientId = source ? patientIdOf(source.resource) : null;
    if (!source || !answers || !patientId) throw new AppError(404, 'NOT_FOUND', 'Patient answers not found');
    let result: Composition;
    if (targetId) {
      const target = await this.history(orgId, targetId);
      if (patientIdOf(target.resource) !== patientId)
        throw new AppError(409, 'PATIENT_MISMATCH', 'The health history is another patient’s');
      const snap = await this.deps.rooms.snapshot(address(orgId, targetId));
      if (completionOf(snap.content) === null && target.resource.status === 'preliminary') {
        const content = (snap.content ?? {}) as Record<string, unknown>;
        result = await this.seedRoom(caller, orgId, target.resource, mergePatientAnswers(content, answers, choice));
      } else {
        const copy = copyForUpdate(snap.content);
        result = await this.startMerged(caller, orgId, patientId, {
          ...copy,
          ...mergePatientAnswers(copy, answers, choice),
        });
      }
    } else {
      result = await this.startMerged(caller, orgId, patientId, mergePatientAnswers({}, answers, choice));
    }
    const marked: Composition = {
      ...source.resource,
      extension: [
        ...(source.resource.extension ?? []),
        { url: PATIENT_ANSWERS_EXTENSIONS.mergedInto, valueReference: { reference: `Composition/${result.id!}` } },
      ],
    };
    // The answers are signed ([SG1]): which history they went into is the server's own note beside them.
    await this.deps.fhir.update(this.ctx(caller, orgId, true), 'Composition', answersId, marked, source.versionId);
    return { id: result.id!, fhirJSON: JSON.stringify(result) };
  }

  /** A new preliminary history marked generatedCategory hhxMerge, starting with `content`. */
  private startMerged(
    caller: SignedIn,
    orgId: string,
    patientId: string,
    content: Record<string, unknown>,
  ): Promise<Composition> {
    const merged = [{ url: COMPOSITION_EXTENSIONS.generatedCategory, valueCode: 'hhxMerge' }];
    return this.startHistory(caller, orgId, patientId, merged, content);
  }

  /** A new preliminary history with its extensions, its document seeded with `content`, its creation tracked. */
  private async startHistory(
    caller: SignedIn,
    orgId: string,
    patientId: string,
    extension: Composition['extension'],
    content: Record<string, unknown>,
  ): Promise<Composition> {
    const created = await this.createComposition(caller, orgId, patientId, extension);
    const composition = await this.seedRoom(caller, orgId, created, content);
    await recordTracking(
      this.deps.store,
      this.ctx(caller, orgId),
      TRACKING_EVENTS.created,
      composition.id!,
      this.deps.now(),
      this.deps.analyticsEvents,
    );
    return composition;
  }

  /**
   * finalizeHhx (spec 001 §7; spec 002 §4, §6): waits for the room's pending saves, then writes
   * the signature ([HD4]: a provider only) or Mark Complete (any member) into the document as
   * the server's own update, the content into the Composition (status final) and makes the
   * room read-only. A provider may sign a history only marked complete; a signed one is final
   * (409 FINALIZED). The history's allergies and medications become the patient's resources
   * ([HD5]); the tracking event 'Health History Signed' is recorded.
   */
  async finalizeHhx(
    caller: SignedIn,
    orgId: string,
    compositionId: string,
    signature?: string | null,
  ): Promise<FinalizeHhxResult> {
    const signed = typeof signature === 'string' && signature.trim() !== '' ? signature : null;
    const signing = signed !== null;
    await this.allow(caller, orgId, signing ? 'provider' : 'member');
    await this.history(orgId, compositionId);
    const time = this.deps.now();
    const fields = completionFields(
      signed !== null
        ? { kind: 'signature', signature: signed, signerName: displayName(caller), time }
        : { kind: 'markComplete', byName: displayName(caller), time },
    );
    const after = await writeFinalized(this.deps, caller, orgId, compositionId, { fields, signing, time });
    return { checkSum: after.hash, time, updateJSON: JSON.stringify(fields) };
  }
}

/** How a signer is named: the user's name, else their email. */
function displayName(caller: SignedIn): string {
  return caller.user.name.trim() || caller.user.email;
}
