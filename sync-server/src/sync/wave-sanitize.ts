import sanitizeHtml from 'sanitize-html';
import {
  SVG_NAMESPACE,
  WAVE_SVG_ATTRIBUTES,
  WAVE_SVG_ELEMENTS,
  WAVE_SVG_LIMITS,
  isAllowedWaveSvgAttribute,
  isSafeWaveSvg,
} from '@vigil/shared';

/** An svg this many times the length limit is not worth reducing: it is dropped unread. */
const MAX_INPUT_FACTOR = 4;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...WAVE_SVG_ELEMENTS],
  allowedAttributes: Object.fromEntries(
    Object.entries(WAVE_SVG_ATTRIBUTES).map(([element, attrs]) => [element, Object.keys(attrs)]),
  ),
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  // A foreign element goes with everything inside it (foreignObject's HTML, script, style).
  disallowedTagsMode: 'completelyDiscard',
  // XML: attribute names keep their case (viewBox), empty elements are written self-closed.
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  // A wave has no text.
  textFilter: () => '',
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      // Values are checked too (CD12): a url() paint or an oversized width is dropped, not kept.
      attribs: Object.fromEntries(
        Object.entries(attribs).filter(([name, value]) => isAllowedWaveSvgAttribute(tagName, name, value)),
      ),
    }),
    svg: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...Object.fromEntries(
          Object.entries(attribs).filter(([name, value]) => isAllowedWaveSvgAttribute(tagName, name, value)),
        ),
        xmlns: SVG_NAMESPACE,
      },
    }),
  },
};

/**
 * A wave svg reduced to the allowlist of the wave svg rules ([CD3], [CD12]) by sanitize-html on
 * the server (issue 24 item 5): foreign elements removed with their content, attributes outside
 * the element's allowlist or with invalid values dropped, text removed, the svg namespace set.
 * Null when nothing safe remains (no single svg root, still over the limits, or an input far
 * beyond the length limit, which is not parsed at all).
 */
export function sanitizeWaveSvg(svg: string): string | null {
  if (svg.length > WAVE_SVG_LIMITS.maxChars * MAX_INPUT_FACTOR) return null;
  let clean: string;
  try {
    clean = sanitizeHtml(svg, OPTIONS).trim();
  } catch {
    return null;
  }
  return isSafeWaveSvg(clean) ? clean : null;
}
