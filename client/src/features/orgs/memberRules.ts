import { ORG_TEXTS, refusalText } from '@vigil/shared';

/** Role labels on the member screens (spec 000 §3 roles; labels are ours). */
export const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  member: 'Member',
  provider: 'Provider',
  stats: 'Stats',
  uber: 'Uber',
  super: 'Super',
  dev: 'Dev',
};

/** A nav or action label for a non-admin: the label with '(requires admin)' (spec 000 §6). */
export function adminLabel(label: string, isAdmin: boolean): string {
  return isAdmin ? label : `${label} ${ORG_TEXTS.requiresAdmin}`;
}

/** The member screens' message for a failed call (the server's codes; wording is ours, spec 000 §8 default). */
export function memberErrorText(code: string): string {
  return refusalText(code, {
    ALREADY_MEMBER: 'That person is already a member of this organization.',
    LAST_ADMIN: 'An organization needs at least one admin. Make someone else an admin first.',
    TOO_MANY_REQUESTS: 'Too many invitations sent in the last hour. Please try again later.',
    INVALID_INPUT: 'Please check the email address and roles.',
    NOT_AUTHORIZED: `Only admins can do this ${ORG_TEXTS.requiresAdmin}.`,
    SUDO_REQUIRED: 'Please confirm your identity and try again.',
    default: 'An unknown error occurred',
  });
}

/** A plausible email address: something@something.tld (the server checks it again). */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
