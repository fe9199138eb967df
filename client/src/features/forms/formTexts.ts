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
  switch (code) {
    case 'NETWORK_ERROR':
      return 'The server cannot be reached. Check the connection and try again.';
    case 'NOT_AUTHORIZED':
      return 'Only admins can change forms (requires admin).';
    case 'NOT_FOUND':
      return 'This form was not found. It may have been deleted.';
    case 'FORM_NOT_EDITABLE':
    case 'FORM_INHERITED':
      return 'This form belongs to a parent organization and is read-only here.';
    case 'SUDO_REQUIRED':
      return 'Please confirm your identity and try again.';
    case 'INVALID_INPUT':
      return 'Please check the name, the text and each field.';
    default:
      return 'An unknown error occurred';
  }
}
