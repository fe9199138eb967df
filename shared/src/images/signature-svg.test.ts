import { describe, expect, it } from 'vitest';
import { signatureSvg, utf8ToBase64 } from '../orgs/baa.js';
import { IMAGE_BOUNDS } from './raster.js';
import { isPadSignatureSvg, isPadSignatureSvgData } from './signature-svg.js';

describe('signature SVG', () => {
  it("[IM4] accepts exactly what the pad's SVG writer makes", () => {
    const svg = signatureSvg('M 10 10 L 200.5 80 Q 1 2 3 4 Z');
    expect(isPadSignatureSvg(svg, IMAGE_BOUNDS.signature)).toBe(true);
    expect(isPadSignatureSvgData(utf8ToBase64(svg), IMAGE_BOUNDS.signature)).toBe(true);
  });

  it.each([
    ['a canvas past the signature bounds', signatureSvg('M 1 1 L 2 2', 20000, 20000)],
    ['a viewBox other than its canvas', signatureSvg('M 1 1').replace('viewBox="0 0 660 300"', 'viewBox="0 0 6 3"')],
    ['an image inside', signatureSvg('M 1 1').replace('<path', '<image href="data:image/png;base64,AAAA"/><path')],
    ['a script', `${signatureSvg('M 1 1').slice(0, -6)}<script>alert(1)</script></svg>`],
    ['a path with other characters', signatureSvg('M 1 1').replace('M 1 1', 'url(#x)')],
  ])('[IM4] refuses a signature SVG with %s', (_label, svg) => {
    expect(isPadSignatureSvg(svg, IMAGE_BOUNDS.signature)).toBe(false);
  });
});
