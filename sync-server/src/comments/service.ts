import {
  commentEditStatus,
  EDIT_STATUS_EXTENSION,
  PRACTITIONER_USER_SYSTEM,
  type Appointment,
  type Communication,
  type Reference,
} from '@vigil/shared';
import { z } from 'zod';
import { refusalOf, type OrgAccess } from '../access/index.js';
import type { FhirService, RequestContext } from '../fhir/service.js';
import { orgFor } from '../orgs/authorize.js';
import type { Caller, SignedIn } from '../access/caller.js';
import { parse, refuse } from '../orgs/common.js';
import type { OrgStore } from '../store/orgs/types.js';

export interface CommentsDeps {
  fhir: FhirService;
  orgs: OrgStore;
  access: OrgAccess;
  now: () => number;
}

/** A comment's text (decision: the length of an addendum's text, spec 001 §9). */
export const COMMENT_MAX_LENGTH = 4000;

const id = z.string().trim().min(1).max(64);
const text = z.string().trim().min(1).max(COMMENT_MAX_LENGTH);
const addArgs = z.object({ patientId: id, text, appointmentId: id.nullish() });
const editArgs = z.object({ id, text });
const deleteArgs = z.object({ id });

/**
 * Patient comments (issue 28; spec 001 §3 "Communication"): a Communication on the patient by
 * the signed-in user (a practitioner of the organisation, a parent organisation's user or Vigil
 * staff, with display), its date and text and the appointment it is about. Editing writes a new
 * version marked edited; deleting one marked deleted without its text. Every earlier version
 * stays in the resource's history: a comment's text is never destroyed. Adding needs the
 * organisation permission; editing is the author's; deleting the author's or an administrator's.
 */
export class CommentService {
  constructor(private readonly deps: CommentsDeps) {}

  async add(caller: Caller, args: Record<string, unknown>): Promise<Communication> {
    const { who, orgId } = await this.member(caller, args.orgId);
    const a = parse(addArgs, args);
    const ctx = this.ctx(who, orgId);
    await this.deps.fhir.read(ctx, 'Patient', a.patientId);
    if (a.appointmentId) {
      const appointment = (await this.deps.fhir.read(ctx, 'Appointment', a.appointmentId)).resource as Appointment;
      const patient = `Patient/${a.patientId}`;
      if (!appointment.participant.some((p) => p.actor?.reference === patient)) refuse('INVALID_INPUT');
    }
    const comment: Communication = {
      resourceType: 'Communication',
      status: 'completed',
      subject: { reference: `Patient/${a.patientId}` },
      ...(a.appointmentId ? { about: [{ reference: `Appointment/${a.appointmentId}` }] } : {}),
      sent: new Date(this.deps.now()).toISOString(),
      sender: await this.author(ctx, who, orgId),
      payload: [{ contentString: a.text }],
    };
    return (await this.deps.fhir.create(ctx, 'Communication', comment)).version.resource as Communication;
  }

  async edit(caller: Caller, args: Record<string, unknown>): Promise<Communication> {
    const { who, orgId } = await this.member(caller, args.orgId);
    const a = parse(editArgs, args);
    const ctx = this.ctx(who, orgId);
    const { comment, versionId } = await this.comment(ctx, a.id);
    if (!isAuthor(comment, who)) refuse('NOT_AUTHORIZED');
    const next: Communication = { ...withEditStatus(comment, 'edited'), payload: [{ contentString: a.text }] };
    return (await this.deps.fhir.update(ctx, 'Communication', a.id, next, versionId)).version.resource as Communication;
  }

  async delete(caller: Caller, args: Record<string, unknown>): Promise<Communication> {
    const { who, orgId } = await this.member(caller, args.orgId);
    const a = parse(deleteArgs, args);
    const ctx = this.ctx(who, orgId);
    const { comment, versionId } = await this.comment(ctx, a.id);
    if (!isAuthor(comment, who) && (await refusalOf(this.deps.access.authorize(who, orgId, 'admin'))) !== null) {
      refuse('NOT_AUTHORIZED');
    }
    const { payload: _text, ...rest } = withEditStatus(comment, 'deleted');
    return (await this.deps.fhir.update(ctx, 'Communication', a.id, rest, versionId)).version.resource as Communication;
  }

  /** A live comment (not deleted) of the organisation, with its version for the write's If-Match. */
  private async comment(
    ctx: RequestContext,
    commentId: string,
  ): Promise<{ comment: Communication; versionId: string }> {
    const version = await this.deps.fhir.read(ctx, 'Communication', commentId);
    const comment = version.resource as Communication;
    if (commentEditStatus(comment) === 'deleted') refuse('NOT_FOUND');
    return { comment, versionId: version.versionId };
  }

  /** The author: the organisation's Practitioner, else a parent organisation's user or Vigil staff, with display. */
  private async author(ctx: RequestContext, who: SignedIn, orgId: string): Promise<Reference> {
    const identifier = { system: PRACTITIONER_USER_SYSTEM, value: who.user.id };
    const name = who.user.name.trim() || who.user.email;
    if (who.subject.orgs.some((o) => o.id === orgId)) {
      const found = await this.deps.fhir.search(
        ctx,
        'Practitioner',
        new URLSearchParams({ identifier: `${PRACTITIONER_USER_SYSTEM}|${who.user.id}` }),
      );
      const practitionerId = found.entry?.[0]?.resource?.id;
      return { ...(practitionerId ? { reference: `Practitioner/${practitionerId}` } : {}), identifier, display: name };
    }
    const parents = await this.deps.orgs.parentsOf(orgId);
    const parent = who.subject.orgs.find((o) => parents.includes(o.id));
    if (parent) {
      const parentName = (await this.deps.orgs.org(parent.id))?.name ?? parent.id;
      return { identifier, display: `${name} (${parentName})` };
    }
    return { identifier, display: `${name} (Vigil)` };
  }

  private async member(caller: Caller, rawOrgId: unknown): Promise<{ who: SignedIn; orgId: string }> {
    const { caller: who, org } = await orgFor(
      { store: this.deps.orgs, access: this.deps.access },
      caller,
      rawOrgId,
      'member',
    );
    return { who, orgId: org.id };
  }

  /** A comment and its author are the server's to write ([SG2]): this service checks who may. */
  private ctx(who: SignedIn, orgId: string): RequestContext {
    return { orgId, userId: who.user.id, ip: who.ip, baseUrl: '', serverWriter: true };
  }
}

function isAuthor(comment: Communication, who: SignedIn): boolean {
  const author = comment.sender?.identifier;
  return author?.system === PRACTITIONER_USER_SYSTEM && author.value === who.user.id;
}

function withEditStatus(comment: Communication, status: 'edited' | 'deleted'): Communication {
  const others = (comment.extension ?? []).filter((e) => e.url !== EDIT_STATUS_EXTENSION);
  return { ...comment, extension: [...others, { url: EDIT_STATUS_EXTENSION, valueCode: status }] };
}
