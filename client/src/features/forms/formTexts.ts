import { refusalText } from '@vigil/shared';
/** Where the forms screens are: under /org/{orgId} or /parent/{parentOrgId} (spec 000 §2). */
export interface FormsOwner {
  orgId: string;
  /** `/org/{orgId}/forms` or `/parent/{parentOrgId}/forms`. */
  base: string;
}

export function formsOwner(params: { orgId?: string; parentOrgId?: string }): FormsOwner {
  if (params.parentOrgId) {
    return { orgId: params.parentOrgId, base: `/parent/${encodeURIComponent(params.parentOrgId)}/forms` };
  }
  const orgId = params.orgId ?? '';
  return { orgId, base: `/org/${encodeURIComponent(orgId)}/forms` };
}

/** The forms screens' message for a failed call (the server's codes; spec 000 §8 default otherwise). */
export function formErrorText(code: string): string {
  return refusalText(code, {
    NETWORK_ERROR: 'The server cannot be reached. Check the connection and try again.',
    NOT_AUTHORIZED: 'Only admins can change forms (requires admin).',
    NOT_FOUND: 'This form was not found. It may have been deleted.',
    FORM_NOT_EDITABLE: 'This form belongs to a parent organization and is read-only here.',
    FORM_INHERITED: 'This form belongs to a parent organization and is read-only here.',
    SUDO_REQUIRED: 'Please confirm your identity and try again.',
    INVALID_INPUT: 'Please check the name, the text and each field.',
    default: 'An unknown error occurred',
  });
}
