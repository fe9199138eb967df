import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { mantineThemeCss } from './mantineThemeCss.js';

describe('mantine-theme.css', () => {
  it("is the stylesheet MantineProvider would build for this app's theme (else run scripts/mantine-theme-css.ts)", () => {
    const file = readFileSync(new URL('./mantine-theme.css', import.meta.url), 'utf8');
    const css = mantineThemeCss();
    // The theme's own overrides are in it (a primary shade of this app's theme), and nothing else differs.
    expect(css).toContain('--mantine-color-red-6: #c92a2a');
    expect(css).toContain('.mantine-hidden-from-xl');
    expect(file).toBe(css);
  });
});
