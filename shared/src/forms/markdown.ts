import MarkdownIt from 'markdown-it';
import { checkImageDataUrl, IMAGE_BOUNDS } from '../images/raster.js';
import { fillPlaceholders } from '../orgs/forms.js';
import { FORM_LIMITS } from './forms.js';

/*
 * A form's Markdown body to HTML (spec 000 §5; issue 28): the same function in the app (the
 * builder's preview, the patient's phone) and on the server (the contract PDF). markdown-it runs
 * without the DOM and, with raw HTML off, escapes every tag the author types, so no script or
 * event handler can come out of it; links and images are limited to the schemes below. The
 * server also passes the result through sanitize-html before printing.
 */

/** Link and image targets a form may use: web, mail, phone, in-page and relative ones, and pasted raster images. */
const SAFE_URL = /^(?:https?:|mailto:|tel:|[^:/?#]*(?:[/?#]|$))/i;
/** Pasted images (spec 000 §5: saved as JPEG) and other raster data images; never SVG or HTML. */
const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;

/**
 * [PF4] Whether a link or image target may appear in rendered Markdown (no javascript:, vbscript:,
 * data: HTML, file:); a data image only when it is a PNG or JPEG within the form image bounds
 * (IM2), so no form prints an image that costs the printer gigabytes.
 */
export function safeMarkdownUrl(url: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const squeezed = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^data:/i.test(squeezed)) {
    return SAFE_DATA_IMAGE.test(url.trim()) && checkImageDataUrl(url, IMAGE_BOUNDS.formImage).ok;
  }
  return SAFE_URL.test(squeezed);
}

const renderer = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
renderer.validateLink = safeMarkdownUrl;

/**
 * [PF4] Renders a form's Markdown to HTML that carries no script: raw HTML is shown as text,
 * link and image targets pass safeMarkdownUrl or are left as text. Text longer than the editor's
 * limit (spec 000 §5) is cut at the limit.
 */
export function renderFormMarkdown(markdown: string): string {
  return renderer.render(markdown.slice(0, FORM_LIMITS.markdownLength));
}

/**
 * [PF8] Text shown as itself inside Markdown: every ASCII punctuation character backslash-escaped
 * (CommonMark lets any be) and line breaks and runs of spaces made one space (an answer is one
 * line), so no emphasis, link, image, heading, list, table, code or HTML can come out of it.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
}

/**
 * [PF8] A form's Markdown with its `{{name}}` placeholders filled by what the patient typed
 * (issue 35 item 9): the office's Markdown stays Markdown, the answers print as typed.
 */
export function fillFormMarkdown(
  markdown: string,
  values: Readonly<Record<string, string | null | undefined>>,
): string {
  const escaped: Record<string, string | null | undefined> = {};
  for (const [name, value] of Object.entries(values)) escaped[name] = value == null ? value : escapeMarkdown(value);
  return fillPlaceholders(markdown, escaped);
}
