import { BAA_TITLE, SIGNATURE_TYPE, type Contract, type ContractSigner } from '../fhir/contract.js';
import { ORG_TAG_SYSTEM } from '../fhir/common.js';
import { contractMissing, fillPlaceholders } from './forms.js';
import type { BaaSignatureView } from '../views/orgs.js';

/**
 * The contract document of spec 000 §3 (what `GET {legal url}/{name}.json` returns): html,
 * version, updated, preamble, postText, checkboxText, signedText, form.fields (each with a
 * label) and form.pre.
 */
export interface ContractDocument {
  html: string;
  version: string;
  /** ISO date of the version. */
  updated: string;
  preamble: string;
  postText: string;
  checkboxText: string;
  signedText: string;
  form: { pre: string; fields: readonly { name: string; label: string }[] };
}

/** The fields of the Business Associate Agreement form, by name (their values fill `{{name}}`). */
export type BaaFieldName = 'companyName' | 'name' | 'title';
export type BaaValues = Readonly<Record<BaaFieldName, string>>;

/** The label 'Still Missing:' lists for an unsigned signature pad (decision: the pad is part of the form). */
export const BAA_SIGNATURE_LABEL = 'Signature';
/** The Business Associate Agreement's fixed id within its organisation (one agreement per organisation). */
export const BAA_CONTRACT_ID = 'ctr-baa';
/** Contract.identifier system naming the agreement document and its version. */
export const BAA_DOCUMENT_SYSTEM = 'https://vigil.health/legal/baa';
/** Signer types (spec 001 §3): the covered entity and the company (Vigil). */
export const BAA_SIGNER_SYSTEM = 'https://vigil.health/fhir/contract-signer';
export const COVERED_ENTITY_SIGNER = 'covered-entity';
export const COMPANY_SIGNER = 'company';

/**
 * The Business Associate Agreement Vigil offers (spec 001 §3 title 'Business Associate
 * Agreement'; the text is not in the spec: ours, after the HHS sample provisions). `{{name}}`
 * placeholders are the form's fields (spec 000 §5).
 */
export const BAA_DOCUMENT: ContractDocument = {
  version: '2026-11-01',
  updated: '2026-11-01',
  preamble:
    'Vigil keeps protected health information for your organization. HIPAA requires a Business Associate Agreement between your organization (the Covered Entity) and Vigil (the Business Associate) before patients are charted. Please read it, fill in the fields below and sign.',
  html: [
    '<h2>Business Associate Agreement</h2>',
    '<p>This Business Associate Agreement (the "Agreement") is entered into by <strong>{{companyName}}</strong> ("Covered Entity") and Vigil ("Business Associate"), and is signed for Covered Entity by <strong>{{name}}</strong>, <strong>{{title}}</strong>.</p>',
    '<h3>1. Definitions</h3>',
    '<p>Terms used but not otherwise defined in this Agreement have the meanings given in the HIPAA Rules (45 CFR Parts 160 and 164), including Breach, Designated Record Set, Disclosure, Individual, Protected Health Information ("PHI"), Required by Law, Secretary, Security Incident, Subcontractor, Unsecured Protected Health Information and Use.</p>',
    '<h3>2. Obligations of Business Associate</h3>',
    '<p>Business Associate agrees to: (a) not use or disclose PHI other than as permitted or required by this Agreement or as Required by Law; (b) use appropriate safeguards, and comply with Subpart C of 45 CFR Part 164 with respect to electronic PHI, to prevent use or disclosure of PHI other than as provided for by this Agreement; (c) report to Covered Entity any use or disclosure of PHI not provided for by this Agreement of which it becomes aware, including Breaches of Unsecured PHI as required at 45 CFR 164.410, and any Security Incident of which it becomes aware; (d) ensure that any Subcontractors that create, receive, maintain or transmit PHI on its behalf agree to the same restrictions, conditions and requirements; (e) make PHI in a Designated Record Set available to Covered Entity as necessary to satisfy its obligations under 45 CFR 164.524; (f) make amendments to PHI in a Designated Record Set as directed by Covered Entity under 45 CFR 164.526; (g) maintain and make available the information required to provide an accounting of disclosures under 45 CFR 164.528; and (h) make its internal practices, books and records available to the Secretary for purposes of determining compliance with the HIPAA Rules.</p>',
    '<h3>3. Permitted Uses and Disclosures</h3>',
    '<p>Business Associate may use or disclose PHI only as necessary to provide its anesthesia and sedation charting services to Covered Entity, as Required by Law, and for its proper management and administration as permitted by 45 CFR 164.504(e)(4). Business Associate will limit its uses and disclosures of PHI to the minimum necessary.</p>',
    '<h3>4. Obligations of Covered Entity</h3>',
    "<p>Covered Entity will notify Business Associate of any limitation in its notice of privacy practices, any change in or revocation of an Individual's permission, and any restriction on the use or disclosure of PHI it has agreed to, to the extent it may affect Business Associate's use or disclosure of PHI. Covered Entity will not ask Business Associate to use or disclose PHI in any manner that would not be permissible under the HIPAA Rules if done by Covered Entity.</p>",
    '<h3>5. Term and Termination</h3>',
    '<p>This Agreement takes effect when signed and remains in effect while Business Associate keeps PHI for Covered Entity. Covered Entity may terminate this Agreement if Business Associate has violated a material term and has not cured the violation within thirty (30) days. On termination Business Associate will return to Covered Entity or destroy all PHI it keeps, or, where that is not feasible, extend the protections of this Agreement to that PHI for as long as it is kept.</p>',
    '<h3>6. Miscellaneous</h3>',
    '<p>A reference in this Agreement to a section of the HIPAA Rules means the section as in effect or as amended. The parties agree to amend this Agreement as necessary for compliance with the HIPAA Rules. Any ambiguity in this Agreement shall be interpreted to permit compliance with the HIPAA Rules.</p>',
  ].join('\n'),
  postText: 'A copy of the signed agreement stays available on this page to everyone in your organization.',
  checkboxText:
    'I have read this Business Associate Agreement and agree to it on behalf of the Covered Entity named above.',
  signedText: 'This agreement was signed by {{name}} for {{companyName}}.',
  form: {
    pre: 'Covered Entity and signer',
    fields: [
      { name: 'companyName', label: 'Covered Entity (legal name of your organization)' },
      { name: 'name', label: 'Your full name' },
      { name: 'title', label: 'Your title' },
    ],
  },
};

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to place inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * A contract's HTML with its `{{name}}` placeholders filled (spec 000 §5; a blank shows
 * '(blank)'). The values are escaped: only the document's own markup is markup.
 */
