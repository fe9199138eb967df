import { invitationErrorText, ORG_TEXTS } from '@vigil/shared';

/** Where the invitation page keeps the invitation ID across sign-up and sign-in (spec 000 §3 stored return parameters). */
export const INVITATION_STORAGE_KEY = 'vigil.invitationId';

/** The stored invitation ID, or null (also when storage is unavailable). */
export function storedInvitationId(): string | null {
  try {
    return localStorage.getItem(INVITATION_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps (or, with null, clears) the invitation ID as a stored return parameter. */
export function storeInvitationId(id: string | null): void {
  try {
    if (id) localStorage.setItem(INVITATION_STORAGE_KEY, id);
    else localStorage.removeItem(INVITATION_STORAGE_KEY);
  } catch {
    /* private mode: the link's parameter is all there is */
  }
}

/** The invitation ID: the link's query parameter, else the stored return parameter. */
export function invitationIdFrom(query: string | null, stored: string | null): string | null {
  const id = (query ?? '').trim() || (stored ?? '').trim();
  return id === '' ? null : id;
}

/** Where an accepted invitation leads (spec 000 §4): /parent/{orgId} for a parent invitation, else /org/{orgId}. */
export function afterAcceptPath(type: string, orgId: string): string {
  return type === 'parentInvitation' ? `/parent/${encodeURIComponent(orgId)}` : `/org/${encodeURIComponent(orgId)}`;
}

/** The invitation's explanation for each kind (spec 000 §2; wording is ours). */
export function invitationBlurb(type: string, orgName: string): string {
  return type === 'parentInvitation'
    ? `"${orgName}" is a parent admin organization that oversees anesthesia operations. You will join as an admin.`
    : `"${orgName}" uses Vigil to chart anesthesia automatically.`;
}

/** The error card's text (spec 000 §8 Invitations): no ID, or the server's code. */
export function invitationError(code: string | null, orgName?: string): string {
  return code === null ? ORG_TEXTS.noInvitationId : invitationErrorText(code, orgName);
}
