import { describe, expect, it } from 'vitest';
import { encodePng, pngFile } from '../images/png.js';
import { formMarkdownSchema } from './forms.js';
import { renderFormMarkdown, safeMarkdownUrl } from './markdown.js';

/** A small XSS corpus (issue 28): none of it may come out as markup that runs script. */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](java\tscript:alert(1))',
  '[html](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '[vb](vbscript:msgbox(1))',
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<div onclick="alert(1)">x</div>',
  '<<script>script>alert(1)<</script>/script>',
  '[x](" onmouseover="alert(1))',
];

/** What must never appear in rendered HTML: a tag that runs script, an event handler, a script URL. */
function dangerous(html: string): string[] {
  const found: string[] = [];
  if (/<\s*(script|iframe|svg|object|embed)/i.test(html)) found.push('tag');
  if (/<[^>]+\son[a-z]+\s*=/i.test(html)) found.push('handler');
  if (/<[^>]+\s(href|src)\s*=\s*"?\s*(javascript|vbscript|data:text|data:image\/svg)/i.test(html)) found.push('url');
  return found;
}

/** Web and Node both have btoa; shared/ compiles without their type libraries. */
const btoa = (globalThis as unknown as { btoa: (s: string) => string }).btoa;
const dataUrl = (bytes: Uint8Array): string => `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
const SMALL_PNG = dataUrl(encodePng(2, 2, () => [0, 0, 0]));

describe('form Markdown', () => {
  it('[PF4] renders headings, emphasis, lists, links and pasted images', () => {
    const html = renderFormMarkdown(
      `# Consent\n\n**Please** read.\n\n- one\n- two\n\n[site](https://example.com)\n\n![x](${SMALL_PNG})`,
    );
    expect(html).toContain('<h1>Consent</h1>');
    expect(html).toContain('<strong>Please</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="https://example.com">site</a>');
    expect(html).toContain(`<img src="${SMALL_PNG}" alt="x">`);
  });

  it('[PF4] lets no script, event handler, javascript: URL, data: HTML or svg onload through (XSS corpus)', () => {
    for (const attack of XSS_CORPUS) {
      const html = renderFormMarkdown(attack);
      expect({ attack, found: dangerous(html) }).toEqual({ attack, found: [] });
    }
    // Raw HTML is shown as text, not dropped silently.
    expect(renderFormMarkdown('<script>alert(1)</script>')).toContain('&lt;script&gt;');
  });

  it('[PF4] allows web, mail, phone, relative and raster data URLs only', () => {
    for (const ok of ['https://a.example/x', 'http://a.example', 'mailto:a@b.c', 'tel:+15551234', '#top', 'page/2']) {
      expect(safeMarkdownUrl(ok)).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'java\nscript:alert(1)',
      'vbscript:x',
      'file:///etc/passwd',
      'data:text/html,<script>alert(1)</script>',
      'data:image/svg+xml;base64,AAAA',
    ]) {
      expect(safeMarkdownUrl(bad)).toBe(false);
    }
    expect(safeMarkdownUrl(SMALL_PNG)).toBe(true);
  });

  it('[PF4][IM1] shows no data image that is damaged or past the form image bounds (2000 × 2000)', () => {
    const bomb = dataUrl(pngFile({ width: 20000, height: 20000, depth: 1, colour: 0 }, new Uint8Array(1)));
    expect(safeMarkdownUrl(bomb)).toBe(false);
    expect(safeMarkdownUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(false);
    expect(renderFormMarkdown(`![big](${bomb})`)).not.toContain('<img');
    expect(formMarkdownSchema.safeParse(`Sign below.\n\n![big](${bomb})`).error?.issues[0]?.message).toBe(
      'The image is too large: it may be at most 2000 × 2000 pixels.',
    );
    expect(formMarkdownSchema.safeParse(`Sign below.\n\n![ok](${SMALL_PNG})`).success).toBe(true);
  });

  it('[PF4] cuts the text at the editor limit of 100,000 characters', () => {
    const html = renderFormMarkdown(`${'a'.repeat(100_000)}TAIL`);
    expect(html).not.toContain('TAIL');
    expect(html.length).toBeGreaterThanOrEqual(100_000);
  });
});
