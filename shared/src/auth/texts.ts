/**
 * User-visible texts of accounts and sessions, exactly as spec 000 writes them (§2, §5, §8),
 * and the mapping from a server error code (a GraphQL error's message) to its text.
 */
export const AUTH_TEXTS = {
  // Validation (spec 000 §5)
  missingName: 'Missing name',
  missingEmail: 'Missing email',
  passwordTooShort: 'Password must be 8 or more characters.',
  termsUnchecked: 'Check the box to agree to the terms and privacy policy.',
  formIncomplete: 'Form is incomplete, please check above.',
  formComplete: 'Form is complete.',
  noUserForEmail: 'No user found for that email address.',
  phoneCountry: 'Must be a phone number in CAN,USA,GBR,AUS. You can use email instead.',
  codeMismatch: 'Code did not match, please try again.',
  profileNameRequired: 'Missing name',
  // Sign-in page (spec 000 §2)
  reenterPassword: 'Please re-enter your password.',
  signingIn: 'Signing you in...',
  creatingAccount: 'Creating your account...',
  signedOutTitle: 'Signed Out',
  signedOutInactivity: 'You were signed out due to inactivity.',
  signedOutEmr: 'To log in again, please launch from within your EMR.',
  returnToEmr: 'Return to EMR',
  /** The direct-login link of the 'Signed Out' card (spec 000 §2 names it, without a text). */
  directLogin: 'Log in directly with email and password',
  // MFA, sudo and email verification pages (spec 000 §2)
  mfaVerifyTitle: 'Verify Account',
  mfaVerifyText: 'Please verify your account to to log in.',
  mfaSetupTitle: 'Set up Account Verification',
  sudoTitle: 'Confirm your identity',
  sudoWarning: 'You are about to perform a sensitive action, so we need to confirm your identity.',
  emailVerifiedTitle: 'Email Verified',
  emailVerifiedSuccess: 'Success! Your email is verified.',
  emailVerifiedRedirecting: 'Redirecting you to Vigil…',
  // Sign-in errors (spec 000 §8)
  userNotFound: 'No user found with that email address.',
  invalidEmail: 'Email address invalid, please check it and try again.',
  wrongPassword: 'Please check the password and try again.',
  tooManyRequests:
    'There have been too many login attempts on this account in a short period. Wait a couple of minutes and try again or use the recover password link below.',
  invalidLoginCredentials: 'Invalid email or password. Please check your details and try again.',
  loginFailed: 'Login failed.',
  loginAbuseFailed: 'Login abuse check failed.',
  fetchUserAfterSignIn: 'Failed to fetch user after signing in. Please try again.',
  signInDefault: 'Failed to sign in, please check your credentials and try again.',
  // Sign-up errors (spec 000 §8)
  emailTaken: 'This email address is already taken. Did you mean to sign in?',
  failedToCreate: 'We were unable to create an account.',
  notWhitelisted: "For the time being we're only allowing invited users to sign up.",
  signUpAbuseFailed: 'Sign up abuse check failed.',
  somethingWentWrong: 'Something went wrong',
  // Bot protection (spec 000 §8)
  botLoadFailed: 'Failed to load login abuse protection code.',
  botRunFailed: 'Unable to run login abuse check.',
  botUnreachable: 'Unable to reach login abuse server. Please check your internet connection.',
  // Others (spec 000 §8)
  resetCodeFailed: 'Could not verify password reset code',
  resetFailed: 'Failed to reset password',
  unknownError: 'An unknown error occurred',
  profileUpdateFailed: 'There was an error updating your profile, please try again.',
  signatureSaveFailed: 'There was a problem saving your signature, please try again.',
  signatureLoadFailed: 'Error loading signature. Please refresh the page to try again.',
  signatureDeleteFailed: 'Error deleting signature',
} as const;

/** Server error codes of the account calls (GraphQL error messages). */
export const AUTH_ERROR_CODES = [
  'EMAIL_TAKEN',
  'FAILED_TO_CREATE',
  'SIGN_IN_FAILED',
  'INVALID_LOGIN_CREDENTIALS',
  'TOO_MANY_REQUESTS',
  'RECAPTCHA_FAILED',
  'USER_NOT_FOUND',
  'INVALID_EMAIL',
  'INVALID_INPUT',
  'WEAK_PASSWORD',
  'CODE_MISMATCH',
  'CODE_EXPIRED',
  'INVALID_PHONE',
  'CANNOT_SUDO',
  'SUDO_REQUIRED',
  'NO_AUTHENTICATION',
  'NOT_AUTHORIZED',
  'MFA_REQUIRED',
  'INVALID_RESET_CODE',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** The text the sign-in page shows for a server error code (spec 000 §8). */
export function signInErrorText(code: string): string {
  switch (code) {
    case 'INVALID_LOGIN_CREDENTIALS':
      return AUTH_TEXTS.invalidLoginCredentials;
    case 'TOO_MANY_REQUESTS':
      return AUTH_TEXTS.tooManyRequests;
    case 'RECAPTCHA_FAILED':
      return AUTH_TEXTS.loginAbuseFailed;
    case 'SIGN_IN_FAILED':
      return AUTH_TEXTS.loginFailed;
    case 'INVALID_EMAIL':
      return AUTH_TEXTS.invalidEmail;
    case 'USER_NOT_FOUND':
      return AUTH_TEXTS.userNotFound;
    default:
      return AUTH_TEXTS.signInDefault;
  }
}

/** The text the sign-up page shows for a server error code (spec 000 §8). */
export function signUpErrorText(code: string): string {
  switch (code) {
    case 'EMAIL_TAKEN':
      return AUTH_TEXTS.emailTaken;
    case 'FAILED_TO_CREATE':
      return AUTH_TEXTS.failedToCreate;
    case 'NOT_WHITELISTED':
      return AUTH_TEXTS.notWhitelisted;
    case 'RECAPTCHA_FAILED':
      return AUTH_TEXTS.signUpAbuseFailed;
    case 'WEAK_PASSWORD':
      return 'This password is too common. Please choose another.';
    case 'INVALID_EMAIL':
      return AUTH_TEXTS.invalidEmail;
    case 'TOO_MANY_REQUESTS':
      return AUTH_TEXTS.tooManyRequests;
    case 'TERMS_NOT_ACCEPTED':
      return AUTH_TEXTS.termsUnchecked;
    case 'CONTRACT_VERSION_CHANGED':
      return 'The terms or privacy policy changed while this page was open. Please refresh the page.';
    default:
      return AUTH_TEXTS.somethingWentWrong;
  }
}

/** The text a code-entry form (MFA, sudo, email verification) shows for an error code (spec 000 §5, §8). */
export function codeErrorText(code: string): string {
  switch (code) {
    case 'CODE_MISMATCH':
    case 'CODE_EXPIRED':
      return AUTH_TEXTS.codeMismatch;
    case 'INVALID_PHONE':
      return AUTH_TEXTS.phoneCountry;
    case 'TOO_MANY_REQUESTS':
      return AUTH_TEXTS.tooManyRequests;
    case 'CANNOT_SUDO':
      return 'CANNOT_SUDO';
    default:
      return AUTH_TEXTS.unknownError;
  }
}
