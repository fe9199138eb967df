import { z } from 'zod';
import type { ContractDocument } from '../orgs/baa.js';

/*
 * The legal documents of spec 000 §7 (issue 40): the terms of service and the privacy policy, each
 * a versioned contract document (html, version, updated, preamble, form, postText, checkboxText,
 * signedText; spec 000 §3). A user accepts the current version of each at sign-up and again when a
 * new version is published. The texts are ours: the spec names the fields, not their words.
 */

/** The legal documents a user accepts, by name (spec 000 §7 `GET {legal url}/{name}.json`). */
export const LEGAL_DOCUMENT_NAMES = ['terms', 'privacy'] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENT_NAMES)[number];

/** One acceptance as the client sends it and the server records it: a document at a version. */
export interface LegalAcceptance {
  document: LegalDocumentName;
  version: string;
}

export const TERMS_DOCUMENT: ContractDocument = {
  version: '2026-11-29',
  updated: '2026-11-29',
  preamble: 'These terms govern your use of Vigil. Please read them before you use the service.',
  html: [
    '<h2>Terms of Service</h2>',
    '<p>Vigil provides software for charting anesthesia and sedation. By creating an account or using Vigil you agree to these terms.</p>',
    '<h3>1. Your account</h3>',
    '<p>Your login is personal. Keep your password and verification codes to yourself, and tell us at once if you believe someone else has used your account. You are responsible for what is done with your account.</p>',
    '<h3>2. Clinical responsibility</h3>',
    '<p>Vigil records what you chart and shows reference figures and warnings. It does not replace your clinical judgement: you remain responsible for the care you give and for checking what you record and sign.</p>',
    '<h3>3. Your organization and its data</h3>',
    '<p>Protected health information charted in Vigil belongs to your organization. Vigil keeps it as a Business Associate under the agreement your organization signs, and uses it only to provide the service.</p>',
    '<h3>4. Acceptable use</h3>',
    "<p>Do not attempt to reach data you are not allowed to see, interfere with the service, or use it against the law or another person's rights.</p>",
    '<h3>5. Changes</h3>',
    '<p>We may change these terms. When we publish a new version we will ask you to accept it before you continue to use Vigil.</p>',
  ].join('\n'),
  postText: 'The version you accepted and when stay on record with your account.',
  checkboxText: 'I have read and agree to the Terms of Service.',
  signedText: 'You accepted version {{version}} of the Terms of Service on {{date}}.',
  form: { pre: '', fields: [] },
};

export const PRIVACY_DOCUMENT: ContractDocument = {
  version: '2026-11-29',
  updated: '2026-11-29',
  preamble: 'This policy explains what Vigil collects about you and why.',
  html: [
    '<h2>Privacy Policy</h2>',
    '<p>This policy covers the personal information of the people who use Vigil: your name, email address, phone number for verification, and the record of your sign-ins and actions.</p>',
    '<h3>1. What we collect</h3>',
    '<p>What you give us when you sign up and keep your profile, and what the service records as you use it (sign-ins, the device and address they came from, and the actions the audit trail requires).</p>',
    '<h3>2. How we use it</h3>',
    '<p>To provide the service, keep your account secure, answer your requests for help, and meet our legal duties. We do not sell personal information.</p>',
    "<h3>3. Patients' information</h3>",
    "<p>Patients' health information is your organization's and is handled under its Business Associate Agreement, not under this policy.</p>",
    '<h3>4. Your choices</h3>',
    '<p>You may update your profile at any time and ask us for a copy of the personal information we hold about you.</p>',
    '<h3>5. Changes</h3>',
    '<p>When we publish a new version of this policy we will ask you to accept it before you continue to use Vigil.</p>',
  ].join('\n'),
  postText: 'The version you accepted and when stay on record with your account.',
  checkboxText: 'I have read and agree to the Privacy Policy.',
  signedText: 'You accepted version {{version}} of the Privacy Policy on {{date}}.',
  form: { pre: '', fields: [] },
};

/** A legal document as the client shows it (GraphQL LegalDocument): its name and title with the contract fields. */
export const legalDocumentViewSchema = z.object({
  name: z.enum(LEGAL_DOCUMENT_NAMES),
  title: z.string(),
  version: z.string(),
  updated: z.string(),
  html: z.string(),
  preamble: z.string(),
  postText: z.string(),
  checkboxText: z.string(),
  signedText: z.string(),
});
export type LegalDocumentView = z.infer<typeof legalDocumentViewSchema>;

/** A legal document accepted at a version, as sent (GraphQL LegalAcceptanceInput; the server checks [LEG2]). */
export const legalAcceptanceInputSchema = z.object({
  document: z.string().min(1).max(50),
  version: z.string().min(1).max(50),
});

/** The documents' titles, as pages and dialogs name them. */
export const LEGAL_DOCUMENT_TITLES: Readonly<Record<LegalDocumentName, string>> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
};

/** The current version of every legal document (the server checks acceptances against these). */
export const LEGAL_DOCUMENTS: Readonly<Record<LegalDocumentName, ContractDocument>> = {
  terms: TERMS_DOCUMENT,
  privacy: PRIVACY_DOCUMENT,
};

export function isLegalDocumentName(name: unknown): name is LegalDocumentName {
  return typeof name === 'string' && (LEGAL_DOCUMENT_NAMES as readonly string[]).includes(name);
}

/** The acceptances that accept every document at its current version (what sign-up sends). */
export function currentLegalAcceptances(
  documents: Readonly<Record<LegalDocumentName, ContractDocument>> = LEGAL_DOCUMENTS,
): LegalAcceptance[] {
  return LEGAL_DOCUMENT_NAMES.map((document) => ({ document, version: documents[document].version }));
}

/**
 * [LEG1] The documents still to accept: each whose current version is not among the
 * acceptances (an earlier version's acceptance does not count once a new one is published;
 * spec 000 §7). In LEGAL_DOCUMENT_NAMES order.
 */
export function pendingLegalDocuments(
  accepted: readonly LegalAcceptance[],
  documents: Readonly<Record<LegalDocumentName, ContractDocument>> = LEGAL_DOCUMENTS,
): LegalDocumentName[] {
  return LEGAL_DOCUMENT_NAMES.filter(
    (name) => !accepted.some((a) => a.document === name && a.version === documents[name].version),
  );
}

/**
 * [LEG2] An acceptance the server records: a known document at its current version. An
 * acceptance of another version (the page was open while a new one was published) is refused
 * with 'CONTRACT_VERSION_CHANGED', as the BAA's signing is.
 */
export function legalAcceptanceError(
  acceptance: { document: string; version: string },
  documents: Readonly<Record<LegalDocumentName, ContractDocument>> = LEGAL_DOCUMENTS,
): 'INVALID_INPUT' | 'CONTRACT_VERSION_CHANGED' | null {
  if (!isLegalDocumentName(acceptance.document)) return 'INVALID_INPUT';
  return documents[acceptance.document].version === acceptance.version ? null : 'CONTRACT_VERSION_CHANGED';
}

/** [LEG3] A document's signedText with its {{version}} and {{date}} (the acceptance's UTC day) filled. */
export function legalSignedText(document: ContractDocument, version: string, acceptedAt: number): string {
  const date = new Date(acceptedAt).toISOString().slice(0, 10);
  return document.signedText.replace('{{version}}', version).replace('{{date}}', date);
}
