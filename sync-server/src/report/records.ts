import {
  ANESTHESIA_RECORD_TYPE,
  APPOINTMENT_EXTENSIONS,
  appointmentActorId,
  isTestResource,
  patientFields,
  practitionerDisplayName,
  reportInput,
  temperatureUnit,
  vigilSystem,
  type Appointment,
  type Binary,
  type Composition,
  type Location,
  type Patient,
  type Practitioner,
  type ReportInput,
  type ReportSignature,
} from '@vigil/shared';
import { AppError } from '../errors.js';
import type { FhirService, RequestContext } from '../fhir/service.js';
import type { Entitlements } from '../access/entitlements.js';
import { CurrentPdfExistsError, type ReportStore, type SignedPdfRecord } from '../store/reports/types.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { EncodedCaseData } from '../sync/case-check.js';
import { withCaseData } from '../sync/projection.js';
import { pdfSha256 } from './signed.js';

/** The identifier system of a PDF's SHA-256 on the references to it. */
export const SHA256_SYSTEM = vigilSystem('sha256');

const iso = (ms: number): string => new Date(ms).toISOString();

export interface CaseRecordsDeps {
  fhir: FhirService;
  store: ResourceStore;
  /** What the organisation may use and its settings' values (access/entitlements.ts). */
  entitlements: Pick<Entitlements, 'values'>;
  reports: ReportStore;
  now: () => number;
}

/** A printed PDF to store as the case's signed record. */
export interface PdfToSave {
  compositionId: string;
  appointment: Appointment;
  patientId: string | null;
  pdf: Uint8Array;
  title: string;
  signature: ReportSignature;
  signedBy: string;
  timeZone: string;
  addendaCount: number;
  /** The case's current PDF this one replaces (an addendum's reprint), else null. */
  previous: SignedPdfRecord | null;
  /**
   * The case content that was signed (with the overrides the server wrote at finalize), its
   * contentHash and, when already computed, its encoding: the Composition's caseData extension
   * then holds exactly it. Left out (an addendum's reprint), the extension is kept as it was.
   */
  signedContent?: { content: unknown; hash: string; encoded?: EncodedCaseData };
}

/**
 * The FHIR side of a signed report: what the report of a case is made from (its appointment,
 * patient, provider and place) and where a signed PDF goes (a Binary linked from the Composition
 * and the Appointment, and its record in the report store).
 */
export class CaseRecords {
  constructor(private readonly deps: CaseRecordsDeps) {}

  private async readOptional<T>(
    ctx: RequestContext,
    type: 'Patient' | 'Practitioner' | 'Location',
    id: string | null,
  ): Promise<T | null> {
    if (id === null) return null;
    const v = await this.deps.store.read(ctx.orgId, type, id);
    return v && !v.deleted ? (v.resource as T) : null;
  }

  /** The case's appointment, patient, provider and place, and the report inputs from them. */
  async caseInputs(
    ctx: RequestContext,
    compositionId: string,
    caseData: Record<string, unknown>,
    timeZone: string,
  ): Promise<{
    appointment: Appointment;
    patientId: string | null;
    input: ReportInput;
    primaryProvider: Practitioner | null;
  }> {
    let appointment: Appointment;
    try {
      appointment = (await this.deps.fhir.read(ctx, 'Appointment', compositionId)).resource as Appointment;
    } catch (err) {
      if (err instanceof AppError) throw new AppError(404, 'NOT_FOUND');
      throw err;
    }
    const patientId = appointmentActorId(appointment, 'Patient');
    const patient = await this.readOptional<Patient>(ctx, 'Patient', patientId);
    const provider = await this.readOptional<Practitioner>(
      ctx,
      'Practitioner',
      appointmentActorId(appointment, 'Practitioner'),
    );
    const room = await this.readOptional<Location>(ctx, 'Location', appointmentActorId(appointment, 'Location'));
    const office = room?.partOf?.reference?.startsWith('Location/')
      ? await this.readOptional<Location>(ctx, 'Location', room.partOf.reference.slice('Location/'.length))
      : null;
    const fields = patient ? patientFields(patient) : null;
    const features = await this.deps.entitlements.values(ctx.orgId);
    const primaryProviderName = provider ? practitionerDisplayName(provider) || null : null;
    const input = reportInput({
      caseId: compositionId,
      patient: {
        id: patientId ?? '',
        givenName: fields?.givenName ?? null,
        familyName: fields?.familyName ?? null,
        nickname: fields?.nickname ?? null,
        birthDate: fields?.birthDate ?? null,
        // For the ideal body weight the local anesthetic maxima are worked on (IBW2), as the gate reads it.
        sex: patient?.gender ?? null,
      },
      primaryProviderName,
      procedureDescription: appointment.description ?? null,
      location: office?.name ?? (room && !office ? (room.name ?? null) : null),
      room: office ? (room?.name ?? null) : null,
      temperatureUnit: temperatureUnit(features),
      heightUnit: features.defaultHeightUnit === 'cm' ? 'cm' : 'in',
      weightUnit: features.defaultWeightUnit === 'kg' ? 'kg' : 'lb',
      caseData,
      generatedAt: this.deps.now(),
      timeZone,
      // Spec 002 §1: demo mode marks the report as not a real patient (a test patient is demo data).
      demo: patient ? isTestResource(patient) : false,
    });
    return { appointment, patientId, input, primaryProvider: provider };
  }

