import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Elements a captured wave's svg may contain (spec 001 §5). */
export const WAVE_SVG_ELEMENTS = ['svg', 'rect', 'path'] as const;
export type WaveSvgElement = (typeof WAVE_SVG_ELEMENTS)[number];

/** The svg namespace: the only value `xmlns` may have (an svg in an <img> needs it). */
export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/**
 * [CD12] Bounds of a wave svg (issue 24 item 5). A 6-second strip of 600 points is ~8,000
 * characters and 602 elements at most; a monitor export is of the same order.
 */
export const WAVE_SVG_LIMITS = {
  /** Characters of the whole svg. */
  maxChars: 100_000,
  /** Elements in it, the root included. */
  maxElements: 1000,
  /** The root's width and height (px, or % up to 100). */
  maxDimension: 4000,
  /** Any coordinate or length in the viewBox and on a rect. */
  maxCoordinate: 100_000,
} as const;

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const PAINT = /^(none|currentColor|#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|rgba?\(\s*[\d.%]+\s*(,\s*[\d.%]+\s*){2,3}\))$/;

const num = (v: string, max: number, min = -max): boolean => {
  const t = v.trim();
  if (!NUMBER.test(t)) return false;
  const n = Number(t);
  return Number.isFinite(n) && n >= min && n <= max;
};
const coordinate = (v: string): boolean => num(v, WAVE_SVG_LIMITS.maxCoordinate);
const length = (v: string): boolean => num(v, WAVE_SVG_LIMITS.maxCoordinate, 0);
const opacity = (v: string): boolean => num(v, 1, 0);
const oneOf =
  (...values: string[]) =>
  (v: string): boolean =>
    values.includes(v.trim());

/** The root's width or height: a number of px (at most maxDimension), or a percentage up to 100. */
function dimension(v: string): boolean {
  const t = v.trim();
  if (t.endsWith('%')) return num(t.slice(0, -1), 100, 0);
  return num(t.endsWith('px') ? t.slice(0, -2) : t, WAVE_SVG_LIMITS.maxDimension, 0);
}

/** Four numbers, a positive width and height, all within maxCoordinate. */
function viewBox(v: string): boolean {
  const parts = v.trim().split(/[\s,]+/);
  if (parts.length !== 4 || !parts.every(coordinate)) return false;
  return Number(parts[2]) > 0 && Number(parts[3]) > 0;
}

const PRESENTATION: Record<string, (v: string) => boolean> = {
  fill: (v) => PAINT.test(v.trim()),
  stroke: (v) => PAINT.test(v.trim()),
  'stroke-width': length,
  'stroke-linecap': oneOf('butt', 'round', 'square'),
  'stroke-linejoin': oneOf('miter', 'round', 'bevel'),
  'stroke-dasharray': (v) => v.trim() === 'none' || /^[\d.\s,]{1,200}$/.test(v),
  'stroke-opacity': opacity,
  'fill-opacity': opacity,
  'fill-rule': oneOf('nonzero', 'evenodd'),
  opacity,
};

/**
 * [CD12] The attributes each wave svg element may carry, with the test its value must pass:
 * geometry and paint only. No `style`, no event handler, no `href` or `xlink:href`, no class
 * or id; paint is a colour (never a url()).
 */
export const WAVE_SVG_ATTRIBUTES: Record<WaveSvgElement, Record<string, (value: string) => boolean>> = {
  svg: {
    xmlns: (v) => v === SVG_NAMESPACE,
    viewBox,
    width: dimension,
    height: dimension,
    preserveAspectRatio: (v) => /^(none|x(Min|Mid|Max)Y(Min|Mid|Max))(\s+(meet|slice))?$/.test(v.trim()),
  },
  rect: {
    x: coordinate,
    y: coordinate,
    width: length,
    height: length,
    rx: length,
    ry: length,
    ...PRESENTATION,
  },
  path: {
    // Path data: commands and numbers only.
    d: (v) => /^[MmLlHhVvCcSsQqTtAaZz\d\s.,eE+-]*$/.test(v),
    ...PRESENTATION,
  },
};

/** Whether `element` may carry attribute `name` with `value` (CD12). */
export function isAllowedWaveSvgAttribute(element: string, name: string, value: string): boolean {
  if (!(WAVE_SVG_ELEMENTS as readonly string[]).includes(element)) return false;
  const test = WAVE_SVG_ATTRIBUTES[element as WaveSvgElement];
  return Object.hasOwn(test, name) && test[name]!(value);
}

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

/** Checks one parsed node and its children; counts elements in `seen`. */
function nodeIsSafe(node: Node, seen: { elements: number }): boolean {
  let element: string | null = null;
  for (const key of Object.keys(node)) {
    if (key === ':@' || key === '#text') continue;
    if (element !== null || !(WAVE_SVG_ELEMENTS as readonly string[]).includes(key)) return false;
    element = key;
  }
  if (element === null) {
    // Whitespace between elements only: no text, comment, CDATA or processing instruction.
    const text = node['#text'];
    return Object.keys(node).length === 1 && typeof text === 'string' && text.trim() === '';
  }
  if (++seen.elements > WAVE_SVG_LIMITS.maxElements) return false;
  const attrs = (node[':@'] ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value !== 'string' || !isAllowedWaveSvgAttribute(element, name, value)) return false;
  }
  const children = node[element];
  return Array.isArray(children) && children.every((child) => nodeIsSafe(child as Node, seen));
}

/**
 * [CD3] A wave's svg (spec 001 §5) must be well-formed XML whose single root is an svg element
 * and which contains only svg, rect and path elements (no text, comments, CDATA, processing
 * instructions or DOCTYPE) and no event-handler (on…) attributes. It is parsed, not matched.
 * [CD12] Every attribute is on the element's allowlist with a valid value (WAVE_SVG_ATTRIBUTES:
 * no style, href or event handler), and the svg stays within WAVE_SVG_LIMITS (length, element
 * count, width/height, viewBox). The length is checked before anything is parsed.
 */
export function isSafeWaveSvg(svg: unknown): boolean {
  if (typeof svg !== 'string' || svg.trim() === '' || svg.length > WAVE_SVG_LIMITS.maxChars) return false;
  if (svg.toUpperCase().includes('<!DOCTYPE')) return false;
  try {
    if (XMLValidator.validate(svg, { allowBooleanAttributes: true }) !== true) return false;
    const nodes = svgParser().parse(svg) as Node[];
    const roots = nodes.filter((n) => !('#text' in n && Object.keys(n).length === 1));
    const root = roots[0];
    return roots.length === 1 && root != null && 'svg' in root && nodes.every((n) => nodeIsSafe(n, { elements: 0 }));
  } catch {
    return false;
  }
}

/**
 * A safe wave svg as a data: URL for an <img> (the namespace added when the svg omits it, as an
 * svg image needs it), or null for an svg that is not safe. An svg shown this way runs no script,
 * loads nothing and cannot paint outside its box (issue 24 item 5).
 */
export function waveSvgDataUrl(svg: unknown): string | null {
  if (!isSafeWaveSvg(svg)) return null;
  const text = svg as string;
  const rootAttrs = svgParser().parse(text) as Node[];
  const root = rootAttrs.find((n) => 'svg' in n);
  const hasNamespace = root != null && typeof (root[':@'] as Record<string, unknown> | undefined)?.xmlns === 'string';
  const withNamespace = hasNamespace ? text : text.replace(/<svg(?=[\s/>])/, `<svg xmlns="${SVG_NAMESPACE}"`);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(withNamespace)}`;
}
