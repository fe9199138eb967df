import type { OrgType } from '../enums.js';
import { ORG_TEXTS } from './texts.js';
import type { PostalAddressView } from '../views/orgs.js';

/*
 * The organisation screens' pure rules (spec 000 §2, §4, §5): referral questions, the org
 * details form, the contract form, the organisation switcher and the welcome-page redirect.
 */

/** Referral choices (spec 000 §5); `value` is the referralType sent to createOrg. */
export const REFERRAL_CHOICES = [
  { value: 'Social Media', label: 'Social Media', followUp: false },
  { value: 'Email', label: 'Email', followUp: false },
  { value: 'Google', label: 'Google', followUp: false },
  { value: 'Referral', label: 'A Vigil User', followUp: true },
  { value: 'Conference', label: 'A Conference', followUp: true },
  { value: 'Other', label: 'Other', followUp: true },
] as const;
export type ReferralChoice = (typeof REFERRAL_CHOICES)[number]['value'];

export interface ReferralAnswers {
  /** The chosen referral, or null when none is chosen yet. */
  choice: ReferralChoice | null;
  /** The follow-up text (who referred, which conference, what else). */
  followUp: string;
  /** The referral cookie (ref_id, spec 000 §2), when one was stored. */
  referralCookie: string | null;
}

export interface ReferralResult {
  /** Whether the question is shown (a referral cookie hides it). */
  showQuestion: boolean;
  /** Whether every question is answered (creating needs it). */
  complete: boolean;
  referralType: string | null;
  referredBy: string | null;
}

/**
 * Spec 000 §5: Other, Referral and Conference need a follow-up text; a referral cookie sets
 * referralType Cookie (referredBy the cookie) and hides the question.
 */
export function referralAnswers(answers: ReferralAnswers): ReferralResult {
  if (answers.referralCookie) {
    return { showQuestion: false, complete: true, referralType: 'Cookie', referredBy: answers.referralCookie };
  }
  const choice = REFERRAL_CHOICES.find((c) => c.value === answers.choice);
  if (!choice) return { showQuestion: true, complete: false, referralType: null, referredBy: null };
  const followUp = answers.followUp.trim();
  if (choice.followUp && followUp === '') {
    return { showQuestion: true, complete: false, referralType: choice.value, referredBy: null };
  }
  return {
    showQuestion: true,
    complete: true,
    referralType: choice.value,
    referredBy: choice.followUp ? followUp : null,
  };
}

/** A billing or shipping address (spec 000 §3): name plus address; views/orgs.ts postalAddressViewSchema. */
export type PostalAddress = PostalAddressView;

export interface OrgDetailsForm {
  billing: PostalAddress | null;
  /** Null with `shippingSameAsBilling` true means the billing address. */
  shipping: PostalAddress | null;
  shippingSameAsBilling: boolean;
  email: string;
  type: OrgType | '' | null;
}

function addressComplete(a: PostalAddress | null): boolean {
  if (!a) return false;
  const { line1, city, state, postal_code: postalCode, country } = a.address;
  return [a.name, line1, city, state, postalCode, country].every((v) => typeof v === 'string' && v.trim() !== '');
}

/**
 * Spec 000 §5: billing address and name, shipping address (or same as billing), org email and
 * type are all required, else 'Complete all required fields'. Null when the form can be saved.
 */
export function validateOrgDetails(form: OrgDetailsForm): string | null {
  const shippingOk = form.shippingSameAsBilling || addressComplete(form.shipping);
  const ok = addressComplete(form.billing) && shippingOk && form.email.trim() !== '' && !!form.type;
  return ok ? null : ORG_TEXTS.completeRequired;
}

/** Spec 000 §5: `{{name}}` placeholders are replaced; a blank value shows '(blank)'. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string | null | undefined>>): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    return value == null || value.trim() === '' ? ORG_TEXTS.blank : value;
  });
}

/**
 * Spec 000 §5: every contract form field and the acceptance checkbox must be complete; the
 * missing ones are listed (under 'Still Missing:'), fields by label, the checkbox by its text.
 */
export function contractMissing(
  fields: readonly { name: string; label: string }[],
  values: Readonly<Record<string, string | null | undefined>>,
  accepted: boolean,
  checkboxText: string,
): string[] {
  const missing = fields.filter((f) => (values[f.name] ?? '').trim() === '').map((f) => f.label);
  if (!accepted) missing.push(checkboxText);
  return missing;
}

/** The organisation switcher's groups, in order (spec 000 §2). */
export const SWITCHER_GROUPS = [
  { type: 'vigil', label: 'Internal' },
  { type: 'parent', label: 'Admin Orgs' },
  { type: 'reseller', label: 'Reseller' },
  { type: 'regular', label: 'Regular Orgs' },
] as const satisfies readonly { type: OrgType; label: string }[];

/** The non-empty switcher groups for a session's orgs (grouped by type, spec 000 §3). */
export function switcherGroups<T>(
  orgs: Readonly<Record<OrgType, readonly T[]>>,
): { type: OrgType; label: string; orgs: readonly T[] }[] {
  return SWITCHER_GROUPS.filter((g) => orgs[g.type].length > 0).map((g) => ({ ...g, orgs: orgs[g.type] }));
}

/**
 * Spec 000 §4 at `/`: with a single organisation go to it; with none, to /create-org when the
 * email is verified, else /verify-email; with several, stay (null) and show the list.
 */
export function welcomeRedirect(orgs: readonly { href: string }[], emailVerified: boolean): string | null {
  if (orgs.length === 1) return orgs[0]!.href;
  if (orgs.length === 0) return emailVerified ? '/create-org' : '/verify-email';
  return null;
}
