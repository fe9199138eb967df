import { RESIGNIN_LOOP_GUARD_MS } from '@vigil/shared';
import type { SessionErrorCode } from '../data/graphql.js';

export type AuthErrorAction = 'signOut' | 'sudo' | 'reSignIn' | null;

/**
 * What the client does about an auth error from any call (spec 000 §8): not authenticated →
 * sign out; sudo required → the sudo page; not authorized → sign in again, unless that
 * happened less than 10 seconds ago (the re-sign-in loop guard).
 */
export function authErrorAction(code: SessionErrorCode, lastReSignInAt: number | null, now: number): AuthErrorAction {
  switch (code) {
    case 'NO_AUTHENTICATION':
      return 'signOut';
    case 'SUDO_REQUIRED':
      return 'sudo';
    case 'NOT_AUTHORIZED':
      return lastReSignInAt !== null && now - lastReSignInAt < RESIGNIN_LOOP_GUARD_MS ? null : 'reSignIn';
  }
}
