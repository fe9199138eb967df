/**
 * An invited address as the invitation page may show it to whoever holds the link (spec 000 §2
 * invitation page; the email-mismatch suggestion is ours): the first character of the local part,
 * then '•••', then the domain. Enough to recognise one's own address, not to harvest it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** Whether the signed-in address is the invited one (addresses are stored trimmed and lowercased). */
export function isInvitedAddress(invited: string, signedIn: string): boolean {
  return invited.trim().toLowerCase() === signedIn.trim().toLowerCase();
}
