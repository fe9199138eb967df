/** A case screen's path: `/org/{orgId}/cases/{appointmentId}` (spec 000 §2). */
const CASE_PATH = /^\/org\/([^/]+)\/cases\/([^/]+)\/?$/;

/** The organisation and case document of a case screen's path, or null for any other path. */
export function caseOfPath(pathname: string): { orgId: string; docId: string } | null {
  const match = CASE_PATH.exec(pathname);
  if (!match) return null;
  try {
    return { orgId: decodeURIComponent(match[1] as string), docId: decodeURIComponent(match[2] as string) };
  } catch {
    // Not a valid escape: not an address the app made.
    return null;
  }
}