  /**
   * Stores a printed PDF as a Binary, links it from the Composition and the Appointment and
   * records it as the case's current PDF. Call it inside the report store's transaction.
   */
  async savePdf(ctx: RequestContext, q: PdfToSave): Promise<{ pdfId: string; sha: string }> {
    // The report service's own writes may change a signed record (an addendum's new PDF link).
    const writer: RequestContext = { ...ctx, reportWriter: true };
    const sha = pdfSha256(q.pdf);
    const binary = (
      await this.deps.fhir.create(writer, 'Binary', {
        resourceType: 'Binary',
        contentType: 'application/pdf',
        securityContext: { reference: `Composition/${q.compositionId}` },
        data: Buffer.from(q.pdf).toString('base64'),
      } satisfies Binary)
    ).version;
    const pdfId = binary.id;
    const pdfRef = { reference: `Binary/${pdfId}`, identifier: { system: SHA256_SYSTEM, value: sha } };
    const existing = await this.deps.store.read(ctx.orgId, 'Composition', q.compositionId);
    const current = existing && !existing.deleted ? (existing.resource as Composition) : null;
    const composition: Composition = {
      ...(current ?? {}),
      resourceType: 'Composition',
      id: q.compositionId,
      status: q.addendaCount > 0 ? 'amended' : 'final',
      type: current?.type ?? { coding: [{ ...ANESTHESIA_RECORD_TYPE }] },
      ...(q.patientId ? { subject: current?.subject ?? { reference: `Patient/${q.patientId}` } } : {}),
      date: iso(q.signature.time),
      author: current?.author ?? [{ display: q.signature.name }],
      title: q.title,
      attester: [{ mode: 'legal', time: iso(q.signature.time) }],
      section: [
        ...(current?.section ?? []).filter((s) => s.title !== 'Signed report'),
        { title: 'Signed report', entry: [pdfRef] },
      ],
    };
    delete (composition as { meta?: unknown }).meta;
    // The signed record's FHIR form carries what was signed (issue 29: the overrides too), written
    // in the caller's transaction: the room's own projection may lag, and is refused once signed.
    const signed = q.signedContent
      ? (withCaseData(composition, q.signedContent.content, q.signedContent.hash, q.signedContent.encoded) ??
        composition)
      : composition;
    await this.deps.fhir.update(writer, 'Composition', q.compositionId, signed, undefined);
    const appointment: Appointment = {
      ...q.appointment,
      extension: [
        ...(q.appointment.extension ?? []).filter((e) => e.url !== APPOINTMENT_EXTENSIONS.pdf),
        { url: APPOINTMENT_EXTENSIONS.pdf, valueReference: pdfRef },
      ],
    };
    delete (appointment as { meta?: unknown }).meta;
    await this.deps.fhir.update(writer, 'Appointment', q.compositionId, appointment, undefined);
    await this.deps.reports
      .addPdf(
        {
          orgId: ctx.orgId,
          pdfId,
          compositionId: q.compositionId,
          patientId: q.patientId,
          sha256: sha,
          title: q.title,
          signerName: q.signature.name,
          signature: q.signature.path,
          signatureTime: q.signature.time,
          signedBy: q.signedBy,
          timeZone: q.timeZone,
          addendaCount: q.addendaCount,
          createdAt: this.deps.now(),
        },
        q.previous?.pdfId ?? null,
      )
      .catch((err: unknown) => {
        // Another signing of the case committed first: the caller's transaction rolls back
        // (no Binary, no links) and the signer is told the case is finalized.
        if (err instanceof CurrentPdfExistsError) throw new AppError(409, 'FINALIZED');
        throw err;
      });
    return { pdfId, sha };
  }

  /** Takes the signed PDF's links off the case's Appointment and turns its Composition preliminary (unfinalize). */
  async unlinkPdf(ctx: RequestContext, compositionId: string): Promise<void> {
    const writer: RequestContext = { ...ctx, reportWriter: true };
    const apt = await this.deps.store.read(ctx.orgId, 'Appointment', compositionId);
    if (apt?.resource && !apt.deleted) {
      const a = apt.resource as Appointment;
      const next: Appointment = {
        ...a,
        extension: (a.extension ?? []).filter((e) => e.url !== APPOINTMENT_EXTENSIONS.pdf),
      };
      delete (next as { meta?: unknown }).meta;
      await this.deps.fhir.update(writer, 'Appointment', compositionId, next, undefined);
    }
    const cmp = await this.deps.store.read(ctx.orgId, 'Composition', compositionId);
    if (cmp?.resource && !cmp.deleted) {
      const c = cmp.resource as Composition;
      const next: Composition = { ...c, status: 'preliminary' };
      delete next.attester;
      delete (next as { meta?: unknown }).meta;
      await this.deps.fhir.update(writer, 'Composition', compositionId, next, undefined);
    }
  }
}
