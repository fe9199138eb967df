import { APPOINTMENT_EXTENSIONS } from '../fhir/appointment.js';
import { vigilSystem, type Coding, type Extension } from '../fhir/common.js';
import type { FhirResource, FhirResourceType } from '../fhir/resources.js';
import { isPatientAnswers } from '../health-history/patient-answers.js';
import { canonicalJson } from '../sync/content-hash.js';

/**
 * The label the server puts in `meta.security` of a record a person signed when nothing else in
 * the record says so (a later kind of signed record needs no new rule: the server labels it).
 */
export const SIGNED_SECURITY_LABEL: Coding = { system: vigilSystem('signed-record'), code: 'signed' };

/** The elements that carry who signed and how, wherever they appear in a resource (FHIR's names). */
const SIGNATURE_KEYS: ReadonlySet<string> = new Set(['signature', 'attester']);

/** A document turns final or amended only by being signed (finalize, an addendum, signing a history). */
const SIGNED_DOCUMENT_STATUSES: ReadonlySet<string> = new Set(['final', 'amended']);

/**
 * Resource kinds only the server writes, whole: a signed consent (the patient's link, the BAA's
 * page), a comment (its author is the caller, set by the comment service), the patient's answers
 * (stored with their consent) and the audit trail.
 */
const SERVER_WRITTEN: readonly ((r: FhirResource) => boolean)[] = [
  (r) => r.resourceType === 'Contract',
  (r) => r.resourceType === 'Communication',
  (r) => r.resourceType === 'AuditEvent',
  (r) => r.resourceType === 'Composition' && isPatientAnswers(r),
];

/** Extensions only the server writes: the signed report's links the cases list reads, and the form tasks with their contract links. */
const SERVER_EXTENSIONS: Partial<Record<FhirResourceType, ReadonlySet<string>>> = {
  Appointment: new Set([
    APPOINTMENT_EXTENSIONS.pdf,
    APPOINTMENT_EXTENSIONS.visionPdf,
    APPOINTMENT_EXTENSIONS.task,
    APPOINTMENT_EXTENSIONS.npo,
  ]),
};

/** What a resource without server-owned parts (or no resource) holds of them. */
const NO_SERVER_PARTS = { signed: false, signatures: [], status: null, extensions: [] };

/** Every value under a signature element (`signature`, `attester`) anywhere in `value`, in document order. */
function signatureElements(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) {
    for (const v of value) signatureElements(v, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (SIGNATURE_KEYS.has(key)) out.push(v);
      else signatureElements(v, out);
    }
  }
  return out;
}

const hasValue = (v: unknown): boolean => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);

function signedLabel(resource: FhirResource): boolean {
  return (resource.meta?.security ?? []).some(
    (c) => c.system === SIGNED_SECURITY_LABEL.system && c.code === SIGNED_SECURITY_LABEL.code,
  );
}

/**
 * [SG1] A record is signed when the record itself says a person signed it: it carries a
 * signature element (a Contract signer's `signature`, a Composition's `attester`, any FHIR
 * `signature`), it is a document made final or amended (a finalized case, a signed or completed
 * health history, the patient's answers), or the server labelled it signed (SIGNED_SECURITY_LABEL).
 * The storage adds what the record cannot say of itself (a Binary kept as a signed PDF, the
 * Appointment of a signed case): fhir/signed-records.ts.
 */
export function isSignedResource(resource: FhirResource): boolean {
  if (signedLabel(resource)) return true;
  if (signatureElements(resource).some(hasValue)) return true;
  return resource.resourceType === 'Composition' && SIGNED_DOCUMENT_STATUSES.has(resource.status);
}

/**
 * [SG2] The parts of a resource only the server writes, as one canonical string: the whole
 * resource for the kinds only the server writes (SERVER_WRITTEN), else its signature elements,
 * the signed label, a document's final or amended status and the server's extensions. A client's
 * write (create, update or delete) is accepted only when it leaves this string as stored:
 * `serverOwnedParts(stored) === serverOwnedParts(written)`, null standing for no resource (a
 * create, a delete), which holds none.
 */
export function serverOwnedParts(resource: FhirResource | null): string {
  if (resource === null) return canonicalJson(NO_SERVER_PARTS);
  if (SERVER_WRITTEN.some((isServers) => isServers(resource))) return canonicalJson({ whole: resource });
  const { meta: _meta, ...body } = resource;
  const extensions = SERVER_EXTENSIONS[resource.resourceType];
  const serverExtensions: Extension[] = extensions
    ? ((resource as { extension?: Extension[] }).extension ?? []).filter((e) => extensions.has(e.url))
    : [];
  return canonicalJson({
    ...NO_SERVER_PARTS,
    signed: signedLabel(resource),
    signatures: signatureElements(body).filter(hasValue),
    status:
      resource.resourceType === 'Composition' && SIGNED_DOCUMENT_STATUSES.has(resource.status) ? resource.status : null,
    extensions: serverExtensions,
  });
}
