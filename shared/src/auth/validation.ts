import { z } from 'zod';
import { MFA_CODE_LENGTH, MIN_PASSWORD_LENGTH } from '../constants/shell.js';
import { AUTH_TEXTS } from './texts.js';

/** Longest password accepted: long passphrases are welcome and never truncated; the cap only bounds hashing work. */
export const MAX_PASSWORD_LENGTH = 1024;
/** Longest name and email accepted at the edge. */
export const MAX_NAME_LENGTH = 200;
export const MAX_EMAIL_LENGTH = 254;

/** Emails are trimmed (spec 000 §5) and compared lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// Built on first use (z.lazy): the browser loads these with the app's entry but seldom validates with them.
export const emailSchema = z.lazy(() =>
  z
    .string()
    .max(MAX_EMAIL_LENGTH)
    .transform(normalizeEmail)
    .pipe(z.email({ message: 'INVALID_EMAIL' })),
);
export const passwordSchema = z.lazy(() => z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH));
export const nameSchema = z.lazy(() => z.string().trim().min(1).max(MAX_NAME_LENGTH));
/** An MFA code: exactly 6 digits, digits only (spec 000 §5). */
export const mfaCodeSchema = z.lazy(() => z.string().regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`)));

/** True when a typed code is complete and should be submitted (auto-submit at 6 digits, spec 000 §5). */
export function isCompleteMfaCode(code: string): boolean {
  return mfaCodeSchema.safeParse(code).success;
}

/** Keeps only digits, at most 6: what a code field accepts as the user types (spec 000 §5). */
export function sanitizeMfaCodeInput(input: string): string {
  return input.replace(/\D/g, '').slice(0, MFA_CODE_LENGTH);
}

export interface SignUpForm {
  name: string;
  email: string;
  password: string;
  agreed: boolean;
}

export interface SignUpValidation {
  errors: { name?: string; email?: string; password?: string; terms?: string };
  /** 'Form is complete.' or the incomplete banner: one error's text, or the several-errors text (spec 000 §5). */
  banner: string;
  complete: boolean;
}

/** Sign-up form validation with the texts of spec 000 §5. */
export function validateSignUp(form: SignUpForm): SignUpValidation {
  const errors: SignUpValidation['errors'] = {};
  if (form.name.trim() === '') errors.name = AUTH_TEXTS.missingName;
  if (form.email.trim() === '') errors.email = AUTH_TEXTS.missingEmail;
  if (form.password.length < MIN_PASSWORD_LENGTH) errors.password = AUTH_TEXTS.passwordTooShort;
  if (!form.agreed) errors.terms = AUTH_TEXTS.termsUnchecked;
  const list = Object.values(errors);
  const banner = list.length === 0 ? AUTH_TEXTS.formComplete : list.length === 1 ? list[0]! : AUTH_TEXTS.formIncomplete;
  return { errors, banner, complete: list.length === 0 };
}

/** Sign-in: email and password both non-empty, email trimmed (spec 000 §5). */
export function canSubmitSignIn(email: string, password: string): boolean {
  return email.trim() !== '' && password !== '';
}
