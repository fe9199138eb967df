import type { User } from '../../session/api.js';

/**
 * Whether the account offers 'Verify EMR email' (spec 000 §6: "A user with only an EMR email can
 * verify it to enable direct login"): an EMR launch named the user by an address that is not
 * already the verified sign-in email.
 */
export function canVerifyEmrEmail(user: Pick<User, 'email' | 'emailVerified' | 'emrEmail'>): boolean {
  return user.emrEmail !== null && !(user.emailVerified && user.email === user.emrEmail);
}

/** Verifying would change the sign-in email: a sensitive change, confirmed with sudo first (spec 000 §6). */
export function emrEmailChangesSignIn(user: Pick<User, 'email' | 'emrEmail'>): boolean {
  return user.emrEmail !== null && user.emrEmail !== user.email;
}
