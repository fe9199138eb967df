import { describe, expect, it } from 'vitest';
import { WAVE_SVG_LIMITS, isAllowedWaveSvgAttribute, isSafeWaveSvg, waveSvgDataUrl } from './wave-svg.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const strip = `<svg ${NS} viewBox="0 0 600 120" width="600" height="120"><rect x="0" y="0" width="600" height="120" fill="#ffffff"/><path d="M0 60 L10.5 20.25 L20 1e2" fill="none" stroke="#1971c2" stroke-width="1.5"/></svg>`;

describe('wave svg rules', () => {
  it('[CD3][CD12] accepts a captured strip: svg, rect and path with geometry and paint only', () => {
    expect(isSafeWaveSvg(strip)).toBe(true);
  });

  it.each([
    ['style attribute', `<svg ${NS}><path d="M0 0" style="position:fixed"/></svg>`],
    ['style on the root', `<svg ${NS} style="position:fixed;top:0;left:0;width:100vw;height:100vh"/>`],
    ['style element', `<svg ${NS}><style>*{display:none}</style></svg>`],
    ['class', `<svg ${NS}><rect class="x"/></svg>`],
    ['id', `<svg ${NS}><rect id="x"/></svg>`],
    ['href', `<svg ${NS}><path href="#x" d="M0 0"/></svg>`],
    ['xlink:href', `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink"><path xlink:href="#x"/></svg>`],
    ['use element', `<svg ${NS}><use href="#p"/></svg>`],
    ['image element', `<svg ${NS}><image href="https://example.org/x.png"/></svg>`],
    ['foreignObject', `<svg ${NS}><foreignObject><div>x</div></foreignObject></svg>`],
    ['a javascript: link', `<svg ${NS}><a href="javascript:alert(1)"><rect/></a></svg>`],
    ['paint as url()', `<svg ${NS}><rect fill="url(javascript:alert(1))"/></svg>`],
    ['paint as url(#)', `<svg ${NS}><rect fill="url(#g)"/></svg>`],
    ['script in path data', `<svg ${NS}><path d="javascript:alert(1)"/></svg>`],
    ['event handler', `<svg ${NS} onload="alert(1)"/>`],
    ['other namespace', '<svg xmlns="http://www.w3.org/1999/xhtml"/>'],
    ['huge width', `<svg ${NS} width="100000" height="120"/>`],
    ['huge height', `<svg ${NS} width="600" height="1e9"/>`],
    ['width in other units', `<svg ${NS} width="100cm"/>`],
    ['percentage over 100', `<svg ${NS} width="500%"/>`],
    ['viewBox of zero height', `<svg ${NS} viewBox="0 0 600 0"/>`],
    ['viewBox beyond the limit', `<svg ${NS} viewBox="0 0 1e7 120"/>`],
    ['viewBox of three numbers', `<svg ${NS} viewBox="0 0 600"/>`],
    ['rect beyond the limit', `<svg ${NS}><rect width="1e12" height="1"/></svg>`],
    ['negative length', `<svg ${NS}><rect width="-5" height="1"/></svg>`],
    ['boolean attribute', `<svg ${NS}><rect hidden/></svg>`],
  ])('[CD12] refuses %s', (_what, svg) => {
    expect(isSafeWaveSvg(svg)).toBe(false);
  });

  it('[CD12] refuses an svg longer than the limit before parsing it, and more elements than the limit', () => {
    // 100,000 characters: the limit; one more is refused.
    const pad = (n: number): string => `<svg ${NS}><path d="M0 0${' '.repeat(n)}"/></svg>`;
    const base = pad(0).length;
    expect(isSafeWaveSvg(pad(WAVE_SVG_LIMITS.maxChars - base))).toBe(true);
    expect(isSafeWaveSvg(pad(WAVE_SVG_LIMITS.maxChars - base + 1))).toBe(false);
    // 1 root + 999 paths = 1000 elements: allowed; one more is not.
    const many = (n: number): string => `<svg ${NS}>${'<path d="M0 0"/>'.repeat(n)}</svg>`;
    expect(isSafeWaveSvg(many(WAVE_SVG_LIMITS.maxElements - 1))).toBe(true);
    expect(isSafeWaveSvg(many(WAVE_SVG_LIMITS.maxElements))).toBe(false);
  });

  it.each([
    ['svg', 'width', '4000', true],
    ['svg', 'width', '4001', false],
    ['svg', 'width', '100%', true],
    ['svg', 'height', '120px', true],
    ['svg', 'viewBox', '0,0,600,120', true],
    ['svg', 'preserveAspectRatio', 'xMidYMid meet', true],
    ['path', 'stroke', 'rgb(25, 113, 194)', true],
    ['path', 'stroke', 'currentColor', true],
    ['path', 'stroke-linecap', 'round', true],
    ['path', 'stroke-linecap', 'url(x)', false],
    ['rect', 'opacity', '1.5', false],
    ['rect', 'd', 'M0 0', false],
    ['path', 'style', 'fill:red', false],
    ['path', 'constructor', 'x', false],
    ['g', 'fill', 'red', false],
  ])('[CD12] %s %s=%j allowed: %s', (element, name, value, ok) => {
    expect(isAllowedWaveSvgAttribute(element, name, value)).toBe(ok);
  });

  it('[CD12] shows a safe svg as a data: URL for an <img>, adding the namespace it needs; none for an unsafe one', () => {
    expect(decodeURIComponent(waveSvgDataUrl(strip)!.split(',').slice(1).join(','))).toBe(strip);
    const bare = waveSvgDataUrl('<svg viewBox="0 0 1 1"><path d="M0 0"/></svg>')!;
    expect(bare.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(bare.slice(bare.indexOf(',') + 1))).toBe(
      `<svg ${NS} viewBox="0 0 1 1"><path d="M0 0"/></svg>`,
    );
    expect(waveSvgDataUrl(`<svg ${NS} style="position:fixed"/>`)).toBeNull();
  });
});
