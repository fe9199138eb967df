import type { OrgType } from '../enums.js';

/** Organisation texts of spec 000 §2, §5 and §8, exactly as the spec quotes them. */
export const ORG_TEXTS = {
  createOrgTitle: "Let's set up your new organization!",
  validatingInvitation: 'Validating invitation...',
  joiningTeam: 'Joining the team...',
  invitationTitle: (org: string): string => `You've been invited to join the "${org}" organization.`,
  joinAs: (email: string): string => `Join as ${email}`,
  createAccount: 'Create a new account',
  haveAccount: 'I already have an account',
  backToCaseManager: 'Go back to Case Manager',
  invitationUsed: 'Invitation was already used.',
  invitationInvalid: 'This invitation link is invalid. It may have expired.',
  invitationOther: 'Something went wrong.',
  alreadyMember: (org: string): string => `You're already part of the "${org}" organization.`,
  noInvitationId: 'No invitation ID found.',
  completeRequired: 'Complete all required fields',
  invalidAddressForTax:
    'The address you entered is not valid for tax purposes. Please check your address and try again.',
  orgDetailsDefaultError: 'An error occurred. Please try again.',
  requiresAdmin: '(requires admin)',
  stillMissing: 'Still Missing:',
  contractLoadError: 'Error, loading document. Please refresh the page.',
  blank: '(blank)',
  orgIdRequired: 'orgId is required',
} as const;

/** The organisation form's fields (spec 001 §2 Organization model), exactly as the spec names them. */
export const ORG_FORM_TEXTS = {
  name: 'Organization Name',
  type: 'Organization Type',
  billingEmail: 'Organization Billing Email',
  billingEmailSublabel: 'Used for sending receipts.',
} as const;

/** How each organisation type reads (spec 000 §6 organisation types). */
export const ORG_TYPE_LABELS: Readonly<Record<OrgType, string>> = {
  regular: 'Practice (one office)',
  parent: 'Parent organization (oversees several offices)',
  vigil: 'Vigil internal team',
  reseller: 'Reseller',
};

/**
 * The Organization Type select's choices (spec 001 §2). Decision: the internal and reseller types
 * are the internal team's to create (the server refuses others), so the form offers these two.
 */
export const ORG_TYPE_CHOICES: readonly { value: 'regular' | 'parent'; label: string }[] = (
  ['regular', 'parent'] as const
).map((value) => ({ value, label: ORG_TYPE_LABELS[value] }));

/** The invitation page's error text for a server code (spec 000 §8 Invitations). */
export function invitationErrorText(code: string | null | undefined, orgName?: string): string {
  switch (code) {
    case 'USED':
      return ORG_TEXTS.invitationUsed;
    case 'INVALID':
      return ORG_TEXTS.invitationInvalid;
    case 'ALREADY_MEMBER':
      return orgName === undefined ? ORG_TEXTS.invitationOther : ORG_TEXTS.alreadyMember(orgName);
    default:
      return ORG_TEXTS.invitationOther;
  }
}

/** The organisation details form's error text for a server code (spec 000 §8). */
export function orgDetailsErrorText(code: string | null | undefined): string {
  if (code === 'INVALID_ADDRESS_FOR_TAX') return ORG_TEXTS.invalidAddressForTax;
  // The server checks the spec 000 §5 rule again: an incomplete address is the same message.
  if (code === 'INCOMPLETE_ADDRESS') return ORG_TEXTS.completeRequired;
  return ORG_TEXTS.orgDetailsDefaultError;
}
