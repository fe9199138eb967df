import { vigilExtension, type Attachment, type Extension, type FhirResource } from '@vigil/shared';

/**
 * The Composition extension that carries a case document's content (spec 001 §3 "caseData"), as
 * `sync/projection.ts` writes it (CASE_DATA_EXTENSION there is the same URL; a test checks it).
 */
export const CASE_DATA_EXTENSION_URL = vigilExtension('composition-case-data');

/** Composition statuses of a signed record: the version that was signed keeps its content in full. */
const SIGNED_STATUSES: ReadonlySet<string> = new Set(['final', 'amended']);

/**
 * Projection history without a full copy per version (issue 24 item 6). When a newer version of a
 * resource is written, the version it supersedes is kept in the history as this returns it: a
 * Composition's caseData attachment (the whole case, base64, up to ~10 MB per version) keeps its
 * contentType, size and hash but drops its data. A signed version (status final or amended) is
 * the legal record and keeps everything; other resource types and other extensions are untouched.
 * The case document's own update log keeps every change, so nothing of the case is lost.
 *
 * Returns the slimmed resource, or null when the superseded version is kept as it is. Pure: both
 * ResourceStore implementations apply it, and the contract suite checks them (store/resources).
 */
export function slimSuperseded(resource: FhirResource): FhirResource | null {
  if (resource.resourceType !== 'Composition' || SIGNED_STATUSES.has(resource.status)) return null;
  const extensions = resource.extension ?? [];
  if (!extensions.some((e) => caseDataWithData(e) !== null)) return null;
  const slim = (e: Extension): Extension => {
    const attachment = caseDataWithData(e);
    if (!attachment) return e;
    const { data: _data, ...kept } = attachment;
    return { ...e, valueAttachment: kept };
  };
  return { ...resource, extension: extensions.map(slim) };
}

/** The extension's attachment when it is the caseData extension and still holds its data, else null. */
function caseDataWithData(e: Extension): Attachment | null {
  if (e.url !== CASE_DATA_EXTENSION_URL) return null;
  const attachment = e.valueAttachment;
  if (attachment === null || typeof attachment !== 'object') return null;
  const value = attachment as Attachment;
  return value.data === undefined ? null : value;
}
