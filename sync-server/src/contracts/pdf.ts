import {
  ANSWER_TEXT,
  answeredQuestions,
  checkImageBase64,
  IMAGE_BOUNDS,
  dateTime,
  extensionsOf,
  patientDisplayName,
  renderFormMarkdown,
  type Contract,
  type ImageBounds,
  type Patient,
} from '@vigil/shared';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { Caller } from '../access/caller.js';
import { refusalOf, type OrgAccess } from '../access/index.js';
import { AppError } from '../errors.js';
import type { FhirService } from '../fhir/service.js';
import type { PdfPrinter } from '../report/pdf.js';
import type { OrgStore } from '../store/orgs/types.js';
import { CONTRACT_EXTENSIONS } from './patient.js';

export interface ContractPdfDeps {
  fhir: FhirService;
  access: OrgAccess;
  orgs: OrgStore;
  printer: PdfPrinter;
}

const orgIdParam = z.string().regex(/^[a-z0-9_-]{1,64}$/);
const idParam = z.string().regex(/^[A-Za-z0-9-.]{1,64}$/);

const escape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Only the tags Markdown makes, and images only as PNG/JPEG data (defence in depth after markdown-it, PF4). */
export function sanitizeContractHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'strong', 'em', 's', 'code', 'pre', 'blockquote'],
      ...['ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
    ],
    allowedAttributes: {
      a: ['href', 'title'],
      img: ['src', 'alt', 'title'],
      ol: ['start'],
      th: ['style'],
      td: ['style'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['data'] },
    allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
    allowProtocolRelative: false,
    exclusiveFilter: (frame) =>
      frame.tag === 'img' && !/^data:image\/(png|jpeg|gif|webp);base64,/i.test(frame.attribs.src ?? ''),
  });
}

const decode = (b64: string | undefined): string => (b64 ? Buffer.from(b64, 'base64').toString('utf8') : '');

/**
 * [IM2] A stored PNG (the patient's signature or selfie) as an image, only when it passes its
 * bounds: a contract kept before they were checked never reaches the printer with a 20000 ×
 * 20000 picture; it says instead why its image is not shown.
 */
function pngImage(data: string | undefined, bounds: ImageBounds, alt: string): string {
  if (!data) return '';
  const check = checkImageBase64(data, 'image/png', bounds);
  return check.ok
    ? `<img alt="${alt}" src="data:image/png;base64,${data}">`
    : `<p class="refused">${escape(`${alt} not shown: ${check.message}`)}</p>`;
}

/**
 * One answer as printed text: lists one per line, a health history as its labelled questions
 * (FC21: 'Cardiovascular: Yes (Hypertension)'), '(blank)' when empty.
 */
function answerText(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return 'None';
    return value
      .map((v) => {
        const o = v as { name?: string; reaction?: string; dose?: string };
        return [o.name, o.reaction ?? o.dose].filter(Boolean).join(' — ');
      })
      .join('\n');
  }
  if (value && typeof value === 'object') {
    const h = value as { answers?: Record<string, 'yes' | 'no' | 'unsure'>; notes?: string };
    const lines = answeredQuestions({ answers: h.answers ?? {} }).map(
      (q) => `${q.label}: ${ANSWER_TEXT[q.answer]}${q.conditions.length > 0 ? ` (${q.conditions.join(', ')})` : ''}`,
    );
    if (h.notes) lines.push(`Notes: ${h.notes}`);
    return lines.join('\n') || '(blank)';
  }
  return typeof value === 'string' && value.trim() !== '' ? value : '(blank)';
}