export function renderContractHtml(html: string, values: Readonly<Record<string, string | null | undefined>>): string {
  const escaped: Record<string, string | null | undefined> = {};
  for (const [name, value] of Object.entries(values)) escaped[name] = value == null ? value : escapeHtml(value);
  return fillPlaceholders(html, escaped);
}

/**
 * What 'Still Missing:' lists for a contract (spec 000 §5): every empty form field by its
 * label, the acceptance checkbox by its text, and the signature when none is drawn.
 */
export function contractStillMissing(
  document: ContractDocument,
  values: Readonly<Record<string, string | null | undefined>>,
  accepted: boolean,
  signaturePath: string | null,
): string[] {
  const missing = contractMissing(document.form.fields, values, accepted, document.checkboxText);
  if (!signaturePath || signaturePath.trim() === '') missing.push(BAA_SIGNATURE_LABEL);
  return missing;
}

/** The signature pad's SVG for a path (spec 002 §9 pad: width up to 660, height 300). */
export function signatureSvg(path: string, width = 660, height = 300): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><path d="${escapeHtml(path)}" fill="none" stroke="black" stroke-width="2" stroke-linecap="round"/></svg>`;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** UTF-8 bytes of text (shared/ compiles without DOM or Node types, so no TextEncoder). */
function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return bytes;
}

/** UTF-8 text as base64 (FHIR base64Binary), without platform helpers (shared/ is pure). */
export function utf8ToBase64(text: string): string {
  const bytes = utf8Bytes(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    out += BASE64[a >> 2]! + BASE64[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : BASE64[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : BASE64[c & 63]!;
  }
  return out;
}

/** base64 (FHIR base64Binary) back to UTF-8 text. */
export function base64ToUtf8(data: string): string {
  const clean = data.replace(/[^A-Za-z0-9+/]/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < clean.length; i += 4) {
    const n = [0, 1, 2, 3].map((k) => (i + k < clean.length ? BASE64.indexOf(clean[i + k]!) : -1));
    bytes.push((n[0]! << 2) | (n[1]! >> 4));
    if (n[2]! >= 0) bytes.push(((n[1]! & 15) << 4) | (n[2]! >> 2));
    if (n[3]! >= 0) bytes.push(((n[2]! & 3) << 6) | n[3]!);
  }
  return decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
}

/** One signature of the agreement as spec 001 §3 names it: views/orgs.ts baaSignatureViewSchema. */
export type BaaSignature = BaaSignatureView;

export interface BaaSigning {
  orgId: string;
  /** The signer's membership id (their Practitioner resource). */
  memberId: string;
  document: ContractDocument;
  values: BaaValues;
  signaturePath: string;
  /** ISO instant of signing. */
  time: string;
}

/**
 * The signed Business Associate Agreement as a Contract (spec 001 §3): title, version, status
 * executed, the filled text as its legal attachment, and the covered entity's signature (name,
 * SVG, company name, time). Vigil's countersignature (the company signature) is not recorded by
 * this version: see docs/decisions.md.
 */
export function baaContract(signing: BaaSigning): Contract & { id: string } {
  const html = renderContractHtml(signing.document.html, signing.values);
  const signer: ContractSigner = {
    type: { system: BAA_SIGNER_SYSTEM, code: COVERED_ENTITY_SIGNER, display: 'Covered Entity' },
    party: { reference: `Practitioner/${signing.memberId}`, display: signing.values.name.trim() },
    signature: [
      {
        type: [SIGNATURE_TYPE],
        when: signing.time,
        who: { reference: `Practitioner/${signing.memberId}`, display: signing.values.name.trim() },
        onBehalfOf: { display: signing.values.companyName.trim() },
        sigFormat: 'image/svg+xml',
        data: utf8ToBase64(signatureSvg(signing.signaturePath)),
      },
    ],
  };
  return {
    resourceType: 'Contract',
    id: BAA_CONTRACT_ID,
    meta: { tag: [{ system: ORG_TAG_SYSTEM, code: signing.orgId }] },
    identifier: [{ system: BAA_DOCUMENT_SYSTEM, value: signing.document.version }],
    title: BAA_TITLE,
    version: signing.document.version,
    status: 'executed',
    issued: signing.time,
    signer: [signer],
    legal: [
      {
        contentAttachment: {
          contentType: 'text/html',
          title: BAA_TITLE,
          data: utf8ToBase64(html),
          creation: signing.time,
        },
      },
    ],
  };
}

function signatureOf(contract: Contract, code: string): BaaSignature | null {
  const signer = contract.signer?.find((s) => s.type.system === BAA_SIGNER_SYSTEM && s.type.code === code);
  const signature = signer?.signature[0];
  if (!signer || !signature) return null;
  return {
    name: signature.who.display ?? signer.party.display ?? '',
    signatureSvg: signature.data ? base64ToUtf8(signature.data) : null,
    companyName: signature.onBehalfOf?.display ?? '',
    time: signature.when,
  };
}

/** The agreement as the BAA page reads it back from its Contract (spec 001 §3). */
export interface BaaView {
  version: string;
  status: string;
  html: string;
  coveredEntity: BaaSignature | null;
  company: BaaSignature | null;
}

export function baaView(contract: Contract): BaaView {
  const attachment = contract.legal?.[0]?.contentAttachment;
  return {
    version: contract.version ?? '',
    status: contract.status ?? 'unknown',
    html: attachment?.data ? base64ToUtf8(attachment.data) : '',
    coveredEntity: signatureOf(contract, COVERED_ENTITY_SIGNER),
    company: signatureOf(contract, COMPANY_SIGNER),
  };
}

/** The Vigil signatory's countersignature, added to a signed agreement (spec 001 §3 company signature). */
export interface CompanySigning {
  name: string;
  signaturePath: string;
  /** ISO instant of signing. */
  time: string;
}

/** The company (Vigil) as spec 001 §3 names it on the agreement. */
export const BAA_COMPANY_NAME = 'Vigil';

/**
 * The agreement with Vigil's countersignature (spec 001 §3: name, signatureSvg, companyName, time),
 * or null when the covered entity has not signed or Vigil already has.
 */
export function withCompanySignature(contract: Contract, signing: CompanySigning): Contract | null {
  const view = baaView(contract);
  if (!view.coveredEntity || view.company) return null;
  const signer: ContractSigner = {
    type: { system: BAA_SIGNER_SYSTEM, code: COMPANY_SIGNER, display: 'Company' },
    party: { display: BAA_COMPANY_NAME },
    signature: [
      {
        type: [SIGNATURE_TYPE],
        when: signing.time,
        who: { display: signing.name.trim() },
        onBehalfOf: { display: BAA_COMPANY_NAME },
        sigFormat: 'image/svg+xml',
        data: utf8ToBase64(signatureSvg(signing.signaturePath)),
      },
    ],
  };
  return { ...contract, signer: [...(contract.signer ?? []), signer] };
}
