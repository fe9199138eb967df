import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Elements a captured wave's svg may contain (spec 001 §5). */
export const WAVE_SVG_ELEMENTS = ['svg', 'rect', 'path'] as const;

// Made on first use: the browser loads this module with the case screen, which checks a wave
// only when one is captured.
let parser: XMLParser | null = null;
const svgParser = (): XMLParser =>
  (parser ??= new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    allowBooleanAttributes: true,
    commentPropName: '#comment',
    cdataPropName: '#cdata',
    processEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
  }));

type Node = Record<string, unknown>;

function nodeIsSafe(node: Node): boolean {
  for (const [key, value] of Object.entries(node)) {
    if (key === ':@') {
      const attrs = Object.keys(value as Record<string, unknown>);
      if (attrs.some((a) => a.toLowerCase().startsWith('on'))) return false;
      continue;
    }
    if (key === '#text') {
      if (typeof value === 'string' && value.trim() !== '') return false;
      continue;
    }
    if (!(WAVE_SVG_ELEMENTS as readonly string[]).includes(key)) return false;
    if (!Array.isArray(value) || !value.every((child) => nodeIsSafe(child as Node))) return false;
  }
  return true;
}

/**
 * [CD3] A wave's svg (spec 001 §5) must be well-formed XML whose single root is an svg element
 * and which contains only svg, rect and path elements (no text, comments, CDATA, processing
 * instructions or DOCTYPE) and no event-handler (on…) attributes. It is parsed, not matched.
 */
export function isSafeWaveSvg(svg: unknown): boolean {
  if (typeof svg !== 'string' || svg.trim() === '') return false;
  if (svg.toUpperCase().includes('<!DOCTYPE')) return false;
  try {
    if (XMLValidator.validate(svg, { allowBooleanAttributes: true }) !== true) return false;
    const roots = (svgParser().parse(svg) as Node[]).filter((n) => !('#text' in n && Object.keys(n).length === 1));
    const root = roots[0];
    return roots.length === 1 && root != null && 'svg' in root && nodeIsSafe(root);
  } catch {
    return false;
  }
}