function parseAnswers(json: unknown): Record<string, unknown> {
  if (typeof json !== 'string') return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A time zone the runtime knows (an IANA name such as America/New_York), else null. */
export function timeZoneOrNull(tz: unknown): string | null {
  if (typeof tz !== 'string' || tz.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * An ISO time as the anesthesia record prints times: '2026-11-22 14:05' in the reader's time
 * zone (the zone named after it), or the text as stored when it is no time.
 */
export function contractTime(iso: string | undefined, timeZone: string): string {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ms) ? `${dateTime(ms, timeZone)} (${timeZone})` : (iso ?? '');
}

/**
 * The signed contract as one standalone HTML page (no script; the printer runs none either):
 * the organisation's name (left out when it has none, never its id) and every time in `timeZone`.
 */
export function contractHtml(
  contract: Contract,
  patient: Patient | null,
  orgName: string | null,
  timeZone = 'UTC',
): string {
  const markdown = decode(contract.legal?.[0]?.contentAttachment?.data);
  const body = sanitizeContractHtml(renderFormMarkdown(markdown));
  const valuesJson = extensionsOf(contract, CONTRACT_EXTENSIONS.values)[0]?.valueString;
  const answers = parseAnswers(valuesJson);
  // Labels as the patient read them (contracts signed before they were kept print the field's name).
  const labels = parseAnswers(extensionsOf(contract, CONTRACT_EXTENSIONS.labels)[0]?.valueString);
  const selfie = (
    extensionsOf(contract, CONTRACT_EXTENSIONS.selfie)[0]?.valueAttachment as { data?: string } | undefined
  )?.data;
  const signer = contract.signer?.[0];
  const signature = signer?.signature[0];
  const rows = Object.entries(answers)
    .map(
      ([k, v]) =>
        `<tr><th>${escape(typeof labels[k] === 'string' ? labels[k] : k)}</th><td>${escape(answerText(v)).replace(/\n/g, '<br>')}</td></tr>`,
    )
    .join('');
  const title = contract.title ?? 'Contract';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:sans-serif;font-size:12pt;margin:24px;color:#111}h1.t{font-size:18pt;margin:0 0 4px}
.meta{color:#444;margin-bottom:16px}table{border-collapse:collapse;margin:12px 0}th,td{border:1px solid #999;padding:4px 8px;text-align:left;vertical-align:top}
img{max-width:100%}.sig img{max-height:120px}.selfie img{width:160px;height:160px}</style></head><body>
<h1 class="t">${escape(title)}</h1>
<div class="meta">${orgName ? `${escape(orgName)} · ` : ''}Patient: ${escape(patient ? patientDisplayName(patient) : '(unknown)')}${patient?.birthDate ? ` · DOB ${escape(patient.birthDate)}` : ''} · Version ${escape(contractTime(contract.version, timeZone))} · Contract ${escape(contract.id ?? '')}</div>
<div class="text">${body}</div>
${rows ? `<table>${rows}</table>` : ''}
${selfie ? `<div class="selfie">${pngImage(selfie, IMAGE_BOUNDS.selfie, 'Selfie')}</div>` : ''}
${
  signature
    ? `<div class="sig">${pngImage(signature.data, IMAGE_BOUNDS.signature, 'Signature')}
<div>Signed by ${escape(signature.who.display ?? '')} on ${escape(contractTime(signature.when, timeZone))}</div></div>`
    : '<div class="sig">No signature</div>'
}
</body></html>`;
}

/** GET /api/contract/{orgId}/{contractId} (spec 000 §7): the organisation permission, then the PDF. */
export class ContractPdfService {
  constructor(private readonly deps: ContractPdfDeps) {}

  async pdf(
    caller: Caller,
    rawOrgId: string,
    rawId: string,
    /** The reader's time zone (the link's `tz`; the anesthesia record prints in the signing device's), else UTC. */
    rawTimeZone?: string,
  ): Promise<{ bytes: Uint8Array; title: string }> {
    const orgId = orgIdParam.safeParse(rawOrgId);
    const id = idParam.safeParse(rawId);
    if (!orgId.success || !id.success) throw new AppError(404, 'NOT_FOUND');
    if (!caller.user || (await refusalOf(this.deps.access.authorize(caller, orgId.data, 'member')))) {
      throw new AppError(403, 'NOT_AUTHORIZED');
    }
    const ctx = { orgId: orgId.data, userId: caller.user.id, ip: caller.ip, baseUrl: '' };
    const contract = (await this.deps.fhir.read(ctx, 'Contract', id.data)).resource as Contract;
    const patientRef = contract.subject?.find((s) => s.reference?.startsWith('Patient/'))?.reference;
    if (!patientRef || !contract.legal?.[0]?.contentAttachment) throw new AppError(404, 'NOT_FOUND');
    const patient = (await this.deps.fhir.read(ctx, 'Patient', patientRef.slice('Patient/'.length)))
      .resource as Patient;
    const orgName = (await this.deps.orgs.org(orgId.data))?.name?.trim() || null;
    const timeZone = timeZoneOrNull(rawTimeZone) ?? 'UTC';
    const bytes = await this.deps.printer.print(contractHtml(contract, patient, orgName, timeZone), 800);
    return { bytes, title: contract.title ?? 'Contract' };
  }
}
